#if canImport(Glibc)
import Glibc
#endif
import Foundation
import TerminiClock
import TerminiFrames
import TerminiRuntime
import TerminiTerminal
import TerminiUI

/// The keyed-list benchmark in process: the bench app runs in a `MiniAppEngine` whose ncurses writes to a
/// pty of its own; every operation goes through the page's `onKey` exactly as a key press does, and every screen
/// that reaches the pty is replayed into a `VTScreen` and checked against `KeyedListModel`.
public final class KeyedListBench {
    /// What to run.
    public struct Options: Sendable {
        public var keys: [String] = ["1", "2", "3", "4", "5", "6", "7", "8", "9"]
        public var rows = 1000
        public var runs = 15
        public var warmups = 5
        public var width = 120
        public var height = 40
        /// The bench app's page to open (`components` for the component operation).
        public var page: String?
        /// Keep a flight recorder, as `termini run` does by default (`termini bench --recorder`): its cost.
        public var recorder = false
        public init() {}
    }

    /// One measured run of an operation. Times in milliseconds.
    public struct Sample: Sendable {
        /// Key dispatched → the setData patches are on the UI thread: the JS handler, setData's diff and
        /// serialization, and the hand-off to the UI thread (the JS thread cannot be timed apart from outside).
        public var script: Double
        /// Applying the patches to the page data and marking dirty elements.
        public var apply: Double
        /// Rebuilding dirty elements, keyed reconcile and layout.
        public var build: Double
        /// Paint, diff, ncurses and the write to the pty.
        public var raster: Double
        /// Key dispatched → the frame's last byte written to the pty.
        public var endToEnd: Double
        public var bytes: Int
        public var cells: Int
        public var inserted: Int
        public var removed: Int
        public var moved: Int
        public var rssMegabytes: Double
    }

    /// Every measured run of one operation.
    public struct Result: Sendable {
        public var op: String
        public var samples: [Sample]
    }

    /// The protocol's operation names by key.
    public static let operationNames = [
        "1": "01_create_1k", "2": "02_replace_all", "3": "03_update_every_10th", "4": "04_select", "5": "05_swap",
        "6": "06_remove", "7": "07_create_10k", "8": "08_append_1k", "9": "09_clear",
    ]
    /// Extra operations by name: scrolling a 10x list by a line and a page (timed through the widget tree's own key
    /// handling, no JS involved).
    public static let scrollOperations = ["scroll"]
    /// Row the `tap` operation clicks: a click on a row's text runs its `.onTap` handler, which selects the row.
    static let tappedRows = [3, 7]

    /// The untimed step before each operation: clear before the creates, create 1k before the rest.
    static func precondition(of key: String) -> String { key == "1" || key == "7" ? "9" : "1" }

    let options: Options
    let engine: MiniAppEngine
    let backend: NcursesBackend
    let pty: BenchPseudoTerminal
    private var screen: VTScreen
    var model: KeyedListModel
    private var fed = 0
    private var errors: [String] = []
    private let errorLock = NSLock()
    let clock = MonotonicClock.system

    /// Starts the bench app from `bundle` in a fresh pty and waits for its first frame.
    public init(bundle: LoadedBundle, options: Options) throws {
        self.options = options
        pty = try BenchPseudoTerminal(width: options.width, height: options.height)
        do {
            backend = try NcursesBackend(input: pty.slave, output: pty.slave, term: "xterm-256color", mouse: false)
        } catch {
            throw BenchError("cannot start ncurses on the bench pty: \(error)")
        }
        screen = VTScreen(width: options.width, height: options.height)
        model = KeyedListModel(count: options.rows)
        var engineOptions = EngineOptions()
        engineOptions.storeDirectory = nil
        engineOptions.scriptLimit = .seconds(10)
        // A million rows are a few hundred MB of JS heap: the bench is not an app to protect the host from.
        engineOptions.scriptMemoryLimit = nil
        engineOptions.stallThreshold = .seconds(30)
        let box = ErrorBox()
        engineOptions.console = { line in if line.hasPrefix("[error]") || line.hasPrefix("[warn]") { box.append(line) } }
        errorBox = box
        if options.recorder { engineOptions.activityObservers = [FlightRecorder(target: "bench")] }
        engine = try MiniAppEngine(bundle: bundle, backend: backend, options: engineOptions)
        engine.start(page: options.page, query: ["rows": String(options.rows)])
        let deadline = clock.now() + 10_000_000_000
        while !engine.screenText.contains("rows: 0") {
            if let problem = box.first { throw BenchError("the bench app failed to start: \(problem)") }
            if clock.now() > deadline { throw BenchError("the bench app showed no first frame within 10 s") }
            engine.step(maxWaitMilliseconds: 5)
        }
        // Everything written so far (terminal set-up and the first frame) is the baseline; from now on every byte
        // comes from a frame, so the bench knows exactly how many bytes must be read back before checking. A quiet
        // spell alone is not proof that the first frame was read back: on a loaded machine the reader thread can
        // wait longer than that for a core, so the bytes read are also replayed until they show the frame.
        repeat {
            pty.waitForQuiet(quietMilliseconds: 50)
            var probe = VTScreen(width: options.width, height: options.height)
            probe.feed(pty.bytes(from: 0))
            if probe.line(0).contains("rows: 0") { break }
        } while clock.now() < deadline
        expectedBytes = pty.byteCount
        try settleAndCheck(after: "start")
    }

