import Foundation
import Testing
import TestSupport

/// The process and its terminal under hostile surroundings (issue 27, items 7, 9 and 10): an error's escape
/// sequences never reach the terminal, a standard input that is not a terminal is refused, and every signal whose
/// default would kill the process gives the terminal back first.
@Suite struct HostileTerminalTests {
    /// A page whose script throws an error full of escape sequences when its button is pressed.
    static func project() throws -> String {
        let dir = BuiltBinaries.temporaryFolder() + "/hostile"
        try FileManager.default.createDirectory(atPath: dir + "/pages", withIntermediateDirectories: true)
        try #"{ "id": "hostile", "name": "Hostile", "version": "1.0.0", "pages": ["index"], "permissions": [] }"#
            .write(toFile: dir + "/app.json", atomically: true, encoding: .utf8)
        try "import TerminiDSL\n\nlet index = Page(\"index\") {\n    Column {\n        Text(\"ready\")\n        Button(\"Boom\", onTap: \"boom\")\n    }\n}\n"
            .write(toFile: dir + "/pages/index.swift", atomically: true, encoding: .utf8)
        try #"""
            Page('index', {
              boom() { throw new Error('boom\x1b]0;PWNED\x07\x1b]52;c;cHduZWQ=\x07\x1b[2J\x1b[?25l') },
            })
            """#.write(toFile: dir + "/main.js", atomically: true, encoding: .utf8)
        return dir
    }

    func shell() throws -> TmuxSession {
        let tmux = TmuxSession()
        try tmux.start("env -i \(BuiltBinaries.sanitizerEnvironment) PATH=/usr/bin:/bin TERM=tmux-256color HOME=\(NSTemporaryDirectory()) bash --norc --noprofile", width: 80, height: 20)
        try tmux.tmux(["set-option", "-s", "set-clipboard", "on"])
        try tmux.type("PS1='bash-$ '")
        try tmux.keys("Enter")
        return tmux
    }

    /// Runs the project in the shell, its `stty -g` saved first in `<project>/before`, and waits for its page.
    func runApp(_ project: String, in tmux: TmuxSession, extra: String = "") async throws {
        try tmux.type("stty -g > \(project)/before; \(BuiltBinaries.path("termini")) run \(project) \(extra)")
        try tmux.keys("Enter")
        // A loaded machine can take a while to compile the page: signalling before the page is up tests nothing.
        let screen = try await tmux.waitForScreen(timeout: 60) { $0.contains("ready") }
        try #require(screen.contains("ready"), "the app never showed its page: \(screen)")
    }

    @Test func anErrorsEscapeSequencesNeverReachTheTerminal() async throws {
        let project = try Self.project()
        let tmux = try shell()
        defer { tmux.kill() }
        try await runApp(project, in: tmux)
        try tmux.keys("Enter")   // press Boom: the error screen
        _ = try await tmux.waitForScreen { !$0.contains("ready") }
        try tmux.keys("C-c")
        let text = try await tmux.waitForScreen { $0.contains("boom^[]0;PWNED^G") }
        #expect(text.contains("boom^[]0;PWNED^G^[]52;c;cHduZWQ=^G^[[2J^[[?25l"), "the report shows the sequences as text: \(text)")
        let state = try tmux.tmux(["display-message", "-p", "-t", tmux.name, "#{pane_title}|#{cursor_flag}|#{buffer_sample}"])
        #expect(!state.contains("PWNED") && !state.contains("pwned"), "title or clipboard written: \(state)")
        #expect(state.contains("|1|"), "cursor hidden: \(state)")
    }

    @Test(arguments: ["</dev/null", "<&-"])
    func aStandardInputThatIsNotATerminalIsRefused(redirect: String) async throws {
        let project = try Self.project()
        let tmux = try shell()
        defer { tmux.kill() }
        try tmux.type("\(BuiltBinaries.path("termini")) run \(project) \(redirect); echo exit=$?")
        try tmux.keys("Enter")
        let screen = try await tmux.waitForScreen { $0.contains("\nexit=") }
        let text = screen.replacingOccurrences(of: "\n", with: "")   // the message wraps at the pane's width
        #expect(text.contains("standard input is not a terminal") && text.contains("exit=1"), "\(text)")
        #expect(text.contains("termini snapshot"), "the error names the way to run without a terminal: \(text)")
    }

    /// Each signal whose default action ends the process: the terminal comes back in the shell's modes, and the
    /// process dies of that signal. SIGPIPE and SIGXFSZ are errors the app survives.
    @Test(arguments: ["USR1", "USR2", "PWR", "VTALRM", "PROF", "XCPU", "STKFLT", "ALRM", "PIPE", "XFSZ"])
    func everyDeadlySignalGivesTheTerminalBack(signal: String) async throws {
        let project = try Self.project()
        let tmux = try shell()
        defer { tmux.kill() }
        try await runApp(project, in: tmux)
        try tmux.signalApp(signal)
        if signal == "PIPE" || signal == "XFSZ" {
            try await Task.sleep(for: .milliseconds(500))
            #expect(try tmux.screen().contains("ready"), "SIG\(signal) ended the app")
            try tmux.keys("C-c")
        }
        _ = try await tmux.waitForScreen { $0.lines.last { !$0.isEmpty }?.hasPrefix("bash-$") == true }
        try tmux.type("s=$?; stty -g > \(project)/after; echo exit=$s")
        try tmux.keys("Enter")
        let text = try await tmux.waitForScreen { $0.contains("\nexit=") }
        let numbers = ["USR1": 10, "USR2": 12, "PWR": 30, "VTALRM": 26, "PROF": 27, "XCPU": 24, "STKFLT": 16, "ALRM": 14]
        let expected = numbers[signal].map { 128 + $0 } ?? 0
        #expect(text.contains("exit=\(expected)"), "\(text)")
        let before = try String(contentsOfFile: project + "/before", encoding: .utf8)
        let after = try String(contentsOfFile: project + "/after", encoding: .utf8)
        #expect(before == after, "stty -g before \(before) and after \(after)")
        let modes = try tmux.tmux(["display-message", "-p", "-t", tmux.name, "#{cursor_flag} #{alternate_on} #{mouse_any_flag}"])
        #expect(modes.trimmingCharacters(in: .whitespacesAndNewlines) == "1 0 0", "\(modes)")
    }

    /// A crash of an interactive run (an abort, a trap, SIGQUIT) writes its report and backtrace to a file in the
    /// store and ends at once: the Swift runtime's backtracer no longer holds the terminal waiting for a key.
    @Test(arguments: ["ABRT", "QUIT", "TRAP"])
    func aCrashWritesItsBacktraceToTheStoreAndEnds(signal: String) async throws {
        let project = try Self.project()
        let store = BuiltBinaries.temporaryFolder()
        let tmux = try shell()
        defer { tmux.kill() }
        try await runApp(project, in: tmux, extra: "--store \(store)")
        let pid = try tmux.signalApp(signal)
        let started = Date()
        // The runtime's backtracer held the terminal 30 s for a key; a loaded machine takes a few seconds alone.
        let text = try await tmux.waitForScreen(timeout: 20) { $0.lines.last { !$0.isEmpty }?.hasPrefix("bash-$") == true }
        #expect(Date().timeIntervalSince(started) < 15, "the prompt took \(Date().timeIntervalSince(started)) s: \(text)")
        let file = store + "/crashes/termini-\(pid).txt"
        #expect(text.replacingOccurrences(of: "\n", with: "").contains("the backtrace is in"), "\(text)")
        let report = try String(contentsOfFile: file, encoding: .utf8)
        #expect(report.contains("termini: crashed with SIG\(signal)"), "\(report)")
        #expect(report.split(separator: "\n").count > 3, "a backtrace follows the report: \(report)")
        // The flight recorder's trace is written too, in the store's trace folder for the app, and replays as run.
        let traces = (FileManager.default.subpaths(atPath: store + "/traces") ?? []).filter { $0.hasSuffix("-\(pid).trace") }
        #expect(traces.count == 1, "one trace for the crashed run: \(traces)")
        #expect(text.replacingOccurrences(of: "\n", with: "").contains("the trace is in \(store)/traces/"), "\(text)")
        if let trace = traces.first {
            let replay = try await BuiltBinaries.run("termini", ["replay", store + "/traces/" + trace])
            #expect(replay.status == 0 && replay.stdout.contains(" frames match the recording"), "\(replay.stdout)\(replay.stderr)")
        }
        try tmux.type("stty -g > \(project)/after; echo saved=1")
        try tmux.keys("Enter")
        _ = try await tmux.waitForScreen { $0.contains("\nsaved=1") }
        let before = try String(contentsOfFile: project + "/before", encoding: .utf8)
        let after = try String(contentsOfFile: project + "/after", encoding: .utf8)
        #expect(before == after)
    }
}
