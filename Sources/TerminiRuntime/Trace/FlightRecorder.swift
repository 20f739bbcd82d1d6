import Foundation
import TerminiBridge
import TerminiClock
import TerminiScript
import TerminiTemplate
import TerminiUI

/// `termini run`'s flight recorder: an `EngineActivityObserver` that keeps the run's activity in a ring of at most
/// `capacity` bytes (4 MiB), ready to be written as a trace that `termini replay` plays back (docs/CLI.md, "Traces").
///
/// What a replay needs (the start, each input with its time, each batch of script messages, each frame's hash and
/// changed rows, each clock read, each `.script` command's answer) is kept first; what only explains a run (the
/// patches, pages, calls and errors) is dropped oldest first when the ring is full. If the needed part alone
/// outgrows the ring, recording stops there and the trace says so: a replay then reproduces the run up to that
/// point.
public final class FlightRecorder: EngineActivityObserver, @unchecked Sendable {
    /// The ring's default bound: 4 MiB of framed records.
    public static let defaultCapacity = 4 << 20

    public let capacity: Int
    /// What was run (`termini run`'s target), so `termini replay` can find the app again.
    public let target: String
    private let lock = NSLock()
    private var entries: [Entry] = []
    private var liveBytes = 0
    private var evidenceCursor = 0
    private var droppedEvidence = 0
    private var stopped = false
    private var startedAt: UInt64 = 0
    /// The UI thread's digest of the previous frame.
    private var screen = ScreenDigest()

    private struct Entry {
        var bytes: [UInt8]
        var isEvidence: Bool
    }

    public init(target: String, capacity: Int = FlightRecorder.defaultCapacity) {
        self.target = target
        self.capacity = capacity
    }

    /// The bytes the ring holds now.
    public var byteCount: Int { lock.withLock { liveBytes } }

    /// Whether the part a replay needs outgrew the ring and recording stopped.
    public var isOverflowed: Bool { lock.withLock { stopped } }

    // MARK: - What the engine reports

    public func engineStarted(_ start: EngineStartActivity) {
        lock.withLock { startedAt = start.startedAt }
        append(isEvidence: false, [
            "t": .string("start"), "target": .string(target), "app": .string(start.appId),
            "version": .string(start.appVersion), "page": .string(start.page),
            "query": .object(start.query.mapValues { .string($0) }), "width": .number(Double(start.width)),
            "height": .number(Double(start.height)), "seed": .number(Double(start.randomSeed)),
        ])
    }

    public func inputHandled(_ input: InputEvent, at: UInt64) {
        append(isEvidence: false, ["t": .string("input"), "ms": .number(milliseconds(at)), "event": TraceInputCoding.json(input)])
    }

    public func scriptMessagesApplied(count: Int) {
        append(isEvidence: false, ["t": .string("batch"), "n": .number(Double(count))])
    }

    public func framePresented(_ frame: FrameActivity) {
        let (hash, rows) = screen.digest(frame.screen)
        append(isEvidence: false, [
            "t": .string("frame"), "n": .number(Double(frame.number)), "ms": .number(milliseconds(frame.timing.vsyncStart)),
            "width": .number(Double(frame.screen.width)), "height": .number(Double(frame.screen.height)),
            "hash": .string(ScreenDigest.hex(hash)),
            "rows": .array(rows.map { .array([.number(Double($0.row)), .string($0.text)]) }),
        ])
    }

    public func scriptClockRead(milliseconds: Double) {
        append(isEvidence: false, ["t": .string("clock"), "ms": .number(milliseconds)])
    }

    public func bridgeCallStarted(_ call: BridgeCallActivity) {
        var record: [String: JSONValue] = ["t": .string("call"), "id": .number(Double(call.callId)),
                                           "command": .string(call.command), "params": call.params,
                                           "thread": .string(call.thread == .ui ? "ui" : "script")]
        if let page = call.pageId { record["page"] = .number(Double(page)) }
        append(isEvidence: true, record)
    }