    /// Bytes the pty must have delivered once every presented frame has been read back.
    private var expectedBytes = 0

    private let errorBox: ErrorBox

    /// Stops the engine and ncurses and closes the pty.
    public func close() {
        engine.stop()
        backend.shutdown()
        pty.close()
    }

    /// Runs every operation of `options.keys`: warm-ups, then measured runs, each after its untimed precondition.
    /// Throws on the first wrong screen or script error.
    public func runAll(progress: (String) -> Void = { _ in }) throws -> [Result] {
        var results: [Result] = []
        for key in options.keys {
            if key == "resize" {
                results += try runResize(progress: progress)
                continue
            }
            if key == "theme" {
                results.append(try runThemeSwitch(progress: progress))
                continue
            }
            if key == "scroll" {
                results += try runScroll(progress: progress)
                continue
            }
            if key == "biglist" { continue }  // after the others: `runBigList`
            if key == "tap" {
                results += try runTap(progress: progress)
                continue
            }
            guard let name = Self.operationNames[key] else { throw BenchError("unknown operation '\(key)' (use 1-9)") }
            progress(name)
            var samples: [Sample] = []
            for run in 0..<(options.warmups + options.runs) {
                let before = Self.precondition(of: key)
                // Clearing an empty list changes no data, so the script sends nothing and no frame follows.
                if !(before == "9" && model.rows.isEmpty) {
                    _ = try perform(before, label: "\(name) precondition, run \(run + 1)")
                }
                let sample = try perform(key, label: "\(name), run \(run + 1)")
                if run >= options.warmups { samples.append(sample) }
            }
            results.append(Result(op: name, samples: samples))
        }
        return results
    }

    /// Moves the list's current row by one within the view (Down, `cursor_1_row`), scrolls the list of 10x rows by
    /// one line (Down with the current row on the view's last row) and one page (PageDown), each timed from the key
    /// to the last byte and checked, current row included, then returns to the top (Home, untimed).
    private func runScroll(progress: (String) -> Void) throws -> [Result] {
        progress("cursor_1_row, scroll_1_line, scroll_1_page")
        _ = try perform("7", label: "scroll precondition")
        var cursor: [Sample] = [], line: [Sample] = [], page: [Sample] = []
        let pageRows = options.height - 1
        for run in 0..<(options.warmups + options.runs) {
            let (c, l, p) = try navigate(pageRows: pageRows, label: "run \(run + 1)")
            if run >= options.warmups { cursor.append(c); line.append(l); page.append(p) }
        }
        return [Result(op: "cursor_1_row", samples: cursor), Result(op: "scroll_1_line", samples: line),
                Result(op: "scroll_1_page", samples: page)]
    }

    /// From the top of a focused list of `pageRows` visible rows (Home first, untimed): Down moves the current row within the view; untimed,
    /// it goes on to the view's last row; then Down scrolls by a line and PageDown by a page; Home goes back.
    func navigate(pageRows: Int, label: String) throws -> (cursor: Sample, line: Sample, page: Sample) {
        // The current row follows its row through the edits before (a row removed and put back above it): to the top.
        _ = try performNavigation(.home, label: "to the top, \(label)", offset: 0, cursor: 0)
        let c = try performNavigation(.down, label: "cursor_1_row, \(label)", offset: 0, cursor: 1)
        for _ in 2..<max(2, pageRows - 1) { engine.handle(.key(.down)) }
        _ = try performNavigation(.down, label: "current row to the view's last row, \(label)", offset: 0, cursor: pageRows - 1)
        let l = try performNavigation(.down, label: "scroll_1_line, \(label)", offset: 1, cursor: pageRows)
        let p = try performNavigation(.pageDown, label: "scroll_1_page, \(label)", offset: 1 + pageRows, cursor: 2 * pageRows)
        _ = try performNavigation(.home, label: "scroll back to the top, \(label)", offset: 0, cursor: 0)
        return (c, l, p)
    }

