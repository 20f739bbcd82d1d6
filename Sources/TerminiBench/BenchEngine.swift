import TerminiClock
import TerminiFrames
import TerminiRuntime
import TerminiTerminal
import TerminiUI

/// The engine a pty bench drives: ncurses on the bench's own pty (no mouse, the bench sends keys only) and an engine
/// with the limits a long measured run needs (no storage, a 10 s script limit, no memory limit, no stall reports
/// under 30 s), started at its first page; and the two things every such bench does with it: hand in one input as
/// the loop's poll would and time it to the frame that shows its result, and wait for a screen.
final class BenchEngine {
    let engine: MiniAppEngine
    let backend: NcursesBackend
    let pty: BenchPseudoTerminal
    /// The bench's name, for its errors ("table bench: …").
    private let name: String
    private let clock = MonotonicClock.system

    init(_ bundle: LoadedBundle, name: String, width: Int, height: Int) throws {
        self.name = name
        pty = try BenchPseudoTerminal(width: width, height: height)
        do {
            backend = try NcursesBackend(input: pty.slave, output: pty.slave, term: "xterm-256color", mouse: false)
        } catch {
            pty.close()
            throw BenchError("cannot start ncurses on the bench pty: \(error)")
        }
        var options = EngineOptions()
        options.storeDirectory = nil
        options.scriptLimit = .seconds(10)
        options.scriptMemoryLimit = nil
        options.stallThreshold = .seconds(30)
        engine = try MiniAppEngine(bundle: bundle, backend: backend, options: options)
        engine.start()
    }

    func close() {
        engine.stop()
        backend.shutdown()
        pty.close()
    }

    /// Hands `event` to the engine and returns the milliseconds to the last byte of the first frame whose screen
    /// satisfies `shows`, counted from `since` (a clock reading taken before the event was read) or from now.
    func timedInput(_ event: InputEvent, _ label: String, since: UInt64? = nil, until shows: (String) -> Bool) throws -> Double {
        let start = since ?? clock.now()
        var first: FrameTiming?
        engine.onFrame = { first = $0 }
        engine.step(handling: event)
        engine.onFrame = nil
        let shown = try first.flatMap { shows(engine.screenText) ? $0 : nil } ?? waitForScreen(label, shows)
        return Double(shown.rasterEnd - start) / 1e6
    }

    /// Steps the engine until a frame leaves a screen that satisfies `shows`, and returns that frame's timing. The
    /// screen is read only after a frame (reading it takes about 0.1 ms, which would otherwise delay the frame).
    @discardableResult
    func waitForScreen(_ label: String, _ shows: (String) -> Bool) throws -> FrameTiming {
        var frame: FrameTiming?
        engine.onFrame = { frame = $0 }
        defer { engine.onFrame = nil }
        let deadline = clock.now() + 60_000_000_000
        while true {
            if let shown = frame {
                if shows(engine.screenText) { return shown }
                frame = nil
            }
            if clock.now() > deadline { throw BenchError("\(name): \(label): the screen never showed it:\n\(engine.screenText)") }
            engine.step(maxWaitMilliseconds: 1)
        }
    }
}

/// One measured operation of a pty bench: its runs' input-to-screen times in milliseconds.
public struct TimedOperation: Sendable {
    public var op: String
    public var milliseconds: [Double]
}

/// A bench that drives an engine through its own pty (the table and text benches): run it once, then close it.
public protocol PtyBench: AnyObject {
    /// Times each operation `runs` times after `warmups`, reporting each step to `progress`.
    func run(runs: Int, warmups: Int, progress: (String) -> Void) throws -> [TimedOperation]
    /// Stops the engine and gives the pty back.
    func close()
}
