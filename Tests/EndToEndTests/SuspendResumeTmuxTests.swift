import Foundation
import Testing
import TestSupport

/// Ctrl-Z and `fg` in a real shell with job control: the app hears its hooks in WeChat's order, the shell gets a
/// usable terminal while the app is stopped, and the app comes back repainted, with keys and the tab strip working.
@Suite(.serialized) struct SuspendResumeTmuxTests {
    let tmux = TmuxSession()

    @Test func ctrlZStopsTheAppAndFgBringsItBackWithTheHooksInOrder() async throws {
        let store = BuiltBinaries.temporaryFolder()
        try tmux.start("env -i PATH=/usr/bin:/bin TERM=xterm-256color HOME=\(store) bash --norc --noprofile", width: 80, height: 16)
        defer { tmux.kill() }
        // The app alone on the line: with `; echo …` after it, the shell would run the echo when the job stops.
        try tmux.type("\(BuiltBinaries.path("termini")) run \(BuiltBinaries.sample("settings")) --store \(store)")
        try tmux.keys("Enter")
        var text = try await tmux.waitForScreen { $0.contains("Settings  │  About") }
        #expect(text.contains("[ Account: guest › ]"), "\(text)")

        // The About tab, through its key.
        try tmux.type("]")
        text = try await tmux.waitForScreen { $0.contains("Shown 1 times") }
        #expect(text.contains("Heard: about.onShow"), "\(text)")

        try tmux.keys("C-z")
        text = try await tmux.waitForScreen { $0.contains("Stopped") }
        #expect(text.contains("Stopped"), "the shell reports the job stopped: \(text)")
        #expect(!text.contains("Shown 1 times"), "the app's screen is gone while it is stopped: \(text)")
        // The shell has its own terminal back: what it echoes is readable.
        try tmux.type("echo back-at-the-shell")
        try tmux.keys("Enter")
        text = try await tmux.waitForScreen { $0.contains("\nback-at-the-shell") }
        #expect(text.contains("\nback-at-the-shell"), "\(text)")

        try tmux.type("fg")
        try tmux.keys("Enter")
        text = try await tmux.waitForScreen { $0.contains("Shown 2 times") }
        #expect(text.contains("Heard: about.onHide → App.onHide → App.onShow → about.onShow"), "\(text)")
        // Repainted whole: nothing the shell printed is left.
        #expect(!text.contains("back-at-the-shell") && !text.contains("Stopped") && !text.contains("fg"), "\(text)")

        // Keys still reach the app: back to the first tab, and a toggle.
        try tmux.type("[")
        text = try await tmux.waitForScreen { $0.contains("[ ] Dark mode") }
        try tmux.keys("Tab")
        try tmux.keys("Space")
        text = try await tmux.waitForScreen { $0.contains("[x] Dark mode") }
        #expect(text.contains("[x] Dark mode"), "\(text)")

        // Esc on the first page quits; the job ends normally (not stopped, not killed).
        try tmux.keys("Escape")
        text = try await tmux.waitForScreen { !$0.contains("Dark mode") }
        try tmux.type("echo EXITED:$?")
        try tmux.keys("Enter")
        text = try await tmux.waitForScreen { $0.contains("\nEXITED:") }
        #expect(text.contains("\nEXITED:0"), "\(text)")
    }

    /// A terminal that goes away while the app ignores SIGHUP (as under `nohup`) leaves nothing to read: the app
    /// exits instead of polling a hung-up terminal for ever.
    @Test func theAppExitsWhenItsTerminalGoesAway() async throws {
        let store = BuiltBinaries.temporaryFolder()
        try tmux.start("trap '' HUP; exec \(BuiltBinaries.path("termini")) run \(BuiltBinaries.sample("settings")) --store \(store)",
                       width: 80, height: 16)
        _ = try await tmux.waitForScreen { $0.contains("Settings  │  About") }
        func running() throws -> Bool {
            let probe = try ChildProcess("/usr/bin/env", ["pgrep", "-f", "--", "--store \(store)"], stdout: .pipe, stderr: .null)
            let output = PipeDrain(probe.standardOutput)
            _ = probe.waitBlocking()
            return !output.waitBlocking().isEmpty
        }
        #expect(try running())
        tmux.kill()
        let deadline = Date().addingTimeInterval(10)
        while try running(), Date() < deadline { try await Task.sleep(for: .milliseconds(50)) }
        #expect(try !running(), "termini kept running after its terminal closed")
    }
}
