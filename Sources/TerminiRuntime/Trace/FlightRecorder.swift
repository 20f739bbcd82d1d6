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
///
/// Patches, pages, call parameters and frames' rows are kept as values and made JSON only when a trace is written
/// (a 1,000-row patch would otherwise be serialized on every setData). The ring counts what it holds in memory: a
/// frame's cells at 8 bytes each, a value at an estimate of its heap size, every record's slot. When only what a
/// replay needs is left to drop, the oldest frames keep their rows as text instead of cells (an eighth of the
/// size), so a long run keeps recording within the bound; recording stops only when that is not enough. The writer drops the oldest explanations again if the written records outgrow `capacity`.
public final class FlightRecorder: EngineActivityObserver, @unchecked Sendable {
    /// The ring's default bound: 4 MiB of what it holds in memory.
    public static let defaultCapacity = 4 << 20

    public let capacity: Int
    /// What was run (`termini run`'s target), so `termini replay` can find the app again.
    public let target: String
    private let lock = NSLock()
    private var entries: [Entry] = []
    private var liveBytes = 0
    private var evidenceCursor = 0
    private var droppedEvidence = 0
    /// Dropped records still taking a slot in `entries`, removed in one pass once they are most of it.
    private var droppedSlots = 0
    /// Below this index no frame can shrink any more.
    private var shrinkCursor = 0
    private var stopped = false
    private var startedAt: UInt64 = 0
    /// The UI thread's digest of the previous frame.
    private var screen = ScreenDigest()

    private struct Entry {
        /// The framed record, or nil while it is deferred (or dropped).
        var bytes: [UInt8]?
        /// Makes the record when the trace is written.
        var deferred: (@Sendable () -> [String: JSONValue])?
        /// Bytes counted against the ring: the framed size, or an estimate for a deferred record.
        var size: Int
        var isEvidence: Bool
        /// A smaller deferred form and its size (a frame's rows as text instead of cells), for when the ring is full.
        var shrink: (@Sendable () -> (make: @Sendable () -> [String: JSONValue], size: Int))? = nil
        var isDropped: Bool { bytes == nil && deferred == nil }
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
        let (hash, rows) = screen.digestCells(frame.screen)
        let record: [String: JSONValue] = [
            "t": .string("frame"), "n": .number(Double(frame.number)), "ms": .number(milliseconds(frame.timing.vsyncStart)),
            "width": .number(Double(frame.screen.width)), "height": .number(Double(frame.screen.height)),
            "hash": .string(ScreenDigest.hex(hash)),
        ]
        let estimate = 160 + rows.reduce(0) { $0 + 48 + $1.cells.count * MemoryLayout<Cell>.stride }
        // Full, the ring keeps the rows' text instead: an eighth of the cells, made without the JSON and checksum
        // that writing needs, so a frame in a long run costs its UI thread little more than a row copy.
        let shrink: @Sendable () -> (make: @Sendable () -> [String: JSONValue], size: Int) = {
            let texts = rows.map { (row: $0.row, text: CellBuffer.text(ofRow: $0.cells)) }
            let size = 160 + texts.reduce(0) { $0 + 48 + $1.text.utf8.count }
            return ({ Self.frameRecord(record, texts) }, size)
        }
        keep(Entry(bytes: nil, deferred: { shrink().make() }, size: estimate, isEvidence: false, shrink: shrink))
    }

    private static func frameRecord(_ record: [String: JSONValue], _ rows: [(row: Int, text: String)]) -> [String: JSONValue] {
        var full = record
        full["rows"] = .array(rows.map { .array([.number(Double($0.row)), .string($0.text)]) })
        return full
    }

    public func scriptClockRead(milliseconds: Double) {
        append(isEvidence: false, ["t": .string("clock"), "ms": .number(milliseconds)])
    }

    public func bridgeCallStarted(_ call: BridgeCallActivity) {
        var record: [String: JSONValue] = ["t": .string("call"), "id": .number(Double(call.callId)),
                                           "command": .string(call.command), "params": call.params,
                                           "thread": .string(call.thread == .ui ? "ui" : "script")]
        if let page = call.pageId { record["page"] = .number(Double(page)) }
        let made = record
        defer_(isEvidence: true, estimate: 96 + Self.estimate(call.params)) { made }
    }

    public func bridgeCallAnswered(_ answer: BridgeAnswerActivity) {
        append(isEvidence: false, ["t": .string("answer"), "id": .number(Double(answer.callId)),
                                   "command": .string(answer.command), "ok": .bool(answer.outcome.ok),
                                   "envelope": answer.outcome.envelope, "ms": .number(milliseconds(answer.answeredAt))])
    }

    public func pageCreated(pageId: Int, name: String, data: JSONValue) {
        let record: [String: JSONValue] = ["t": .string("page"), "id": .number(Double(pageId)), "name": .string(name), "data": data]
        defer_(isEvidence: true, estimate: 64 + Self.estimate(data)) { record }
    }

    public func setDataApplied(_ activity: SetDataActivity) {
        let patches = activity.patches
        var record: [String: JSONValue] = ["t": .string("setData"), "page": .number(Double(activity.pageId)),
                                           "seq": .number(Double(activity.sequence))]
        if let name = activity.pageName { record["name"] = .string(name) }
        let head = record
        let estimate = patches.reduce(64) { total, patch in
            switch patch.change {
            case .set(let value): return total + 32 + Self.estimate(value)
            case .splice(_, _, let inserting): return total + 48 + Self.estimate(.array(inserting))
            }
        }
        defer_(isEvidence: true, estimate: estimate) {
            var full = head
            full["patches"] = .array(patches.map { .string($0.summary) })
            return full
        }
    }

