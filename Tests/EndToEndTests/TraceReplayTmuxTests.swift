import Foundation
import Testing

/// The flight recorder as a user meets it: `termini run --trace FILE` in a real terminal, `termini replay FILE`
/// reproducing every frame, a trace altered to expect another frame reported at that frame, a cut one refused at
/// its byte offset, and the trace as a `termini test` regression test.
@Suite(.serialized) struct TraceReplayTmuxTests {
    let tmux = TmuxSession()

    /// Runs the todo sample in tmux with `--trace`, adds two items and resizes the window; returns the trace's path.
    func recordTodoSession(folder: String) async throws -> String {
        let trace = folder + "/session.trace"
        // An interactive shell runs the app as its own job, so the messages after it stay on screen.
        try tmux.start("env -i \(BuiltBinaries.sanitizerEnvironment) PATH=/usr/bin:/bin TERM=xterm-256color HOME=\(folder) bash --norc --noprofile", width: 80, height: 22)
        try tmux.type("\(BuiltBinaries.path("termini")) run \(BuiltBinaries.sample("todo")) --store \(folder)/store --trace \(trace)")
        try tmux.keys("Enter")
        _ = try await tmux.waitForScreen(timeout: 60) { $0.contains("Todo (2)") }
        try tmux.type("Buy milk")
        try tmux.keys("Enter")
        _ = try await tmux.waitForScreen(timeout: 60) { $0.contains("Todo (3)") }
        try tmux.type("Eggs")
        try tmux.keys("Enter")
        _ = try await tmux.waitForScreen(timeout: 60) { $0.contains("Todo (4)") }
        try tmux.tmux(["resize-window", "-t", tmux.name, "-x", "70", "-y", "18"])
        _ = try await tmux.waitForScreen(timeout: 60) { $0.lines.contains { $0.hasPrefix("[ ] Buy milk") && $0.count <= 70 } }
        try tmux.keys("C-c")
        // The pane is 70 columns wide now: the message wraps, so it is read with the rows joined.
        func unwrapped(_ screen: String) -> String { screen.replacingOccurrences(of: "\n", with: "") }
        let after = try await tmux.waitForScreen(timeout: 60) { unwrapped($0).contains("replay it: termini replay \(trace))") }
        #expect(unwrapped(after).contains("termini: trace written to \(trace)"), "\(after)")
        return trace
    }

    /// `termini replay --interactive` as a user steps through a bug report: each input beside the data changes it
    /// brought, forward and back, and the verdict printed on quitting.
    @Test func anInteractiveReplayStepsThroughTheInputsBesideTheirDataChanges() async throws {
        let folder = BuiltBinaries.temporaryFolder()
        defer { tmux.kill() }
        let trace = try await recordTodoSession(folder: folder)
        try tmux.tmux(["resize-window", "-t", tmux.name, "-x", "120", "-y", "30"])
        try tmux.type("clear; \(BuiltBinaries.path("termini")) replay \(trace) --interactive; echo exit=$?")
        try tmux.keys("Enter")
        var screen = try await tmux.waitForScreen(timeout: 60) { Self.step(in: $0) == 1 }
        #expect(screen.contains("input: (the start)") && screen.contains("→ next input"), "\(screen)")
        // Forward to the Enter that added "Buy milk".
        var stepsSeen = screen
        for _ in 0..<40 where !screen.contains("input: key Enter") {
            let step = Self.step(in: screen)
            try tmux.keys("n")
            screen = try await tmux.waitForScreen(timeout: 30) { Self.step(in: $0) == step + 1 }
            stepsSeen += screen
        }
        // A data change is shown beside the input last before it: where the script lags the keys (a loaded
        // machine), the drafts land on later keys or on the Enter, but they are all there by the Enter.
        #expect(stepsSeen.contains(#"draft="Buy milk""#), "\(stepsSeen)")
        #expect(screen.contains("input: key Enter") && screen.contains(#"draft="""#) && screen.contains("todos.splice(2,0,"), "\(screen)")
        let enterStep = Self.step(in: screen)
        // Back one: the last key typed.
        try tmux.keys("p")
        screen = try await tmux.waitForScreen(timeout: 30) { Self.step(in: $0) == enterStep - 1 }
        #expect(screen.contains("input: key k"), "\(screen)")
        try tmux.keys("q")
        let after = try await tmux.waitForScreen(timeout: 30) { $0.contains("\nexit=") }.replacingOccurrences(of: "\n", with: "")
        #expect(after.contains("\(trace): all ") && after.contains(" frames match the recording") && after.contains("exit=0"), "\(after)")
    }

