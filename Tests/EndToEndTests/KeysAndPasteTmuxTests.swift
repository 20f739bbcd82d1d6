import Foundation
import Testing
import TestSupport

/// Keys and pastes as a person sends them, through tmux to the built `termini run`: Ctrl-S reaches a binding (no
/// flow control), Alt chords are one key, a bracketed paste is one edit that presses no Enter and fires no binding,
/// and every way out gives the shell its modes back with bracketed paste and mouse reporting off.
@Suite struct KeysAndPasteTmuxTests {
    /// A form with bindings on Ctrl-S, `r` and Alt-N, a TextField that submits, a TextArea, and the last paste the page
    /// itself received.
    static func formProject() throws -> String {
        let dir = BuiltBinaries.temporaryFolder() + "/keys"
        try FileManager.default.createDirectory(atPath: dir + "/pages", withIntermediateDirectories: true)
        try #"{ "id": "keys", "name": "Keys", "version": "1.0.0", "pages": ["index", "done"], "permissions": ["clipboard"] }"#
            .write(toFile: dir + "/app.json", atomically: true, encoding: .utf8)
        try """
            import TerminiDSL

            let index = Page("index", title: "Keys", keys: [Key("ctrl+s", "save", "Save"), Key("r", "reset", "Reset"),
                                                         Key("alt+n", "next", "Next"), Key("alt+c", "copy")]) {
                Column {
                    Text("status: {{status}}")
                    TextField(value: "{{name}}", placeholder: "Name", onChange: "nameChanged", onSubmit: "submit")
                    TextArea(value: "{{notes}}", placeholder: "Notes", height: 4, onChange: "notesChanged")
                    Text("page paste: {{pasted}}")
                }
            }
            """.write(toFile: dir + "/pages/index.swift", atomically: true, encoding: .utf8)
        try """
            import TerminiDSL

            let done = Page("done", title: "Done") { Text("submitted {{name}}") }
            """.write(toFile: dir + "/pages/done.swift", atomically: true, encoding: .utf8)
        try """
            Page('index', {
              data: { status: 'ready', name: '', notes: '', pasted: '' },
              nameChanged(e) { this.setData({ name: e.detail.value }) },
              notesChanged(e) { this.setData({ notes: e.detail.value }) },
              save() { this.setData({ status: 'saved ' + this.data.name }) },
              reset() { this.setData({ status: 'reset' }) },
              next() { this.setData({ status: 'alt-n' }) },
              copy() {
                bridge.invoke('setClipboardData', { data: 'copied: ' + this.data.name })
                  .then(() => this.setData({ status: 'copied' }), e => this.setData({ status: e.errMsg }))
              },
              onPaste(e) { this.setData({ pasted: JSON.stringify(e.detail.text) }) },
              submit() { bridge.invoke('navigateTo', { url: 'done?name=' + encodeURIComponent(this.data.name) }) },
            })
            Page('done', { data: { name: '' }, onLoad(q) { this.setData({ name: q.name }) } })
            """.write(toFile: dir + "/main.js", atomically: true, encoding: .utf8)
        return dir
    }

    /// Starts the app in a fresh tmux session and waits for its first page.
    func start(_ project: String, extra: String = "") async throws -> TmuxSession {
        let tmux = TmuxSession()
        try tmux.start("env -i \(BuiltBinaries.sanitizerEnvironment) PATH=/usr/bin:/bin TERM=tmux-256color HOME=\(NSTemporaryDirectory()) bash --norc --noprofile", width: 80, height: 20)
        // The shell's own bracketed paste is off, so brackets seen after the app are the app's.
        try tmux.type("bind 'set enable-bracketed-paste off'; PS1='bash-$ '; stty -g > \(project)/before; \(BuiltBinaries.path("termini")) run \(project) \(extra)")
        try tmux.keys("Enter")
        _ = try await tmux.waitForScreen { $0.contains("status: ready") }
        return tmux
    }

