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
/// Records are kept as values and made JSON only when a trace is written: a 1,000-row patch would otherwise be
/// serialized on every setData, and each key press and frame would cost the UI thread a dictionary and its text.
/// The ring counts what it holds in memory: a frame's cells at 8 bytes each, a value at an estimate of its heap
/// size, every record's slot. When only what a replay needs is left to drop, the oldest frames keep their rows as
/// text instead of cells (an eighth of the size), so a long run keeps recording within the bound; recording stops
/// only when that is not enough. The writer drops the oldest explanations again if the written records outgrow
/// `capacity`.
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
    /// The run's start on the monotonic clock; records keep raw times and are made relative to it when written, so
    /// the hot path reads no shared state.
    private var startedAt: UInt64 = 0
    /// The UI thread's digest of the previous frame.
    private var screen = ScreenDigest()
    /// Where dropped records are freed: a 1,000-row patch is thousands of releases, which a full ring would
    /// otherwise pay on the UI thread at every setData.
    private static let releaseQueue = DispatchQueue(label: "termini.flight-recorder.release", qos: .background)

    /// A held record as the engine reported it. The frequent ones (inputs, batches, clock reads, frames) are kept
    /// as plain values and made JSON only when a trace is written: a key press then costs the UI thread a slot in
    /// an array, not a dictionary and its serialization.
    private enum Record: Sendable {
        /// Framed already (the start, a script error).
        case framed([UInt8])
        case input(InputEvent, at: UInt64)
        case batch(count: Int)
        case clock(milliseconds: Double)
        /// A frame with its changed rows' cells, as the UI thread copied them.
        case frame(FrameHead, rows: ChangedRows)
        /// A frame shrunk when the ring was full: its rows as text, an eighth of the cells.
        case shrunkFrame(FrameHead, rows: [(row: Int, text: String)])
        // Boxed: held inline, these would make every slot of the ring as large as a bridge call.
        indirect case page(id: Int, name: String, data: JSONValue)
        indirect case setData(SetDataActivity)
        indirect case call(BridgeCallActivity)
        indirect case answer(BridgeAnswerActivity)
        case dropped
    }

    /// What a frame record says besides its rows.
    private struct FrameHead {
        var number: Int
        var at: UInt64
        var width: Int
        var height: Int
        var hash: UInt64
    }

    private struct Entry {
        var record: Record
        /// Bytes counted against the ring: what the record holds in memory, with its slot.
        var size: Int
        var isEvidence: Bool
        var isDropped: Bool { if case .dropped = record { return true } else { return false } }
        var canShrink: Bool { if case .frame = record { return true } else { return false } }
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
        let bytes = TraceFraming.frame(JSONValue.object([
            "t": .string("start"), "target": .string(target), "app": .string(start.appId),
            "version": .string(start.appVersion), "page": .string(start.page),
            "query": .object(start.query.mapValues { .string($0) }), "width": .number(Double(start.width)),
            "height": .number(Double(start.height)), "seed": .number(Double(start.randomSeed)),
        ]).serialized())
        keep(.framed(bytes), size: bytes.count, isEvidence: false)
    }

    public func inputHandled(_ input: InputEvent, at: UInt64) {
        var size = 16
        if case .paste(let text, _) = input { size += 32 + text.utf8.count }
        keep(.input(input, at: at), size: size, isEvidence: false)
    }

    public func scriptMessagesApplied(count: Int) {
        keep(.batch(count: count), size: 8, isEvidence: false)
    }

    public func framePresented(_ frame: FrameActivity) {
        let (hash, rows) = screen.digestCells(frame.screen)
        let head = FrameHead(number: frame.number, at: frame.timing.vsyncStart, width: frame.screen.width,
                             height: frame.screen.height, hash: hash)
        // The head, the two arrays' headers, a row number each, and the cells.
        let size = 128 + rows.rows.count * 8 + rows.cellCount * MemoryLayout<Cell>.stride
        keep(.frame(head, rows: rows), size: size, isEvidence: false)
    }

    public func scriptClockRead(milliseconds: Double) {
        keep(.clock(milliseconds: milliseconds), size: 8, isEvidence: false)
    }

    public func bridgeCallStarted(_ call: BridgeCallActivity) {
        keep(.call(call), size: 96 + Self.estimate(call.params), isEvidence: true)
    }

    public func bridgeCallAnswered(_ answer: BridgeAnswerActivity) {
        keep(.answer(answer), size: 96 + Self.estimate(answer.outcome.envelope), isEvidence: false)
    }

    public func pageCreated(pageId: Int, name: String, data: JSONValue) {
        keep(.page(id: pageId, name: name, data: data), size: 64 + Self.estimate(data), isEvidence: true)
    }

    public func setDataApplied(_ activity: SetDataActivity) {
        let size = activity.patches.reduce(96) { total, patch in
            switch patch.change {
            case .set(let value): return total + 32 + Self.estimate(value)
            case .splice(_, _, let inserting): return total + 48 + Self.estimate(.array(inserting))
            }
        }
        keep(.setData(activity), size: size, isEvidence: true)
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
        let bytes = TraceFraming.frame(JSONValue.object(["t": .string("error"), "message": .string(error.description)]).serialized())
        keep(.framed(bytes), size: bytes.count, isEvidence: true)
    }

    // MARK: - The ring

    /// Monotonic nanoseconds as a trace's milliseconds since the run's start, to the microsecond.
    private func milliseconds(_ at: UInt64, since start: UInt64) -> Double {
        // A frame started before the run's start record (the first, blank one) is at a negative time.
        (Double(Int64(bitPattern: at &- start)) / 1e3).rounded() / 1000
    }

    /// What a record's place in the ring costs besides its content: its `Entry` and its buffer's header.
    static let slotBytes = 64

    private func keep(_ record: Record, size: Int, isEvidence: Bool) {
        let entry = Entry(record: record, size: size + Self.slotBytes, isEvidence: isEvidence)
        var released: [Record] = []
        lock.lock()
        defer {
            lock.unlock()
            if !released.isEmpty { Self.releaseQueue.async { [released] in withExtendedLifetime(released) {} } }
        }
        guard !stopped else { return }
        entries.append(entry)
        liveBytes += entry.size
        while liveBytes > capacity {
            if let index = nextEvidence() {
                released.append(drop(index))
            } else if let index = nextShrinkable() {
                released.append(shrink(index))
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

    /// Makes a frame its smaller form now, its rows as text; returns the cells' form for the caller to free.
    private func shrink(_ index: Int) -> Record {
        let cells = entries[index].record
        guard case .frame(let head, let rows) = cells else { return .dropped }
        let texts = rows.texts
        let size = 64 + texts.reduce(0) { $0 + 48 + $1.text.utf8.count } + Self.slotBytes
        liveBytes += size - entries[index].size
        entries[index].record = .shrunkFrame(head, rows: texts)
        entries[index].size = size
        return cells
    }

    /// The oldest record a replay needs that can still shrink; like `nextEvidence`, the cursor only moves forward.
    private func nextShrinkable() -> Int? {
        while shrinkCursor < entries.count {
            defer { shrinkCursor += 1 }
            if entries[shrinkCursor].canShrink { return shrinkCursor }
        }
        return nil
    }

    /// Drops the record at `index`, returning it for the caller to free off the lock.
    private func drop(_ index: Int) -> Record {
        liveBytes -= entries[index].size
        let record = entries[index].record
        entries[index] = Entry(record: .dropped, size: 0, isEvidence: false)
        droppedEvidence += 1
        droppedSlots += 1
        return record
    }

    /// The oldest evidence still held; the cursor only moves forward, so the ring drops in O(1) amortized.
    private func nextEvidence() -> Int? {
        while evidenceCursor < entries.count {
            if entries[evidenceCursor].isEvidence { return evidenceCursor }
            evidenceCursor += 1
        }
        return nil
    }

    /// A held record as the trace writes it, framed; nil for a dropped one.
    private func framed(_ record: Record, start: UInt64) -> [UInt8]? {
        var json: [String: JSONValue]
        switch record {
        case .dropped: return nil
        case .framed(let bytes): return bytes
        case .input(let input, let at):
            json = ["t": .string("input"), "ms": .number(milliseconds(at, since: start)), "event": TraceInputCoding.json(input)]
        case .batch(let count): json = ["t": .string("batch"), "n": .number(Double(count))]
        case .clock(let ms): json = ["t": .string("clock"), "ms": .number(ms)]
        case .frame(let head, let rows):
            json = frameRecord(head, rows.texts, start: start)
        case .shrunkFrame(let head, let rows): json = frameRecord(head, rows, start: start)
        case .page(let id, let name, let data):
            json = ["t": .string("page"), "id": .number(Double(id)), "name": .string(name), "data": data]
        case .setData(let activity):
            json = ["t": .string("setData"), "page": .number(Double(activity.pageId)),
                    "seq": .number(Double(activity.sequence)), "patches": .array(activity.patches.map { .string($0.summary) })]
            if let name = activity.pageName { json["name"] = .string(name) }
        case .call(let call):
            json = ["t": .string("call"), "id": .number(Double(call.callId)), "command": .string(call.command),
                    "params": call.params, "thread": .string(call.thread == .ui ? "ui" : "script")]
            if let page = call.pageId { json["page"] = .number(Double(page)) }
        case .answer(let answer):
            json = ["t": .string("answer"), "id": .number(Double(answer.callId)), "command": .string(answer.command),
                    "ok": .bool(answer.outcome.ok), "envelope": answer.outcome.envelope,
                    "ms": .number(milliseconds(answer.answeredAt, since: start))]
        }
        return TraceFraming.frame(JSONValue.object(json).serialized())
    }

    private func frameRecord(_ head: FrameHead, _ rows: [(row: Int, text: String)], start: UInt64) -> [String: JSONValue] {
        [
            "t": .string("frame"), "n": .number(Double(head.number)), "ms": .number(milliseconds(head.at, since: start)),
            "width": .number(Double(head.width)), "height": .number(Double(head.height)),
            "hash": .string(ScreenDigest.hex(head.hash)),
            "rows": .array(rows.map { .array([.number(Double($0.row)), .string($0.text)]) }),
        ]
    }

    // MARK: - Writing

    /// The trace as a file's bytes: the magic line, the held records, and the end record. Deferred records are made
    /// now; if they come out larger than estimated and the records outgrow `capacity`, the oldest explanations go.
    public func traceBytes() -> [UInt8] {
        lock.lock()
        let held = entries
        var dropped = droppedEvidence
        let overflowed = stopped
        let start = startedAt
        lock.unlock()
        var records: [(bytes: [UInt8], isEvidence: Bool)] = []
        records.reserveCapacity(held.count)
        var total = 0
        for entry in held {
            guard let bytes = framed(entry.record, start: start) else { continue }
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