    /// A value's size in memory, guessed without walking a long array: its elements are taken to be like the first
    /// (a list's rows are), an object's members are each counted with their dictionary slot, a string past the
    /// 15 bytes Swift keeps inline with its heap buffer.
    static func estimate(_ value: JSONValue) -> Int {
        func text(_ string: String) -> Int { string.utf8.count > 15 ? 32 + string.utf8.count : 0 }
        switch value {
        case .null, .bool, .number: return 0
        case .string(let string): return text(string)
        case .array(let array):
            guard let first = array.first else { return 32 }
            return 32 + array.count * (24 + estimate(first))
        case .object(let object):
            return object.reduce(64) { $0 + 48 + text($1.key) + estimate($1.value) }
        }
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
        keep(Entry(bytes: bytes, deferred: nil, size: bytes.count, isEvidence: isEvidence))
    }

    /// Keeps a record made only when the trace is written, counted at `estimate` bytes.
    private func defer_(isEvidence: Bool, estimate: Int, _ make: @escaping @Sendable () -> [String: JSONValue]) {
        keep(Entry(bytes: nil, deferred: make, size: estimate, isEvidence: isEvidence))
    }

    /// What a record's place in the ring costs besides its content: its `Entry` and its buffer's header.
    static let slotBytes = 64

    private func keep(_ entry: Entry) {
        var entry = entry
        entry.size += Self.slotBytes
        lock.lock()
        defer { lock.unlock() }
        guard !stopped else { return }
        entries.append(entry)
        liveBytes += entry.size
        while liveBytes > capacity {
            if let index = nextEvidence() {
                drop(index)
            } else if let index = nextShrinkable() {
                shrink(index)
            } else {
                // Only what a replay needs is left, shrunk: keep the run up to here whole rather than a hole in
                // the middle.
                stopped = true
                liveBytes -= entries.removeLast().size
                return
            }
        }
        if droppedSlots > 4096, droppedSlots * 2 > entries.count {
            entries.removeAll { $0.isDropped }
            evidenceCursor = 0
            shrinkCursor = 0
            droppedSlots = 0
        }
    }

    /// Makes a deferred record its smaller form now (a frame's rows as text).
    private func shrink(_ index: Int) {
        let entry = entries[index]
        guard let shrink = entry.shrink else { return }
        let (make, size) = shrink()
        liveBytes += size + Self.slotBytes - entry.size
        entries[index] = Entry(bytes: nil, deferred: make, size: size + Self.slotBytes, isEvidence: entry.isEvidence)
    }

    /// The oldest record a replay needs that can still shrink; like `nextEvidence`, the cursor only moves forward.
    private func nextShrinkable() -> Int? {
        while shrinkCursor < entries.count {
            defer { shrinkCursor += 1 }
            if entries[shrinkCursor].shrink != nil { return shrinkCursor }
        }
        return nil
    }

    private func drop(_ index: Int) {
        liveBytes -= entries[index].size
        entries[index] = Entry(bytes: nil, deferred: nil, size: 0, isEvidence: false)
        droppedEvidence += 1
        droppedSlots += 1
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

    /// The trace as a file's bytes: the magic line, the held records, and the end record. Deferred records are made
    /// now; if they come out larger than estimated and the records outgrow `capacity`, the oldest explanations go.
    public func traceBytes() -> [UInt8] {
        lock.lock()
        let held = entries
        var dropped = droppedEvidence
        let overflowed = stopped
        lock.unlock()
        var records: [(bytes: [UInt8], isEvidence: Bool)] = []
        records.reserveCapacity(held.count)
        var total = 0
        for entry in held where !entry.isDropped {
            let bytes = entry.bytes ?? TraceFraming.frame(JSONValue.object(entry.deferred!()).serialized())
            total += bytes.count
            records.append((bytes, entry.isEvidence))
        }
        var index = 0
        while total > capacity, index < records.count {
            if records[index].isEvidence {
                total -= records[index].bytes.count
                records[index].bytes = []
                dropped += 1
            }
            index += 1
        }
        let kept = records.filter { !$0.bytes.isEmpty }
        var out = Array(TraceFraming.magic.utf8)
        out.reserveCapacity(total + out.count + 128)
        for record in kept { out += record.bytes }
        out += TraceFraming.frame(JSONValue.object([
            "t": .string("end"), "records": .number(Double(kept.count)), "droppedEvidence": .number(Double(dropped)),
            "overflowed": .bool(overflowed),
        ]).serialized())
        return out
    }

    /// Writes the trace to `path` (replacing it, through a temporary file beside it, so a reader never sees half),
    /// readable by the user only (0600; a folder it makes, 0700).
    public func write(to path: String) throws {
        let url = URL(fileURLWithPath: path)
        // A trace holds what the user typed: its folder and file are the user's alone.
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
        let partial = url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).partial")
        guard FileManager.default.createFile(atPath: partial.path, contents: Data(traceBytes()),
                                             attributes: [.posixPermissions: 0o600])
        else { throw TraceWriteError(path: path, reason: String(cString: strerror(errno))) }
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