    /// Once the app has ended and the prompt is back: its exit status, and the shell's modes into `after` (typed as
    /// a command of its own: bash drops the rest of a line whose command died of SIGINT, as it should).
    func finish(_ tmux: TmuxSession, project: String) async throws -> String {
        _ = try await tmux.waitForScreen { $0.lines.last { !$0.isEmpty }?.hasPrefix("bash-$") == true }
        try tmux.type("s=$?; stty -g > \(project)/after; echo exit=$s")
        try tmux.keys("Enter")
        return try await tmux.waitForScreen { $0.contains("\nexit=") }
    }

    @Test func ctrlSReachesABindingAndAltIsOneKey() async throws {
        let project = try Self.formProject()
        let tmux = try await start(project)
        defer { tmux.kill() }
        try tmux.keys("C-s")
        var text = try await tmux.waitForScreen { $0.contains("status: saved") }
        #expect(text.contains("status: saved"), "Ctrl-S froze the screen or did not reach the binding: \(text)")
        // Focus is in the Name field: `r` is typed there, and the footer leaves the binding out.
        try tmux.type("Ann r")
        text = try await tmux.waitForScreen { $0.contains("Ann r") }
        #expect(!text.contains("status: reset") && !text.contains("r Reset"), "\(text)")
        // Alt-N is one key: the binding fires, and neither Esc nor `n` acts on its own.
        try tmux.keys("M-n")
        text = try await tmux.waitForScreen { $0.contains("status: alt-n") }
        #expect(text.contains("status: alt-n") && text.contains("Ann r") && !text.contains("Ann rn"), "\(text)")
        // Alt-B moves the caret a word back inside the field, and the page stays.
        try tmux.keys("M-b")
        try tmux.type("X")
        text = try await tmux.waitForScreen { $0.contains("Ann Xr") }
        #expect(text.contains("Ann Xr") && text.contains("status: alt-n"), "Alt-b in a field: \(text)")
        // Esc leaves the field (the footer shows `r` again); a second Esc quits the first page.
        try tmux.keys("Escape")
        text = try await tmux.waitForScreen { $0.contains("r Reset") }
        #expect(text.contains("r Reset") && text.contains("Ann Xr"), "Esc in a field must not quit: \(text)")
        try tmux.keys("Escape")
        text = try await finish(tmux, project: project)
        #expect(text.contains("exit=0"), "\(text)")
    }