    public func bridgeCallAnswered(_ answer: BridgeAnswerActivity) {
        append(isEvidence: false, ["t": .string("answer"), "id": .number(Double(answer.callId)),
                                   "command": .string(answer.command), "ok": .bool(answer.outcome.ok),
                                   "envelope": answer.outcome.envelope, "ms": .number(milliseconds(answer.answeredAt))])
    }

    public func pageCreated(pageId: Int, name: String, data: JSONValue) {
        append(isEvidence: true, ["t": .string("page"), "id": .number(Double(pageId)), "name": .string(name), "data": data])
    }

    public func setDataApplied(_ activity: SetDataActivity) {
        var record: [String: JSONValue] = ["t": .string("setData"), "page": .number(Double(activity.pageId)),
                                           "seq": .number(Double(activity.sequence)),
                                           "patches": .array(activity.patches.map { .string($0.summary) })]
        if let name = activity.pageName { record["name"] = .string(name) }
        append(isEvidence: true, record)
    }

    public func scriptFailed(_ error: ScriptError) {
        append(isEvidence: true, ["t": .string("error"), "message": .string(error.description)])
    }

    // MARK: - The ring

    private func milliseconds(_ at: UInt64) -> Double {
        let start = lock.withLock { startedAt }
        // A frame started before the run's start record (the first, blank one) is at a negative time.
        return (Double(Int64(bitPattern: at &- start)) / 1e3).rounded() / 1000
    }

    private func append(isEvidence: Bool, _ record: [String: JSONValue]) {
        let bytes = TraceFraming.frame(JSONValue.object(record).serialized())
        lock.lock()
        defer { lock.unlock() }
        guard !stopped else { return }
        entries.append(Entry(bytes: bytes, isEvidence: isEvidence))
        liveBytes += bytes.count
        while liveBytes > capacity {
            guard let index = nextEvidence() else {
                // Only what a replay needs is left: keep the run up to here whole rather than a hole in the middle.
                stopped = true
                liveBytes -= entries.removeLast().bytes.count
                return
            }
            liveBytes -= entries[index].bytes.count
            entries[index].bytes = []
            entries[index].isEvidence = false
            droppedEvidence += 1
        }
    }

    /// The oldest evidence still held; the cursor only moves forward, so the ring drops in O(1) amortized.
    private func nextEvidence() -> Int? {
        while evidenceCursor < entries.count {
            if entries[evidenceCursor].isEvidence { return evidenceCursor }
            evidenceCursor += 1
        }
        return nil
    }

    // MARK: - Writing

    /// The trace as a file's bytes: the magic line, the held records, and the end record.
    public func traceBytes() -> [UInt8] {
        lock.lock()
        let held = entries.filter { !$0.bytes.isEmpty }
        let dropped = droppedEvidence
        let overflowed = stopped
        lock.unlock()
        var out = Array(TraceFraming.magic.utf8)
        out.reserveCapacity(held.reduce(out.count + 128) { $0 + $1.bytes.count })
        for entry in held { out += entry.bytes }
        out += TraceFraming.frame(JSONValue.object([
            "t": .string("end"), "records": .number(Double(held.count)), "droppedEvidence": .number(Double(dropped)),
            "overflowed": .bool(overflowed),
        ]).serialized())
        return out
    }

    /// Writes the trace to `path` (replacing it, through a temporary file beside it, so a reader never sees half).
    public func write(to path: String) throws {
        let url = URL(fileURLWithPath: path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        let partial = url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).partial")
        try Data(traceBytes()).write(to: partial)
        guard rename(partial.path, url.path) == 0 else {
            let reason = String(cString: strerror(errno))
            try? FileManager.default.removeItem(at: partial)
            throw TraceWriteError(path: path, reason: reason)
        }
    }
}

/// A trace that could not be written where it was asked for.
public struct TraceWriteError: Error, CustomStringConvertible, Sendable {
    public var path: String
    public var reason: String
    public var description: String { "\(path): cannot write the trace: \(reason)" }
}
