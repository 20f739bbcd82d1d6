import Foundation
import Testing
import TestSupport
import TerminiTemplate
import CMalloc
import TerminiCanvas
import TerminiFrames
import TerminiUI
@testable import TerminiRuntime

/// The flight recorder, its trace files and their replay (docs/CLI.md, "Traces"), in process.
@Suite struct FlightRecorderTests {
    /// A page whose tap reads the clock, draws random numbers and round-trips storage: all of it must come back the
    /// same in a replay, from the trace alone.
    static let action = """
        async function ACTION() {
          const stamp = Date.now()
          const dice = Math.floor(Math.random() * 1e6)
          await bridge.invoke('setStorage', { key: 'k', data: String(stamp) })
          const stored = await bridge.invoke('getStorage', { key: 'k' })
          this.setData({ message: 'at ' + stored.data + ' dice ' + dice })
        }
        """

    /// A run recorded in process: started, Enter on Go, some typing in the field.
    func recordedRun(action: String = FlightRecorderTests.action) throws -> (FlightRecorder, EngineHarness) {
        let recorder = FlightRecorder(target: "memory")
        let h = try EngineHarness(pages: ["a"], action: action, observers: [recorder])
        h.start()
        try h.play("key Enter")
        try h.play("key Tab\ntype hello")
        return (recorder, h)
    }

    @Test func aRecordedRunReplaysFrameForFrame() throws {
        let (recorder, h) = try recordedRun()
        #expect(h.screen.contains { $0.contains("a: at ") && $0.contains(" dice ") }, "\(h.screen)")
        let recording = try TraceRecording.parse(recorder.traceBytes(), path: "run.trace")
        #expect(recording.start.page == "a" && recording.start.width == 60 && recording.start.height == 12)
        #expect(!recording.clockReads.isEmpty)
        #expect(recording.answers.count == 2)
        let outcome = try TraceReplay(recording: recording, bundle: h.engine.bundle).run()
        #expect(outcome.passed, "\(ReplayReport.lines(for: outcome, file: "run.trace"))\n\(outcome.console)")
        #expect(outcome.framesCompared == outcome.framesRecorded)
        #expect(outcome.framesRecorded >= 3)
    }

    /// The trace's records, re-framed after `edit` changes one of them, as a hand edit with a fixed checksum would.
    func reframed(_ bytes: [UInt8], edit: (inout [String: JSONValue]) -> Bool) throws -> [UInt8] {
        let (records, _) = try TraceFraming.records(of: bytes, path: "t")
        var fieldsOfRecords = records.map { $0.objectValue!.dictionary }
        for index in fieldsOfRecords.indices.reversed() where edit(&fieldsOfRecords[index]) { break }
        var out = Array(TraceFraming.magic.utf8)
        for fields in fieldsOfRecords { out += TraceFraming.frame(JSONValue.object(fields).serialized()) }
        out += TraceFraming.frame(JSONValue.object(["t": .string("end"), "records": .number(Double(records.count))]).serialized())
        return out
    }

    @Test func aReplayReportsTheFirstFrameThatDiffersWithTheInputBeforeItAndADiff() throws {
        let (recorder, h) = try recordedRun()
        var alteredFrame = 0
        // The last frame that shows the tap's answer is made to expect another text, as if the engine had changed.
        let altered = try reframed(recorder.traceBytes()) { fields in
            guard fields["t"]?.stringValue == "frame", let rows = fields["rows"]?.arrayValue?.values,
                rows.contains(where: { $0.serialized().contains("a: at ") }) else { return false }
            fields["rows"] = .array(rows.map { row in
                guard let pair = row.arrayValue?.values, pair[1].stringValue?.contains("a: at ") == true else { return row }
                return .array([pair[0], .string("a: something else")])
            })
            fields["hash"] = .string("0123456789abcdef")
            alteredFrame = fields["n"]?.intValue ?? 0
            return true
        }
        let recording = try TraceRecording.parse(altered, path: "altered.trace")
        let outcome = try TraceReplay(recording: recording, bundle: h.engine.bundle).run()
        let difference = try #require(outcome.difference, "\(ReplayReport.lines(for: outcome, file: "altered.trace"))")
        #expect(alteredFrame > 0)
        #expect(difference.frame == alteredFrame)
        #expect(difference.inputBefore == "key Enter")
        #expect(difference.diff.contains { $0.hasPrefix("- row") && $0.hasSuffix("|a: something else") }, "\(difference.diff)")
        #expect(difference.diff.contains { $0.hasPrefix("+ row") && $0.contains("|a: at ") }, "\(difference.diff)")
        let report = ReplayReport.lines(for: outcome, file: "altered.trace")
        #expect(report.first == "altered.trace: frame \(alteredFrame) differs from the recording (the input before it: key Enter)")
    }

