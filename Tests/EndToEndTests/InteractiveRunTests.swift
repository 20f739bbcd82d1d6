import Foundation
import Testing

/// Drives `termini run` on a real terminal inside tmux, typing keys and reading the screen as a person would.
@Suite(.serialized) struct InteractiveRunTests {
    let session = "termini-e2e-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"

    @discardableResult
    func tmux(_ args: [String]) throws -> String {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = ["tmux"] + args
        // Only capture-pane's output is read: `new-session` forks the tmux server, which would inherit a pipe and
        // keep it open forever.
        let capture = args.first == "capture-pane"
        let out = Pipe()
        p.standardOutput = capture ? out : FileHandle.nullDevice
        p.standardError = FileHandle.nullDevice
        p.standardInput = FileHandle.nullDevice
        try p.run()
        let data = capture ? out.fileHandleForReading.readDataToEndOfFile() : Data()
        p.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    func screen() throws -> String { try tmux(["capture-pane", "-p", "-t", session]) }

    /// Polls the screen until `predicate` holds or a generous deadline passes (a loaded machine is slow, not wrong).
    func waitForScreen(_ predicate: (String) -> Bool, timeout: TimeInterval = 20) async throws -> String {
        let deadline = Date().addingTimeInterval(timeout)
        var text = try screen()
        while !predicate(text) && Date() < deadline {
            try await Task.sleep(for: .milliseconds(50))
            text = try screen()
        }
        return text
    }

    @Test func todoAppRespondsToTypingTogglingAndQuitting() async throws {
        let store = BuiltBinaries.temporaryFolder()
        let command = "\(BuiltBinaries.path("termini")) run \(BuiltBinaries.sample("todo")) --store \(store); echo EXITED:$?; sleep 30"
        try tmux(["new-session", "-d", "-s", session, "-x", "70", "-y", "20", command])
        defer { _ = try? tmux(["kill-session", "-t", session]) }

        var text = try await waitForScreen { $0.contains("Todo (2)") }
        #expect(text.contains("Todo (2)"), "\(text)")
        #expect(text.contains("[x] Write the compiler"))

        try tmux(["send-keys", "-t", session, "Tab"])
        try tmux(["send-keys", "-t", session, "-l", "Water plants"])
        try tmux(["send-keys", "-t", session, "Enter"])
        text = try await waitForScreen { $0.contains("Todo (3)") }
        #expect(text.contains("Todo (3)"), "\(text)")
        #expect(text.contains("[ ] Water plants"))

        try tmux(["send-keys", "-t", session, "Tab"])
        try tmux(["send-keys", "-t", session, "Space"])
        text = try await waitForScreen { $0.contains("[ ] Write the compiler") }
        #expect(text.contains("[ ] Write the compiler"), "\(text)")

        try tmux(["send-keys", "-t", session, "Escape"])
        text = try await waitForScreen { $0.contains("EXITED:") }
        #expect(text.contains("EXITED:0"), "\(text)")
    }

    @Test func perfFlagDrawsTheFrameHUDOverAnimatingApp() async throws {
        let store = BuiltBinaries.temporaryFolder()
        let timings = store + "/timings.jsonl"
        let command = "\(BuiltBinaries.path("termini")) run \(BuiltBinaries.sample("clock")) --perf --timings \(timings) --store \(store); echo EXITED:$?; sleep 30"
        let hudSession = session + "-perf"
        try tmux(["new-session", "-d", "-s", hudSession, "-x", "80", "-y", "24", command])
        defer { _ = try? tmux(["kill-session", "-t", hudSession]) }
        func hudScreen() throws -> String { try tmux(["capture-pane", "-p", "-t", hudSession]) }
        let deadline = Date().addingTimeInterval(20)
        var text = try hudScreen()
        while !(text.contains("FPS ") && text.contains("Ticks")) && Date() < deadline {
            try await Task.sleep(for: .milliseconds(50))
            text = try hudScreen()
        }
        #expect(text.contains("FPS "), "\(text)")
        func timingLines() -> Int {
            ((try? String(contentsOfFile: timings, encoding: .utf8)) ?? "").split(separator: "\n").count
        }
        while timingLines() <= 10 && Date() < deadline { try await Task.sleep(for: .milliseconds(50)) }
        try tmux(["send-keys", "-t", hudSession, "Escape"])
        while !text.contains("EXITED:") && Date() < deadline {
            try await Task.sleep(for: .milliseconds(50))
            text = try hudScreen()
        }
        #expect(text.contains("EXITED:0"))
        let frames = try String(contentsOfFile: timings, encoding: .utf8).split(separator: "\n")
        #expect(frames.count > 10, "an animating clock writes a timing line per frame")
    }
}