    /// Clicks a row of a 1k list, alternating between two rows so every click changes the selection, each timed
    /// from the click to the last byte of the frame that shows the row selected (through `.onTap`, the script and
    /// `setData`).
    private func runTap(progress: (String) -> Void) throws -> [Result] {
        progress("tap_row")
        if model.rows.isEmpty { _ = try perform("1", label: "tap precondition") }
        var samples: [Sample] = []
        for run in 0..<(options.warmups + options.runs) {
            let row = Self.tappedRows[run % Self.tappedRows.count]
            // Row 0 of the screen is the header.
            let sample = try perform(.mouse(MouseEvent(x: 2, y: 1 + row, kind: .press)), label: "tap_row, run \(run + 1)") {
                $0.select(rowAt: row)
            }
            if run >= options.warmups { samples.append(sample) }
        }
        return [Result(op: "tap_row", samples: samples)]
    }

    /// Resizes the pty 120×40 → 80×24 → 200×60 → back to the start size, each frame timed from the engine learning
    /// the new size to the last byte of the repainted screen.
    private func runResize(progress: (String) -> Void) throws -> [Result] {
        progress("resize")
        if model.rows.isEmpty { _ = try perform("1", label: "resize precondition") }
        let sizes = [(80, 24), (200, 60), (options.width, options.height)]
        var samples = Array(repeating: [Sample](), count: sizes.count)
        for run in 0..<(options.warmups + options.runs) {
            for (i, size) in sizes.enumerated() {
                let label = "resize to \(size.0)x\(size.1), run \(run + 1)"
                usleep(20_000)
                pty.setSize(width: size.0, height: size.1)
                screen.resize(width: size.0, height: size.1)
                let start = clock.now()
                guard let event = backend.checkForResize() else { throw BenchError("\(label): ncurses saw no new size") }
                let frame = try frameAfter(event, label: label)
                // ncurses may write part of a resize (the clear) outside any frame: resynchronize the byte count.
                pty.waitForQuiet(quietMilliseconds: 30)
                expectedBytes = max(expectedBytes + frame.bytes, pty.byteCount)
                try settleAndCheck(after: label)
                if run >= options.warmups {
                    samples[i].append(Sample(
                        script: 0, apply: 0, build: Double(frame.buildNanoseconds) / 1e6,
                        raster: Double(frame.rasterNanoseconds) / 1e6,
                        endToEnd: frame.rasterEnd > start ? Double(frame.rasterEnd - start) / 1e6 : 0, bytes: frame.bytes,
                        cells: frame.cells, inserted: 0, removed: 0, moved: 0, rssMegabytes: Self.residentMegabytes()))
                }
            }
        }
        return zip(sizes, samples).map { Result(op: "resize_\($0.0.0)x\($0.0.1)", samples: $0.1) }
    }

    /// Switches the whole screen of a 1k list between the app's theme and a dark one (`t`: the script's
    /// `setTheme`), each timed from the key to the last byte of the frame repainted in the other theme; the list's
    /// text and selection are checked after each as for every operation.
    private func runThemeSwitch(progress: (String) -> Void) throws -> Result {
        progress("theme_switch")
        if model.rows.isEmpty { _ = try perform("1", label: "theme precondition") }
        var samples: [Sample] = []
        for run in 0..<(options.warmups + options.runs) {
            let sample = try perform(.key(.character("t")), label: "theme_switch, run \(run + 1)") { _ in }
            if run >= options.warmups { samples.append(sample) }
        }
        return Result(op: "theme_switch", samples: samples)
    }

    /// Runs the engine's loop with no input for `milliseconds`, as between a user's keys: it builds rows ahead
    /// then. A frame written meanwhile (none is expected) counts towards the bytes the screen check waits for.
    private func idle(milliseconds: Int) {
        engine.onFrame = { [unowned self] in expectedBytes += $0.bytes }
        defer { engine.onFrame = nil }
        let end = clock.now() + UInt64(milliseconds) * 1_000_000
        while case let now = clock.now(), now < end {
            engine.step(maxWaitMilliseconds: max(1, Int((end - now) / 1_000_000)))
        }
    }

    /// Hands `event` to the engine as its loop's poll would, and steps it until the frame that follows is written.
    private func frameAfter(_ event: InputEvent, label: String) throws -> FrameTiming {
        var frame: FrameTiming?
        engine.onFrame = { frame = $0 }
        defer { engine.onFrame = nil }
        engine.step(handling: event)
        let deadline = clock.now() + 30_000_000_000
        while frame == nil {
            if clock.now() > deadline { throw BenchError("\(label): no frame within 30 s") }
            engine.step(maxWaitMilliseconds: 2)
        }
        return frame!
    }