    /// The byte offset where each record starts (the magic line first).
    func recordOffsets(_ bytes: [UInt8]) -> [Int] {
        var offsets: [Int] = []
        var offset = TraceFraming.magic.utf8.count
        while offset < bytes.count {
            offsets.append(offset)
            offset = bytes[offset...].firstIndex(of: UInt8(ascii: "\n"))! + 1
        }
        return offsets
    }

    @Test func aTruncatedTraceIsRefusedAtTheByteWhereTheCutRecordStarts() throws {
        let (recorder, _) = try recordedRun()
        let bytes = recorder.traceBytes()
        let offsets = recordOffsets(bytes)
        let victim = offsets[offsets.count / 2]
        let cut = Array(bytes[..<(victim + 20)])
        do {
            _ = try TraceRecording.parse(cut, path: "cut.trace")
            Issue.record("a cut trace was read")
        } catch {
            #expect(error.offset == victim)
            #expect(error.description.hasPrefix("cut.trace: error: byte \(victim): record "))
            #expect(error.message.contains("truncated"), "\(error)")
        }
        // Cut between two records: every record reads, but the end record is missing.
        do {
            _ = try TraceRecording.parse(Array(bytes[..<victim]), path: "cut.trace")
            Issue.record("a trace without its end record was read")
        } catch {
            #expect(error.offset == victim)
            #expect(error.message == "the file ends without its end record (the trace is truncated)")
        }
    }

    @Test func anEditedTraceIsRefusedAtTheEditedRecord() throws {
        let (recorder, _) = try recordedRun()
        let bytes = recorder.traceBytes()
        let offsets = recordOffsets(bytes)
        // A typed character changed by hand: the checksum no longer matches.
        var edited = bytes
        let record = offsets.firstIndex { offset in
            String(decoding: bytes[offset..<min(bytes.count, offset + 200)], as: UTF8.self).contains("\"t\":\"input\"")
        }!
        let line = bytes[offsets[record]...].prefix { $0 != UInt8(ascii: "\n") }
        let keyAt = offsets[record] + Array(line).firstIndex(of: UInt8(ascii: "{"))! + 1
        edited[keyAt] = UInt8(ascii: "X")
        do {
            _ = try TraceRecording.parse(edited, path: "edited.trace")
            Issue.record("an edited trace was read")
        } catch {
            #expect(error.offset == offsets[record])
            #expect(error.message == "record \(record + 1): checksum mismatch (the record was edited or damaged)")
        }
        // A whole record taken out (its line and all): the end record's count says so.
        let removed = Array(bytes[..<offsets[record]]) + Array(bytes[offsets[record + 1]...])
        do {
            _ = try TraceRecording.parse(removed, path: "edited.trace")
            Issue.record("a trace with a record removed was read")
        } catch {
            #expect(error.message.contains("records were removed"), "\(error)")
            #expect(error.offset == offsets.last! - (offsets[record + 1] - offsets[record]))
        }
        // Not a trace at all.
        #expect(throws: TraceFileError.self) { try TraceRecording.parse(Array("hello\n".utf8), path: "x") }
    }

    @Test func theRingStaysWithinItsBoundDroppingExplanationsFirst() throws {
        let recorder = FlightRecorder(target: "memory", capacity: 32_768)
        recorder.engineStarted(EngineStartActivity(appId: "a", appVersion: "1", page: "p", query: [:], width: 80,
                                                   height: 24, randomSeed: 1, startedAt: 0))
        let patch = DataPatch(path: DataPath([.key("rows")]), value: .string(String(repeating: "x", count: 400)))
        for n in 0..<200 {
            recorder.inputHandled(.key(.down), at: UInt64(n) * 1_000_000)
            recorder.setDataApplied(SetDataActivity(pageId: 1, pageName: "p", patches: [patch], sequence: n, appliedAt: 0))
        }
        #expect(recorder.byteCount <= 32_768)
        #expect(!recorder.isOverflowed)
        let kept = try TraceRecording.parse(recorder.traceBytes(), path: "ring.trace")
        #expect(kept.inputs.count == 200, "every input is kept while explanations can go")
        #expect(kept.droppedEvidence > 0)
        // Inputs alone past the bound: recording stops, whole up to there, and says so.
        for n in 0..<2_000 { recorder.inputHandled(.key(.up), at: UInt64(n) * 1_000_000) }
        #expect(recorder.byteCount <= 32_768)
        #expect(recorder.isOverflowed)
        let overflowed = try TraceRecording.parse(recorder.traceBytes(), path: "ring.trace")
        #expect(overflowed.overflowed)
        #expect(overflowed.inputs.count > 200)
    }

