import Foundation
import TerminiBridge
import TerminiClock
import TerminiScript
import TerminiTerminal
import TerminiUI

/// `termini replay`: plays a trace headless against an app and compares every frame with the recorded one.
///
/// The UI thread's steps are repeated in the recorded order: each input as the app received it, each batch of
/// script messages (waiting until the script has posted that many), each frame. The script sees the recorded
/// clock reads, the recorded seed for `Math.random`, and the recorded answers in place of storage, the network and
/// system info, so it posts the same messages; the frames then match byte for byte unless the engine changed.
public final class TraceReplay {
    /// Where a replay first drew something else than the recording.
    public struct Difference: Sendable {
        /// The frame's number in the recording (1 for the first).
        public var frame: Int
        /// The input just before it, in the events files' words (`key Enter`); nil before any input.
        public var inputBefore: String?
        /// The recorded screen's text and the replay's.
        public var expected: String
        public var actual: String
        /// `- row N |recorded` / `+ row N |replayed` lines for each row whose text differs (none: the styles differ).
        public var diff: [String]
    }

    /// What a replay found.
    public struct Outcome: Sendable {
        /// Frames replayed and compared, and the recording's total.
        public var framesCompared: Int
        public var framesRecorded: Int
        /// The first frame that differs; nil when all matched.
        public var difference: Difference?
        /// Why the replay could not go on (the script posted fewer messages than the recording applied).
        public var problem: String?
        /// The replay's console (script logs and errors).
        public var console: [String]

        public var passed: Bool { difference == nil && problem == nil }
    }

    /// One step of a replay as `--interactive` shows it: the screen after it, and the data changes since the
    /// previous step's input.
    public struct Checkpoint: Sendable {
        public var input: String?
        public var screen: String
        public var dataChanges: [String]
    }

    private let recording: TraceRecording
    private let bundle: LoadedBundle
    /// How long to wait for the script to post a batch's messages (a loaded machine can be slow).
    public var messageTimeout: Duration = .seconds(30)

    public init(recording: TraceRecording, bundle: LoadedBundle) {
        self.recording = recording
        self.bundle = bundle
    }

    /// Replays the whole trace, stopping at the first frame that differs. `checkpoint` receives the screen after
    /// each input's effects (just before the next input) and at the end.
    public func run(checkpoint: ((Checkpoint) -> Void)? = nil) throws -> Outcome {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("termini-replay-\(getpid())-\(UInt32.random(in: 0 ... .max))").path
        try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let console = ReplayConsole()
        let frames = ReplayedFrames()
        let clockReads = RecordedClock(reads: recording.clockReads)
        let answers = recording.answers
        var options = EngineOptions()
        options.storeDirectory = scratch
        options.framesPerSecond = 1000
        options.randomSeed = recording.start.randomSeed
        options.dateNow = { clockReads.next() }
        options.recordedAnswers = { answers[$0.callbackId] }
        options.activityObservers = [frames]
        options.console = { console.append($0) }
        let backend = HeadlessBackend(width: recording.start.width, height: recording.start.height)
        let engine = try MiniAppEngine(bundle: bundle, backend: backend, options: options)
        defer { engine.stop() }
        engine.start(page: recording.start.page, query: recording.start.query)

        var expected = RecordedScreen()
        var lastInput: String?
        var changes: [String] = []
        var compared = 0
        let recorded = recording.steps.reduce(0) { if case .frame = $1 { $0 + 1 } else { $0 } }
        func outcome(difference: Difference? = nil, problem: String? = nil) -> Outcome {
            Outcome(framesCompared: compared, framesRecorded: recorded, difference: difference, problem: problem,
                    console: console.lines)
        }
        for step in recording.steps {
            switch step {
            case .input(let input, _):
                checkpoint?(Checkpoint(input: lastInput, screen: engine.screenText, dataChanges: changes))
                changes = []
                lastInput = Self.describe(input)
                engine.handleRecorded(input)
            case .batch(let count):
                let deadline = MonotonicClock.now() &+ MonotonicClock.nanoseconds(messageTimeout)
                while engine.waitingScriptMessages < count, MonotonicClock.now() < deadline {
                    Thread.sleep(forTimeInterval: 0.0005)
                }
                let waiting = engine.waitingScriptMessages
                guard waiting >= count else {
                    return outcome(problem: "after frame \(compared)\(lastInput.map { " and the input '\($0)'" } ?? ""), the recording applied \(count) script messages at once but the replayed script posted \(waiting) in \(messageTimeout): the script no longer does what it did")
                }
                engine.applyScriptMessages(limit: count)
            case .frame(let frame):
                expected.apply(frame)
                engine.renderFrameNow()
                compared += 1
                guard frames.lastHash == frame.hash else {
                    let actual = engine.screenText
                    return outcome(difference: Difference(frame: frame.number, inputBefore: lastInput,
                                                          expected: expected.text, actual: actual,
                                                          diff: Self.diff(expected: expected.text, actual: actual)))
                }
            case .setData(let page, let patches):
                changes += patches.map { "\(page): \($0)" }
            case .scriptError(let message):
                changes.append("error: \(message)")
            }
        }
        checkpoint?(Checkpoint(input: lastInput, screen: engine.screenText, dataChanges: changes))
        if recording.overflowed {
            return outcome(problem: "the recording stopped early (its ring was full): frames after \(compared) were not recorded")
        }
        return outcome()
    }

