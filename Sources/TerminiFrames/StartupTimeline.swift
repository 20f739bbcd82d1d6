#if canImport(Glibc)
import Glibc
#endif
import TerminiClock

/// Where a process's start went, written to `--timings` before the first frame that shows the launch page: the CPU
/// time before `main` (the dynamic
/// loader and static initializers), then spans of the UI thread from `main` to the first frame's last byte, with the
/// script thread's own start (JavaScriptCore's context and the prelude, which overlaps the UI thread's work) beside
/// them. The CLI and the engine mark the steps as they pass them; a host that embeds the engine gets the spans from
/// the engine's creation on.
public final class StartupTimeline: Sendable {
    /// The steps a start passes, in order.
    public enum Mark: Int, CaseIterable, Sendable {
        case main, argumentsParsed, bundleLoaded, terminalReady, engineCreated, pageRequested
    }

    /// The process's timeline (one start per process).
    public static let process = StartupTimeline()

    private struct State {
        var marks: [Mark: UInt64] = [:]
        var cpuBeforeMain: UInt64?
        var written = false
    }

    private let state = Locked(State())
    private let clock: MonotonicClock

    public init(clock: MonotonicClock = .system) { self.clock = clock }

    /// Marks `main`, with the CPU time the process used before it: single-threaded until then, so about its wall time.
    public func markMain() {
        var cpu = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &cpu)
        let before = UInt64(cpu.tv_sec) * 1_000_000_000 + UInt64(cpu.tv_nsec)
        state.withLock { $0.cpuBeforeMain = $0.cpuBeforeMain ?? before }
        mark(.main)
    }

    /// Records `mark` the first time it is passed (a restart after `applyUpdate` keeps the first start's).
    public func mark(_ mark: Mark) {
        let now = clock.now()
        state.withLock { if $0.marks[mark] == nil { $0.marks[mark] = now } }
    }

    /// The startup line once, for the first frame that shows the launch page: nil after the first call, so later
    /// frames and engines add none.
    public func takeJSONLine(firstFrame: FrameTiming, scriptStart: Duration?) -> String? {
        let snapshot = state.withLock { state -> State? in
            guard !state.written else { return nil }
            state.written = true
            return state
        }
        guard let snapshot else { return nil }
        let marks = snapshot.marks
        func span(_ from: Mark, _ to: Mark) -> String {
            guard let start = marks[from], let end = marks[to] else { return "null" }
            return JSONNumber.milliseconds(FrameTiming.span(from: start, to: end))
        }
        var line = "{\"startup\":{"
        line += "\"before_main_ms\":\(snapshot.cpuBeforeMain.map(JSONNumber.milliseconds) ?? "null")"
        line += ",\"arguments_ms\":\(span(.main, .argumentsParsed))"
        line += ",\"bundle_load_ms\":\(span(.argumentsParsed, .bundleLoaded))"
        line += ",\"terminal_ms\":\(span(.bundleLoaded, .terminalReady))"
        line += ",\"engine_ms\":\(span(.terminalReady, .engineCreated))"
        let pageLoad = marks[.pageRequested].map { FrameTiming.span(from: $0, to: firstFrame.buildStart) }
        line += ",\"page_load_ms\":\(pageLoad.map(JSONNumber.milliseconds) ?? "null")"
        line += ",\"first_layout_ms\":\(JSONNumber.milliseconds(firstFrame.buildNanoseconds))"
        line += ",\"first_write_ms\":\(JSONNumber.milliseconds(firstFrame.rasterNanoseconds))"
        let script = scriptStart.map { UInt64(clamping: $0.components.seconds) * 1_000_000_000
            + UInt64(clamping: $0.components.attoseconds / 1_000_000_000) }
        line += ",\"script_start_ms\":\(script.map(JSONNumber.milliseconds) ?? "null")"
        // From `main` (or the engine's creation, for a host) to the first frame's last byte, plus the time before.
        let origin = marks[.main] ?? marks[.engineCreated]
        let afterMain = origin.map { FrameTiming.span(from: $0, to: firstFrame.rasterEnd) }
        let total = afterMain.map { $0 + (snapshot.cpuBeforeMain ?? 0) }
        line += ",\"total_ms\":\(total.map(JSONNumber.milliseconds) ?? "null")}}"
        return line
    }
}
