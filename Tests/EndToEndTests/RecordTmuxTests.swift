import Foundation
import Testing

/// `termini record` in a real terminal: what the user does is written as an events file, and `termini snapshot`
/// playing it reaches the same final screen.
@Suite(.serialized) struct RecordTmuxTests {
    let tmux = TmuxSession()

    @Test func aRecordingReplaysToTheSameScreen() async throws {
        let folder = BuiltBinaries.temporaryFolder()
        let events = folder + "/session.events"
        // An interactive shell runs the recorder as its own job, so Ctrl-C ends the recorder and not the shell.
        try tmux.start("env -i \(BuiltBinaries.sanitizerEnvironment) PATH=/usr/bin:/bin TERM=xterm-256color HOME=\(folder) bash --norc --noprofile", width: 70, height: 20)
        defer { tmux.kill() }
        try tmux.type("\(BuiltBinaries.path("termini")) record \(BuiltBinaries.sample("todo")) --out \(events)")
        try tmux.keys("Enter")
        _ = try await tmux.waitForScreen { $0.contains("Todo (2)") }
        try tmux.type("Buy milk")
        try tmux.keys("Enter")
        _ = try await tmux.waitForScreen { $0.contains("Todo (3)") }
        try await Task.sleep(for: .milliseconds(400))
        try tmux.keys("Tab", "Tab", "Space")
        try await Task.sleep(for: .milliseconds(400))
        try tmux.tmux(["resize-window", "-t", tmux.name, "-x", "60", "-y", "18"])
        try await Task.sleep(for: .milliseconds(600))
        let live = try tmux.screen()
        #expect(live.contains("Buy milk"), "\(live)")
        try tmux.keys("C-c")
        // Back at the shell: the command line, the recorder's message, and a new prompt.
        let after = try await tmux.waitForScreen { screen in
            screen.contains("Replay it with") && screen.lines.last(where: { !$0.isEmpty })?.hasPrefix("bash-") == true
        }
        #expect(after.contains("Replay it with: termini snapshot"), "\(after)")

        let text = try String(contentsOfFile: events, encoding: .utf8)
        for line in ["resize 70x20", "key Tab", "type Buy milk", "key Enter", "settle", "key Space", "resize 60x18"] {
            #expect(text.contains("\n\(line)\n"), "no '\(line)' in:\n\(text)")
        }
        let replay = try await BuiltBinaries.run("termini", ["snapshot", BuiltBinaries.sample("todo"), "--events", events])
        #expect(replay.status == 0, "\(replay.stderr)")
        func trimmed(_ s: String) -> [String] {
            var lines = s.lines.map { String($0.reversed().drop { $0 == " " }.reversed()) }
            while lines.last == "" { lines.removeLast() }
            return lines
        }
        #expect(trimmed(replay.stdout) == trimmed(live), "live:\n\(live)\nreplayed:\n\(replay.stdout)")
    }
}