    /// An input in the events files' words.
    static func describe(_ input: InputEvent) -> String {
        switch input {
        case .key(let key): return "key \(key.name)"
        case .paste(let text, _): return "paste \(JSONValue.string(text).serialized())"
        case .mouse(let mouse):
            switch mouse.kind {
            case .press: return "click \(mouse.x) \(mouse.y)"
            case .release: return "release \(mouse.x) \(mouse.y)"
            case .scrollUp: return "wheel up \(mouse.x) \(mouse.y)"
            case .scrollDown: return "wheel down \(mouse.x) \(mouse.y)"
            }
        case .resize(let width, let height): return "resize \(width)x\(height)"
        case .suspend: return "suspend"
        case .resume: return "resume"
        case .terminalClosed: return "terminal closed"
        }
    }

    /// The rows whose text differs, as `- row N |text` (recorded) and `+ row N |text` (replayed).
    static func diff(expected: String, actual: String) -> [String] {
        let old = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let new = actual.split(separator: "\n", omittingEmptySubsequences: false)
        let width = String(max(old.count, new.count)).count
        var lines: [String] = []
        for row in 0..<max(old.count, new.count) {
            let a = row < old.count ? String(old[row]) : nil
            let b = row < new.count ? String(new[row]) : nil
            guard a != b else { continue }
            let label = String(repeating: " ", count: width - String(row).count) + "\(row)"
            lines.append("- row \(label) |" + (a ?? "(none)"))
            lines.append("+ row \(label) |" + (b ?? "(none)"))
        }
        return lines
    }
}

/// The recorded screen rebuilt from each frame's changed rows.
struct RecordedScreen {
    private var rows: [String] = []

    mutating func apply(_ frame: TraceRecording.Frame) {
        if rows.count != frame.height { rows = Array(repeating: "", count: frame.height) }
        for (row, text) in frame.changedRows where row < rows.count { rows[row] = text }
    }

    var text: String { rows.joined(separator: "\n") }
}

/// The replay's frames as the recorder would digest them.
private final class ReplayedFrames: EngineActivityObserver, @unchecked Sendable {
    private var digest = ScreenDigest()
    private(set) var lastHash = ""

    func framePresented(_ frame: FrameActivity) {
        lastHash = ScreenDigest.hex(digest.digest(frame.screen).hash)
    }
}

/// `Date.now()` in a replay: the recorded reads in order; past the last, the last one.
private final class RecordedClock: @unchecked Sendable {
    private let reads: [Double]
    private let lock = NSLock()
    private var next_ = 0

    init(reads: [Double]) { self.reads = reads }

    func next() -> Double {
        lock.withLock {
            defer { next_ += 1 }
            if next_ < reads.count { return reads[next_] }
            return reads.last ?? 0
        }
    }
}

/// The replay's console lines.
private final class ReplayConsole: @unchecked Sendable {
    private let lock = NSLock()
    private var held: [String] = []
    func append(_ line: String) { lock.withLock { held.append(line) } }
    var lines: [String] { lock.withLock { held } }
}
