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

        // The field has focus from the start: typing adds a todo at once.
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

    /// While a text field has focus, the terminal's own cursor sits at its caret (screen readers and input methods
    /// follow it); elsewhere it is hidden.
    @Test func theTerminalCursorFollowsTheCaret() async throws {
        let store = BuiltBinaries.temporaryFolder()
        try tmux.start("\(BuiltBinaries.path("termini")) run \(BuiltBinaries.sample("todo")) --store \(store)", width: 70, height: 20)
        defer { tmux.kill() }
        _ = try await tmux.waitForScreen { $0.contains("Todo (2)") }
        func cursor() throws -> String {
            try tmux.tmux(["display-message", "-p", "-t", tmux.name, "#{cursor_flag} #{cursor_x} #{cursor_y}"])
                .trimmingCharacters(in: .whitespacesAndNewlines)
        }
        // The field has focus when the page opens.
        try tmux.type("abc")
        let text = try await tmux.waitForScreen { $0.contains("abc") }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let row = try #require(lines.firstIndex { $0.contains("abc") })
        let column = try #require(lines[row].range(of: "abc")).upperBound.utf16Offset(in: lines[row])
        var shown = try cursor()
        let deadline = Date().addingTimeInterval(5)
        while shown != "1 \(column) \(row)" && Date() < deadline {
            try await Task.sleep(for: .milliseconds(50))
            shown = try cursor()
        }
        #expect(shown == "1 \(column) \(row)", "the cursor is not at the caret")
        try tmux.keys("Left")
        try await Task.sleep(for: .milliseconds(300))
        #expect(try cursor() == "1 \(column - 1) \(row)")
        try tmux.keys("Tab")
        try await Task.sleep(for: .milliseconds(300))
        #expect(try cursor().hasPrefix("0 "), "hidden once the field loses focus")
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

    /// `--timings` splits a key's way to the screen at the threads' hand-offs: the frame that shows the script's
    /// answer to Enter on a button says when the UI thread read the key, routed it, and when the script posted its
    /// setData, in that order and before the frame began; frames no input asked for say none of it.
    @Test func timingsSplitAKeyAtTheHandOffs() async throws {
        let store = BuiltBinaries.temporaryFolder()
        let timings = store + "/timings.jsonl"
        let app = BuiltBinaries.packageRoot.appendingPathComponent("Tools/bench/controls").path
        let command = "\(BuiltBinaries.path("termini")) run \(app) --page tap --timings \(timings) --store \(store); echo EXITED:$?; sleep 30"
        try tmux.start(command, width: 80, height: 24)
        defer { tmux.kill() }
        _ = try await tmux.waitForScreen { $0.contains("tapped 0 times") }
        try await Task.sleep(for: .milliseconds(300))
        try tmux.keys("Enter")
        var text = try await tmux.waitForScreen { $0.contains("tapped 1 times") }
        #expect(text.contains("tapped 1 times"), "\(text)")
        try await Task.sleep(for: .milliseconds(300))
        try tmux.keys("C-c")
        text = try await tmux.waitForScreen { $0.contains("EXITED:") }
        #expect(text.contains("EXITED:0"), "\(text)")

        let frames = try String(contentsOfFile: timings, encoding: .utf8).split(separator: "\n").compactMap { line in
            try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
        }.filter { $0["frame"] != nil }
        func stamp(_ frame: [String: Any], _ key: String) -> UInt64? { (frame[key] as? NSNumber)?.uint64Value }
        let answered = try #require(frames.firstIndex { stamp($0, "answer_posted_ns") != nil },
                                    "no frame says when the script's answer was posted")
        let keyed = try #require(frames[...answered].lastIndex { stamp($0, "input_read_ns") != nil },
                                 "no frame up to the answer's says when the key was read")
        let read = try #require(stamp(frames[keyed], "input_read_ns"))
        let routed = try #require(stamp(frames[keyed], "input_routed_ns"))
        let posted = try #require(stamp(frames[answered], "answer_posted_ns"))
        let built = try #require(stamp(frames[answered], "build_start_ns"))
        #expect(read <= routed && routed <= posted && posted <= built, "\(read) \(routed) \(posted) \(built)")
        #expect(stamp(frames[0], "input_read_ns") == nil, "the first frame answers no input")
    }
}