    /// The step number the interactive replay shows (`step N of M`), or 0.
    static func step(in screen: String) -> Int {
        guard let range = screen.range(of: #"step \d+ of"#, options: .regularExpression) else { return 0 }
        return Int(screen[range].dropFirst(5).prefix { $0.isNumber }) ?? 0
    }

    @Test func aTraceRecordedInTmuxReplaysByteForByteAndAChangedOneIsCaught() async throws {
        let folder = BuiltBinaries.temporaryFolder()
        defer { tmux.kill() }
        let trace = try await recordTodoSession(folder: folder)
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: trace)))
        let text = String(decoding: bytes, as: UTF8.self)
        // What the user typed is in the trace, key by key (docs/CLI.md says so).
        #expect(text.contains(#"{"key":"B"}"#) && text.contains(#"{"key":"k"}"#), "\(text.prefix(2000))")
        #expect(text.contains(#""resize":[70,18]"#))

        let replay = try await BuiltBinaries.run("termini", ["replay", trace])
        #expect(replay.status == 0, "\(replay.stdout)\(replay.stderr)")
        #expect(replay.stdout.hasPrefix("\(trace): all ") && replay.stdout.contains(" frames match the recording"), "\(replay.stdout)")

        // The frame that first shows "Buy milk" now expects another title, as a trace from an older engine would.
        let altered = folder + "/altered.trace"
        var frameNumber = 0
        try Data(TraceBytes.reframing(bytes) { record in
            guard frameNumber == 0, record.contains(#""t":"frame""#), record.contains("[ ] Buy milk") else { return nil }
            frameNumber = Int(record.components(separatedBy: #""n":"#)[1].prefix { $0.isNumber })!
            return record.replacingOccurrences(of: "[ ] Buy milk", with: "[ ] Buy bread")
                .replacingOccurrences(of: #""hash":""#, with: #""hash":"f"#)
        }).write(to: URL(fileURLWithPath: altered))
        let differs = try await BuiltBinaries.run("termini", ["replay", altered])
        #expect(differs.status == 1)
        let lines = differs.stdout.lines
        #expect(lines.first?.hasPrefix("\(altered): frame \(frameNumber) differs from the recording (the input before it: ") == true, "\(differs.stdout)")
        #expect(lines.contains { $0.hasPrefix("  - row") && $0.contains("|[ ] Buy bread") }, "\(differs.stdout)")
        #expect(lines.contains { $0.hasPrefix("  + row") && $0.contains("|[ ] Buy milk") }, "\(differs.stdout)")

        // Cut in the middle of a record: refused at the byte where that record starts.
        let cut = folder + "/cut.trace"
        let cutAt = bytes.count * 2 / 3
        let recordStart = bytes[..<cutAt].lastIndex(of: UInt8(ascii: "\n"))! + 1
        try Data(bytes[..<cutAt]).write(to: URL(fileURLWithPath: cut))
        let refused = try await BuiltBinaries.run("termini", ["replay", cut])
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("\(cut): error: byte \(recordStart): record ") && refused.stderr.contains("truncated"), "\(refused.stderr)")
    }

    @Test func aTraceInTestsIsARegressionTestForTerminiTest() async throws {
        let folder = BuiltBinaries.temporaryFolder()
        defer { tmux.kill() }
        let trace = try await recordTodoSession(folder: folder)
        // A copy of the sample, with the trace beside its own tests: the bug report becomes a test.
        let project = folder + "/todo"
        try FileManager.default.copyItem(atPath: BuiltBinaries.sample("todo"), toPath: project)
        try FileManager.default.createDirectory(atPath: project + "/tests", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: trace, toPath: project + "/tests/buy-milk.trace")
        let passing = try await BuiltBinaries.run("termini", ["test", project, "--filter", "buy-milk"])
        #expect(passing.status == 0, "\(passing.stdout)\(passing.stderr)")
        #expect(passing.stdout.contains("ok   buy-milk (") && passing.stdout.hasSuffix("1 passed, 0 failed\n"), "\(passing.stdout)")

        // The page draws differently now (its button says something else): the trace fails at the first frame.
        let page = project + "/pages/index.swift"
        let source = try String(contentsOfFile: page, encoding: .utf8)
        let changed = source.replacingOccurrences(of: "Clear done (", with: "Clear finished (")
        #expect(changed != source, "the sample's page has no 'Clear done' button to change")
        try changed.write(toFile: page, atomically: true, encoding: .utf8)
        let failing = try await BuiltBinaries.run("termini", ["test", project, "--filter", "buy-milk"])
        #expect(failing.status == 1)
        #expect(failing.stdout.contains("FAIL buy-milk"), "\(failing.stdout)")
        #expect(failing.stdout.contains("\(project)/tests/buy-milk.trace: frame "), "\(failing.stdout)")
        #expect(failing.stdout.hasSuffix("0 passed, 1 failed\n"), "\(failing.stdout)")
    }
}

/// Rewrites trace records as a hand edit that fixes the checksums would: each record's JSON through `edit` (nil
/// keeps it), re-framed with its new length and CRC-32.
enum TraceBytes {
    static func reframing(_ bytes: [UInt8], edit: (String) -> String?) -> [UInt8] {
        let lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        var out = Array(lines[0]) + [UInt8(ascii: "\n")]
        for line in lines.dropFirst() where !line.isEmpty {
            let parts = line.split(separator: UInt8(ascii: " "), maxSplits: 2, omittingEmptySubsequences: false)
            let json = String(decoding: parts[2], as: UTF8.self)
            guard let changed = edit(json) else {
                out += Array(line) + [UInt8(ascii: "\n")]
                continue
            }
            let body = Array(changed.utf8)
            let crc = String(crc32(body), radix: 16)
            out += Array("\(body.count) \(String(repeating: "0", count: 8 - crc.count) + crc) ".utf8) + body + [UInt8(ascii: "\n")]
        }
        return out
    }

    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 != 0 ? 0xEDB8_8320 ^ (crc >> 1) : crc >> 1 }
        }
        return crc ^ 0xFFFF_FFFF
    }
}
