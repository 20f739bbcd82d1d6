import Foundation
import TerminiBridge
import TerminiTemplate
import TerminiUI

/// A trace file read back: how the run began, the UI thread's steps in order, the clock reads and the answers of
/// the script thread's commands. `TraceReplay` plays it; `termini replay --interactive` steps through it.
public struct TraceRecording: Sendable {
    /// How the run began.
    public struct Start: Sendable {
        public var target: String
        public var appId: String
        public var page: String
        public var query: [String: String]
        public var width: Int
        public var height: Int
        public var randomSeed: UInt32
    }

    /// One thing the UI thread did, in order.
    public enum Step: Sendable {
        /// An input reached the app, `milliseconds` after the start.
        case input(InputEvent, milliseconds: Double)
        /// The UI thread applied this many script messages at once.
        case batch(Int)
        /// A frame reached the screen: its number, size, hash and the rows whose text changed.
        case frame(Frame)
        /// A page's data changed (shown by `--interactive`, not replayed: the script sends it again).
        case setData(page: String, patches: [String])
        /// The script failed with this message.
        case scriptError(String)
    }

    /// A recorded frame.
    public struct Frame: Sendable {
        public var number: Int
        public var width: Int
        public var height: Int
        public var hash: String
        public var changedRows: [(row: Int, text: String)]
    }

    public var path: String
    public var start: Start
    public var steps: [Step]
    /// What `Date.now()` told the script, in order.
    public var clockReads: [Double]
    /// The answers of the `.script` commands (storage, request, system info), by the script's callback id.
    public var answers: [Int: CommandOutcome]
    /// The recording stopped early because what a replay needs outgrew the ring.
    public var overflowed: Bool
    /// Patches, pages and calls dropped to keep the ring within its bound.
    public var droppedEvidence: Int

    /// Reads and checks a trace file (`TraceFraming`): a cut or edited file is refused at its byte offset.
    public static func load(path: String) throws(TraceFileError) -> TraceRecording {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw TraceFileError(path: path, offset: 0, message: "cannot be read: \(String(cString: strerror(errno)))")
        }
        return try parse([UInt8](data), path: path)
    }

    /// Reads a trace's bytes.
    public static func parse(_ bytes: [UInt8], path: String) throws(TraceFileError) -> TraceRecording {
        let (records, endRecord) = try TraceFraming.records(of: bytes, path: path)
        guard let first = records.first, first["t"]?.stringValue == "start",
            let target = first["target"]?.stringValue, let app = first["app"]?.stringValue,
            let page = first["page"]?.stringValue, let width = first["width"]?.intValue,
            let height = first["height"]?.intValue, let seed = first["seed"]?.numberValue
        else {
            throw TraceFileError(path: path, offset: TraceFraming.magic.utf8.count, message: "the first record is not a complete start record")
        }
        var query: [String: String] = [:]
        for (key, value) in first["query"]?.objectValue?.dictionary ?? [:] { query[key] = value.stringValue ?? "" }
        var recording = TraceRecording(
            path: path,
            start: Start(target: target, appId: app, page: page, query: query, width: width, height: height,
                         randomSeed: UInt32(truncatingIfNeeded: Int(seed))),
            steps: [], clockReads: [], answers: [:], overflowed: false, droppedEvidence: 0)
        for record in records.dropFirst() {
            switch record["t"]?.stringValue {
            case "input":
                guard let event = record["event"].flatMap(TraceInputCoding.input) else {
                    throw TraceFileError(path: path, offset: bytes.count, message: "an input record names no input: \(record.serialized())")
                }
                recording.steps.append(.input(event, milliseconds: record["ms"]?.numberValue ?? 0))
            case "batch":
                recording.steps.append(.batch(record["n"]?.intValue ?? 0))
            case "frame":
                let rows = (record["rows"]?.arrayValue?.values ?? []).compactMap { row -> (row: Int, text: String)? in
                    guard let pair = row.arrayValue?.values, pair.count == 2, let y = pair[0].intValue,
                        let text = pair[1].stringValue else { return nil }
                    return (y, text)
                }
                recording.steps.append(.frame(Frame(number: record["n"]?.intValue ?? 0, width: record["width"]?.intValue ?? 0,
                                                    height: record["height"]?.intValue ?? 0,
                                                    hash: record["hash"]?.stringValue ?? "", changedRows: rows)))
            case "clock":
                if let ms = record["ms"]?.numberValue { recording.clockReads.append(ms) }
            case "answer":
                if let id = record["id"]?.intValue, let envelope = record["envelope"] {
                    recording.answers[id] = CommandOutcome(ok: record["ok"]?.boolValue ?? false, envelope: envelope)
                }
            case "setData":
                let page = record["name"]?.stringValue ?? "page \(record["page"]?.intValue ?? 0)"
                let patches = (record["patches"]?.arrayValue?.values ?? []).compactMap(\.stringValue)
                recording.steps.append(.setData(page: page, patches: patches))
            case "error":
                recording.steps.append(.scriptError(record["message"]?.stringValue ?? ""))
            default:
                break  // pages and calls explain a run; a replay does not need them
            }
        }
        recording.overflowed = endRecord["overflowed"]?.boolValue ?? false
        recording.droppedEvidence = endRecord["droppedEvidence"]?.intValue ?? 0
        return recording
    }

    /// The inputs in order, as `(step index, input)`.
    public var inputs: [(step: Int, input: InputEvent)] {
        steps.enumerated().compactMap { index, step in
            if case .input(let input, _) = step { return (index, input) } else { return nil }
        }
    }
}
