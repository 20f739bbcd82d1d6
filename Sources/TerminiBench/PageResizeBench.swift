#if canImport(Glibc)
import Glibc
#endif
import TerminiClock
import TerminiRuntime

/// Any app's first page resized as a user drags a window: 120×40 → 80×24 → 200×60 → back, each timed from the engine
/// reading the new size to the last byte of the repainted screen (issue 35's "a resize of a gallery page"). Every
/// screen must fill the new size, and the page back at 120×40 must show what it showed before it was resized, so a
/// page that changes by itself (a clock) cannot be measured here.
public final class PageResizeBench: PtyBench {
    static let start = (width: 120, height: 40)
    static let sizes = [(width: 80, height: 24), (width: 200, height: 60), start]

    private let bench: BenchEngine
    private let clock = MonotonicClock.system
    /// The page at 120×40 before any resize.
    private let firstScreen: String

    public init(bundle: LoadedBundle) throws {
        bench = try BenchEngine(bundle, name: "page resize bench", width: Self.start.width, height: Self.start.height)
        try bench.waitForScreen("first frame") { !$0.allSatisfy(\.isWhitespace) }
        // Data an onLoad or onReady sets lands in the frames after the first: let them come before the reference.
        let settle = clock.now() + 300_000_000
        while clock.now() < settle { bench.engine.step(maxWaitMilliseconds: 10) }
        firstScreen = bench.engine.screenText
    }

    public func close() { bench.close() }

    public func run(runs: Int, warmups: Int, progress: (String) -> Void) throws -> [TimedOperation] {
        var samples = Array(repeating: [Double](), count: Self.sizes.count)
        for run in 0..<(warmups + runs) {
            progress("page resize: run \(run + 1) of \(warmups + runs)")
            for (i, size) in Self.sizes.enumerated() {
                let label = "resize to \(size.width)x\(size.height), run \(run + 1)"
                usleep(20_000)
                bench.pty.setSize(width: size.width, height: size.height)
                let start = clock.now()
                guard let event = bench.backend.checkForResize() else { throw BenchError("page resize bench: \(label): ncurses saw no new size") }
                let ms = try bench.timedInput(event, label, since: start) { Self.fills($0, width: size.width, height: size.height) }
                if size == Self.start, bench.engine.screenText != firstScreen {
                    throw BenchError("page resize bench: \(label): back at \(size.width)x\(size.height) the page shows\n\(bench.engine.screenText)\nnot what it showed before\n\(firstScreen)")
                }
                if run >= warmups { samples[i].append(ms) }
            }
        }
        return zip(Self.sizes, samples).map { TimedOperation(op: "page_resize_\($0.0.width)x\($0.0.height)", milliseconds: $0.1) }
    }

    /// Whether `screen` is a drawn page of exactly `width`×`height` cells.
    static func fills(_ screen: String, width: Int, height: Int) -> Bool {
        let lines = screen.split(separator: "\n", omittingEmptySubsequences: false)
        return lines.count == height && lines.allSatisfy { $0.count <= width }
            && !screen.allSatisfy(\.isWhitespace)
    }
}
