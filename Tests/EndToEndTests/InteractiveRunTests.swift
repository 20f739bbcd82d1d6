import Foundation
import Testing

/// Drives `termini run` on a real terminal inside tmux, typing keys and reading the screen as a person would.
@Suite(.serialized) struct InteractiveRunTests {
    let tmux = TmuxSession()

    @Test func todoAppRespondsToTypingTogglingAndQuitting() async throws {
        let store = BuiltBinaries.temporaryFolder()
        let command = "\(BuiltBinaries.path("termini")) run \(BuiltBinaries.sample("todo")) --store \(store); echo EXITED:$?; sleep 30"
        try tmux.start(command, width: 70, height: 20)
        defer { tmux.kill() }

        var text = try await tmux.waitForScreen { $0.contains("Todo (2)") }
        #expect(text.contains("Todo (2)"), "\(text)")
        #expect(text.contains("[x] Write the compiler"))

        try tmux.keys("Tab")
        try tmux.type("Water plants")
        try tmux.keys("Enter")
        text = try await tmux.waitForScreen { $0.contains("Todo (3)") }
        #expect(text.contains("Todo (3)"), "\(text)")
        #expect(text.contains("[ ] Water plants"))

        try tmux.keys("Tab")
        try tmux.keys("Space")
        text = try await tmux.waitForScreen { $0.contains("[ ] Write the compiler") }
        #expect(text.contains("[ ] Write the compiler"), "\(text)")

        try tmux.keys("Escape")
        text = try await tmux.waitForScreen { $0.contains("EXITED:") }
        #expect(text.contains("EXITED:0"), "\(text)")
    }

    @Test func perfFlagDrawsTheFrameHUDOverAnimatingApp() async throws {
        let store = BuiltBinaries.temporaryFolder()
        let timings = store + "/timings.jsonl"
        let command = "\(BuiltBinaries.path("termini")) run \(BuiltBinaries.sample("clock")) --perf --timings \(timings) --store \(store); echo EXITED:$?; sleep 30"
        try tmux.start(command, width: 80, height: 24)
        defer { tmux.kill() }
        let deadline = Date().addingTimeInterval(20)
        var text = try tmux.screen()
        while !(text.contains("FPS ") && text.contains("Ticks")) && Date() < deadline {
            try await Task.sleep(for: .milliseconds(50))
            text = try tmux.screen()
        }
        #expect(text.contains("FPS "), "\(text)")
        func timingLines() -> Int {
            ((try? String(contentsOfFile: timings, encoding: .utf8)) ?? "").split(separator: "\n").count
        }
        while timingLines() <= 10 && Date() < deadline { try await Task.sleep(for: .milliseconds(50)) }
        try tmux.keys("Escape")
        while !text.contains("EXITED:") && Date() < deadline {
            try await Task.sleep(for: .milliseconds(50))
            text = try tmux.screen()
        }
        #expect(text.contains("EXITED:0"))
        let frames = try String(contentsOfFile: timings, encoding: .utf8).split(separator: "\n")
        #expect(frames.count > 10, "an animating clock writes a timing line per frame")
    }
}
