import Foundation
import Testing
import TestSupport

/// Ctrl-Z and `fg` in a real shell with job control: the app hears its hooks in WeChat's order, the shell gets a
/// usable terminal while the app is stopped, and the app comes back repainted, with keys and the tab strip working.
@Suite(.serialized) struct SuspendResumeTmuxTests {
    let tmux = TmuxSession()

    @Test func ctrlZStopsTheAppAndFgBringsItBackWithTheHooksInOrder() async throws {
        let store = BuiltBinaries.temporaryFolder()
        try tmux.start("env -i \(BuiltBinaries.sanitizerEnvironment) PATH=/usr/bin:/bin TERM=xterm-256color HOME=\(store) bash --norc --noprofile", width: 80, height: 16)
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
        // Dark mode has had focus since the page opened.
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
        // `exec` makes the app the pane's own process.
        let app = try #require(Int32(try tmux.tmux(["display-message", "-p", "-t", tmux.name, "#{pane_pid}"])
            .trimmingCharacters(in: .whitespacesAndNewlines)))
        func running() -> Bool {
            guard kill(app, 0) == 0 else { return false }
            // A zombie has ended; only its parent has not looked yet.
            let state = (try? String(contentsOfFile: "/proc/\(app)/stat", encoding: .utf8))?
                .split(separator: ")").last?.split(separator: " ").first
            return state != "Z"
        }
        #expect(running())
        tmux.kill()
        let deadline = Date().addingTimeInterval(10)
        while running(), Date() < deadline { try await Task.sleep(for: .milliseconds(50)) }
        #expect(!running(), "termini kept running after its terminal closed")
    }

    /// Killed or crashed, the app leaves a usable terminal behind: the shell's typing echoes, the cursor shows, the
    /// alternate screen is gone, the mouse reports nothing and the cursor keys send what the shell expects, and a
    /// crash says where the app was. (The handlers do that without ncurses: `SignalSafeTerminalReset`.)
    @Test(arguments: ["TERM", "SEGV", "QUIT"])
    func aKilledOrCrashedAppRestoresTheTerminal(signal: String) async throws {
        let store = BuiltBinaries.temporaryFolder()
        try tmux.start("env -i \(BuiltBinaries.sanitizerEnvironment) PATH=/usr/bin:/bin TERM=xterm-256color HOME=\(store) bash --norc --noprofile", width: 100, height: 20)
        defer { tmux.kill() }
        try tmux.type("\(BuiltBinaries.path("termini")) run \(BuiltBinaries.sample("settings")) --store \(store)")
        try tmux.keys("Enter")
        _ = try await tmux.waitForScreen { $0.contains("Settings  │  About") }
        // Only the shell's child gets the signal (`TmuxSession.signalApp`).
        try tmux.signalApp(signal)
        var text = try await tmux.waitForScreen { !$0.contains("Settings  │  About") }
        if signal == "SEGV" {
            text = try await tmux.waitForScreen { $0.contains("termini: crashed with SIGSEGV; pages: index; last script entry: ") }
            #expect(text.contains("termini: crashed with SIGSEGV; pages: index; last script entry: "), "\(text)")
        }
        if signal != "TERM" {
            // The Swift runtime's backtracer may follow (it takes SIGQUIT too) and wait for a key.
            let after = try await tmux.waitForScreen(timeout: 10) { screen in
                screen.contains("Press space") || screen.split(separator: "\n").last(where: {
                    !$0.trimmingCharacters(in: .whitespaces).isEmpty })?.hasPrefix("bash-") == true
            }
            if after.contains("Press space") { try tmux.keys("q") }
        }
        // Back at the shell's prompt.
        _ = try await tmux.waitForScreen { screen in
            screen.split(separator: "\n").last(where: { !$0.trimmingCharacters(in: .whitespaces).isEmpty })?.hasPrefix("bash-") == true
        }
        try tmux.type("echo typed-\("ok")")
        try tmux.keys("Enter")
        text = try await tmux.waitForScreen { $0.contains("\ntyped-ok") }
        #expect(text.contains("echo typed-ok") && text.contains("\ntyped-ok"), "typing does not echo: \(text)")
        let modes = try tmux.tmux(["display-message", "-p", "-t", tmux.name,
                                   "#{cursor_flag} #{alternate_on} #{mouse_any_flag} #{mouse_sgr_flag} #{keypad_cursor_flag}"])
        #expect(modes.trimmingCharacters(in: .whitespacesAndNewlines) == "1 0 0 0 0",
                "cursor shown, main screen, no mouse reporting, cursor keys in normal mode: \(modes)")
    }
}