    /// Presses a navigation key (handled by the widget tree, no JS), renders the frame and checks the screen
    /// against the model scrolled by `offset` rows.
    func performNavigation(_ key: Key, label: String, offset: Int, cursor: Int? = nil) throws -> Sample {
        idle(milliseconds: 20)
        let start = clock.now()
        let frame = try frameAfter(.key(key), label: label)
        expectedBytes += frame.bytes
        try settleAndCheck(after: label, offset: offset, cursor: cursor)
        return Sample(script: 0, apply: 0, build: Double(frame.buildNanoseconds) / 1e6,
                      raster: Double(frame.rasterNanoseconds) / 1e6,
                      endToEnd: frame.rasterEnd > start ? Double(frame.rasterEnd - start) / 1e6 : 0, bytes: frame.bytes,
                      cells: frame.cells, inserted: 0, removed: 0, moved: 0, rssMegabytes: Self.residentMegabytes())
    }

    /// Presses `key` through the page's onKey, renders the resulting frame and checks the screen.
    func perform(_ key: String, label: String) throws -> Sample {
        guard let character = key.first else { throw BenchError("no key to press") }
        return try perform(.key(.character(character)), label: label) { $0.apply(key: key) }
    }

    /// Hands `input` to the engine, waits for the script's setData, renders the resulting frame and checks the screen
    /// against the model changed by `change`.
    func perform(_ input: InputEvent, label: String, change: (inout KeyedListModel) -> Void) throws -> Sample {
        guard let top = engine.stack.last else { throw BenchError("no page to drive") }
        // A frame less than a budget after the previous one would wait for the frame clock: start on a fresh budget.
        idle(milliseconds: 20)
        var frame: FrameTiming?
        engine.onFrame = { frame = $0 }
        let start = clock.now()
        engine.handle(input)
        let deadline = start + 30_000_000_000
        while !engine.hasScriptMessages {
            if clock.now() > deadline { throw BenchError("\(label): the script sent no setData within 30 s") }
            sched_yield()
        }
        let arrived = clock.now()
        engine.applyScriptMessages()
        let applied = clock.now()
        let stats = top.view.build(size: backend.size)
        let built = clock.now()
        while frame == nil {
            if clock.now() > deadline { throw BenchError("\(label): no frame within 30 s") }
            engine.step(maxWaitMilliseconds: 2)
        }
        engine.onFrame = nil
        guard let frame else { throw BenchError("\(label): no frame") }
        expectedBytes += frame.bytes
        change(&model)
        try settleAndCheck(after: label + " (the frame handed \(frame.cells) cells to ncurses, which wrote \(frame.bytes) bytes)")
        func ms(_ from: UInt64, _ to: UInt64) -> Double { to > from ? Double(to - from) / 1e6 : 0 }
        return Sample(
            script: ms(start, arrived), apply: ms(arrived, applied),
            build: ms(applied, built) + Double(frame.buildNanoseconds) / 1e6, raster: Double(frame.rasterNanoseconds) / 1e6,
            endToEnd: ms(start, frame.rasterEnd), bytes: frame.bytes, cells: frame.cells, inserted: stats.inserted,
            removed: stats.removed, moved: stats.moved, rssMegabytes: Self.residentMegabytes())
    }

    /// Reads back everything written so far, replays it into the VT screen and compares it with the model.
    private func settleAndCheck(after label: String, offset: Int = 0, cursor: Int? = nil) throws {
        if let problem = errorBox.first { throw BenchError("\(label): the bench app reported \(problem)") }
        if !pty.waitForBytes(expectedBytes) {
            throw BenchError("\(label): the pty delivered \(pty.byteCount) bytes, the frames wrote \(expectedBytes)")
        }
        let fresh = pty.bytes(from: fed)
        fed += fresh.count
        screen.feed(fresh)
        if let mismatch = model.mismatch(on: screen, scrolledBy: offset, cursor: cursor) {
            let shown = fresh.prefix(400).map { b in
                b == 0x1B ? "\\e" : (b >= 0x20 && b < 0x7F ? String(UnicodeScalar(b)) : "\\x" + String(b, radix: 16))
            }.joined()
            throw BenchError("wrong screen after \(label): \(mismatch)\n  the frame's bytes: \(shown)")
        }
    }

    /// Resident set size of this process, from /proc/self/statm.
    static func residentMegabytes() -> Double {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
        let fields = text.split(separator: " ")
        guard fields.count > 1, let pages = Double(fields[1]) else { return 0 }
        return pages * Double(sysconf(Int32(_SC_PAGESIZE))) / 1_048_576
    }
}

/// Script errors and warnings reported by the engine's console, collected across threads.
final class ErrorBox: @unchecked Sendable {
    private let lock = NSLock()
    private var lines: [String] = []
    func append(_ line: String) { lock.lock(); lines.append(line); lock.unlock() }
    var first: String? { lock.lock(); defer { lock.unlock() }; return lines.first }
}