    @Test func aThreeLinePasteIsOneEditThatSubmitsNothing() async throws {
        let project = try Self.formProject()
        let tmux = try await start(project)
        defer { tmux.kill() }
        try "one\ntwo\tr\nthree".write(toFile: project + "/paste.txt", atomically: true, encoding: .utf8)
        try tmux.tmux(["load-buffer", project + "/paste.txt"])
        // Into the TextField: newlines and tabs become spaces; no Enter (no submit), no binding (`r`).
        try tmux.tmux(["paste-buffer", "-p", "-t", tmux.name])
        var text = try await tmux.waitForScreen { $0.contains("one two r three") }
        #expect(text.contains("one two r three"), "\(text)")
        #expect(!text.contains("submitted") && text.contains("status: ready"), "a paste submitted or fired a binding: \(text)")
        // Into the TextArea: the lines are kept, and the tab does not move focus.
        try tmux.keys("Tab")
        try tmux.tmux(["paste-buffer", "-p", "-t", tmux.name])
        // Only the TextArea can show a line that starts with "two" (the field shows the paste on one line).
        text = try await tmux.waitForScreen { $0.lines.contains { $0.hasPrefix("two") } && $0.lines.contains { $0.hasPrefix("three") } }
        let lines = text.lines
        #expect(lines.contains { $0.hasPrefix("one") } && lines.contains { $0.hasPrefix("two") } && lines.contains { $0.hasPrefix("three") },
                "the TextArea keeps the paste's lines: \(text)")
        #expect(text.contains("status: ready") && !text.contains("submitted"), "\(text)")
        // With nothing focused, the page's onPaste gets the text.
        try tmux.keys("Escape")
        try tmux.tmux(["paste-buffer", "-p", "-t", tmux.name])
        text = try await tmux.waitForScreen { $0.contains("page paste: \"one\\ntwo\\tr\\nthree\"") }
        #expect(text.contains("page paste: \"one\\ntwo\\tr\\nthree\""), "\(text)")
    }

    /// `setClipboardData` reaches the terminal's clipboard through OSC 52: tmux with `set-clipboard on` keeps it as
    /// a paste buffer.
    @Test func setClipboardDataReachesTheTerminalsClipboard() async throws {
        let project = try Self.formProject()
        let tmux = try await start(project)
        defer { tmux.kill() }
        try tmux.tmux(["set-option", "-s", "set-clipboard", "on"])
        try tmux.type("Zoë 世界")
        try tmux.keys("M-c")
        let text = try await tmux.waitForScreen { $0.contains("status: copied") }
        #expect(text.contains("status: copied"), "\(text)")
        let buffer = try tmux.tmux(["display-message", "-p", "-t", tmux.name, "#{buffer_sample}"])
        #expect(buffer.contains("copied: Zoë 世界"), "the newest paste buffer: \(buffer)")
    }

    /// Every way out leaves the shell as it was: the same `stty` modes, and bracketed paste and mouse reporting off
    /// (a paste into `cat -v` afterwards shows no paste brackets).
    @Test(arguments: ["quit", "TERM", "HUP", "INT"])
    func everyWayOutGivesTheShellItsModesBack(how: String) async throws {
        let project = try Self.formProject()
        try "pasted".write(toFile: project + "/paste.txt", atomically: true, encoding: .utf8)
        let tmux = try await start(project, extra: "--timings \(project)/timings.jsonl")
        defer { tmux.kill() }
        if how == "quit" {
            try tmux.keys("C-c")
        } else {
            try tmux.signalApp(how)
        }
        let expectedStatus = ["quit": 0, "TERM": 143, "HUP": 129, "INT": 130][how]!
        var text = try await finish(tmux, project: project)
        #expect(text.contains("exit=\(expectedStatus)"), "\(text)")
        let before = try String(contentsOfFile: project + "/before", encoding: .utf8)
        let after = try String(contentsOfFile: project + "/after", encoding: .utf8)
        #expect(before == after, "stty -g before \(before) and after \(after)")
        // The timings file is complete: every line is whole JSON, and frames were written.
        let timings = try String(contentsOfFile: project + "/timings.jsonl", encoding: .utf8)
        #expect(!timings.isEmpty && timings.hasSuffix("\n"), "timings: \(timings.suffix(200))")
        // One line says where the start went, every step of `termini run` measured.
        let startup = timings.split(separator: "\n").filter { $0.hasPrefix("{\"startup\":{") }
        #expect(startup.count == 1 && startup.allSatisfy { !$0.contains("null") }, "\(timings.prefix(600))")
        let modes = try tmux.tmux(["display-message", "-p", "-t", tmux.name, "#{alternate_on} #{mouse_any_flag} #{mouse_sgr_flag}"])
        #expect(modes.trimmingCharacters(in: .whitespacesAndNewlines) == "0 0 0", "main screen, no mouse reporting: \(modes)")
        try await Task.sleep(for: .milliseconds(100))
        try tmux.type("cat -v")
        try tmux.keys("Enter")
        try await Task.sleep(for: .milliseconds(300))
        try tmux.tmux(["load-buffer", project + "/paste.txt"])
        try tmux.tmux(["paste-buffer", "-p", "-t", tmux.name])
        text = try await tmux.waitForScreen { $0.contains("pasted") && !$0.hasSuffix("cat -v") }
        try await Task.sleep(for: .milliseconds(200))
        text = try tmux.screen()
        #expect(text.contains("pasted") && !text.contains("[200~"), "bracketed paste is still on: \(text)")
        try tmux.keys("C-c")
    }
}