    /// The ring's bound is memory, not an estimate that undercounts: full-screen frames of 120×40 cells (38 KB each
    /// as cells) keep the process's heap within a few MB of the 4 MiB cap, and since the oldest frames are turned
    /// into their written text once nothing else can go, 1,200 of them are all still recorded.
    @Test func fullScreenFramesHoldTheRingToItsBoundInMemoryAndKeepRecording() throws {
        var recorder: FlightRecorder? = FlightRecorder(target: "memory")
        recorder?.engineStarted(EngineStartActivity(appId: "a", appVersion: "1", page: "p", query: [:], width: 120,
                                                    height: 40, randomSeed: 1, startedAt: 0))
        let screens = (0..<2).map { parity in
            var screen = CellBuffer(width: 120, height: 40)
            for row in 0..<40 { _ = screen.write("row \(row) of screen \(parity)", x: 0, y: row, style: .plain) }
            return screen
        }
        for n in 1...1_200 {
            let at = UInt64(n) * 16_000_000
            recorder?.framePresented(FrameActivity(number: n, timing: FrameTiming(vsyncStart: at, buildStart: at, buildEnd: at,
                                                                                  rasterStart: at, rasterEnd: at),
                                                   screen: screens[n % 2]))
        }
        #expect((recorder?.byteCount ?? 0) <= FlightRecorder.defaultCapacity)
        #expect(recorder?.isOverflowed == false, "the frames fit once written as text")
        let bytes = recorder?.traceBytes() ?? []
        // What the recorder held is what the heap gives back when it goes: measured over the release alone, since
        // other tests allocate in this process at the same time. Held as cells, these frames take 46 MB.
        let heapWith = Int(mallinfo2().uordblks)
        recorder = nil
        let held = heapWith - Int(mallinfo2().uordblks)
        #expect(held < 8 << 20, "the ring held \(held) bytes of heap for 1,200 frames")
        let recording = try TraceRecording.parse(bytes, path: "frames.trace")
        let frames = recording.steps.compactMap { step -> TraceRecording.Frame? in
            if case .frame(let frame) = step { return frame } else { return nil }
        }
        #expect(frames.count == 1_200)
        #expect(frames.last?.changedRows.first?.text == "row 0 of screen 0")
    }

    @Test func aScriptErrorWritesATraceIntoTheStoresTraceFolderForTheApp() throws {
        let store = TemporaryFolder()
        let recorder = FlightRecorder(target: "memory")
        let lines = LockedLines()
        let automatic = AutomaticTrace(recorder: recorder, store: store.path, appId: "nav", console: { lines.append($0) })
        let h = try EngineHarness(pages: ["a"], action: "function ACTION() { throw new Error('boom') }",
                                  observers: [recorder, automatic])
        h.start()
        #expect(!automatic.wasWritten)
        try h.play("key Enter")
        #expect(automatic.wasWritten)
        #expect(automatic.path.hasPrefix(store.path + "/traces/nav/") && automatic.path.hasSuffix(".trace"))
        // It holds what the user typed: readable by the user alone.
        let attributes = try FileManager.default.attributesOfItem(atPath: automatic.path)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
        let recording = try TraceRecording.load(path: automatic.path)
        #expect(recording.steps.contains { if case .scriptError(let m) = $0 { m.contains("boom") } else { false } })
        #expect(lines.value.contains { $0.hasPrefix("[trace] the script failed; trace written to \(automatic.path)") })
    }

    @Test func anAutomaticTracesFileIsNamedByItsUTCTimeWithoutColonsAndThePid() {
        let automatic = AutomaticTrace(recorder: FlightRecorder(target: "memory"), store: "/store", appId: "nav",
                                       console: { _ in }, now: Date(timeIntervalSince1970: 1_000_000_000.75))
        #expect(automatic.path == "/store/traces/nav/2001-09-09T014640Z-\(getpid()).trace")
    }
}
