import TerminiClock
import TerminiFrames
import TerminiTemplate

/// What the inspector keeps of the app's activity: the latest setData diffs, bridge calls and frame timings, each in
/// a bounded ring so a long preview session holds a fixed amount. Written from the JS thread (bridge calls answered
/// there) and the UI thread, read by the pane and the socket on the UI thread, so it sits behind one lock.
final class InspectorLog: @unchecked Sendable {
    /// One `setData` or `spliceData` as the page's data received it.
    struct DataDiff {
        /// Milliseconds since the preview started.
        var at: Double
        var pageId: Int
        var page: String?
        var patches: [DataPatch]
    }

    /// One bridge call: what the script asked and what it was answered.
    struct BridgeCall {
        /// The script's callback id, which its answer names.
        var id: Int
        var at: Double
        var command: String
        var params: JSONValue
        /// The answer's envelope; nil while the call is pending.
        var answer: JSONValue?
        var ok: Bool?
        /// Milliseconds from the call to its answer.
        var milliseconds: Double?
    }

    /// How many of each kind of entry are kept.
    static let capacity = 200

    private struct Entries {
        var diffs: [DataDiff] = []
        var calls: [BridgeCall] = []
        var frames: [(at: Double, timing: FrameTiming)] = []
        var diffCount = 0
        var callCount = 0
        var frameCount = 0
        /// Counts every diff, call and answer, so a reader sees whether anything but a frame came in.
        var version = 0
    }

    private let entries = Locked(Entries())
    private let clock: MonotonicClock
    private let start: UInt64

    init(clock: MonotonicClock = .system) {
        self.clock = clock
        start = clock.now()
    }

    /// Milliseconds since the log was made.
    func millisecondsSinceStart(_ instant: UInt64? = nil) -> Double {
        Double(Int64(bitPattern: (instant ?? clock.now()) &- start)) / 1e6
    }

    /// `instant`s are the monotonic clock's nanoseconds, as the engine reports them.
    func recordDiff(pageId: Int, page: String?, patches: [DataPatch], at instant: UInt64) {
        let diff = DataDiff(at: millisecondsSinceStart(instant), pageId: pageId, page: page, patches: patches)
        entries.withLock { Self.append(diff, to: &$0.diffs); $0.diffCount += 1; $0.version += 1 }
    }

    func recordCall(id: Int, command: String, params: JSONValue, at instant: UInt64) {
        let call = BridgeCall(id: id, at: millisecondsSinceStart(instant), command: command, params: params)
        entries.withLock { e in
            Self.append(call, to: &e.calls)
            e.callCount += 1
            e.version += 1
        }
    }

    /// Fills in the answer of the newest unanswered call with `id` while it is still in the ring (a restarted app
    /// counts its ids from the start again).
    func recordAnswer(id: Int, answer: JSONValue, ok: Bool, at instant: UInt64) {
        let now = millisecondsSinceStart(instant)
        entries.withLock { e in
            guard let index = e.calls.lastIndex(where: { $0.id == id && $0.ok == nil }) else { return }
            e.version += 1
            e.calls[index].answer = answer
            e.calls[index].ok = ok
            e.calls[index].milliseconds = now - e.calls[index].at
        }
    }

    func recordFrame(_ timing: FrameTiming) {
        let at = millisecondsSinceStart(timing.rasterEnd)
        entries.withLock { Self.append((at, timing), to: &$0.frames); $0.frameCount += 1 }
    }

    /// Changes with every diff, call and answer recorded (not with frames).
    var version: Int { entries.withLock { $0.version } }
    var diffs: [DataDiff] { entries.withLock { $0.diffs } }
    var calls: [BridgeCall] { entries.withLock { $0.calls } }
    var frames: [(at: Double, timing: FrameTiming)] { entries.withLock { $0.frames } }
    /// How many of each were recorded since the start, including those the rings dropped.
    var totals: (diffs: Int, calls: Int, frames: Int) { entries.withLock { ($0.diffCount, $0.callCount, $0.frameCount) } }

    private static func append<Entry>(_ entry: Entry, to ring: inout [Entry]) {
        if ring.count >= capacity { ring.removeFirst(ring.count - capacity + 1) }
        ring.append(entry)
    }
}
