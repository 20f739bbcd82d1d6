import Foundation
import Testing

/// Key bindings, the footer, the `?` help, taps that bubble, list paging and `scrollTo`, driven through
/// `termini snapshot` on a small project as an author would write it.
@Suite struct InteractionSnapshotTests {
    /// A project folder with an inbox page that logs every handler it gets on its first line.
    static func project() throws -> String {
        let dir = BuiltBinaries.temporaryFolder() + "/inbox"
        try FileManager.default.createDirectory(atPath: dir + "/pages", withIntermediateDirectories: true)
        try #"""
        { "id": "inbox", "name": "Inbox", "version": "1.0.0", "pages": ["inbox"],
          "keys": [{ "key": "ctrl+f", "handler": "find", "label": "Find" }] }
        """#.write(toFile: dir + "/app.json", atomically: true, encoding: .utf8)
        try #"""
        import TerminiDSL

        let inbox = Page("inbox", keys: [Key("ctrl+r", "refresh", "Refresh"), Key("d", "archive", "Archive"),
                                         Key("x", "unlabelled")]) {
            Column {
                Text("log:{{log}}", wrap: false)
                TextField(value: "{{draft}}", placeholder: "type here", onChange: "typed")
                ListView("{{rows}}", key: "id", item: "r", onReachBottom: "more", threshold: 1) {
                    Row(spacing: 1) {
                        Text("row {{r.id}}").onTap("pick").data(["id": "{{r.id}}"])
                        Text("(open)")
                    }.onTap("row").data(["id": "{{r.id}}"])
                }.id("rows")
            }
        }
        """#.write(toFile: dir + "/pages/inbox.swift", atomically: true, encoding: .utf8)
        try #"""
        function rows(from, count) { return Array.from({ length: count }, (_, i) => ({ id: from + i })) }
        Page('inbox', {
          data: { log: '', draft: '', rows: rows(0, 20) },
          add(s) { this.setData({ log: this.data.log + ' ' + s }) },
          refresh() { this.add('refresh') },
          archive() { this.add('archive') },
          find() { this.add('find') },
          unlabelled() { this.add('x') },
          typed(e) { this.setData({ draft: e.detail.value }) },
          pick(e) { this.add(`pick${e.currentTarget.dataset.id}/${e.target.dataset.id}`) },
          row(e) { this.add(`row${e.currentTarget.dataset.id}`) },
          more(e) {
            this.add(`more${e.detail.count}`)
            this.setData({ rows: this.data.rows.concat(rows(this.data.rows.length, 20)) })
          },
          onKey(e) {
            this.add(`key:${e.detail.key}`)
            if (e.detail.key === 'j') bridge.invoke('scrollTo', { id: 'rows', key: 4 })
          },
        })
        """#.write(toFile: dir + "/main.js", atomically: true, encoding: .utf8)
        return dir
    }

    func run(_ events: String?, size: String = "40x8") async throws -> [String] {
        let r = try await BuiltBinaries.snapshot(try Self.project(), size: size, events: events,
                                                 extra: ["--store", BuiltBinaries.temporaryFolder()])
        #expect(r.status == 0, "\(r.stderr)")
        return r.stdout.lines
    }

    @Test func theFooterShowsLabelledBindingsAndShortensToFit() async throws {
        // Tab moves focus from the field to the list: every binding can fire.
        let wide = try await run("key Tab\nsettle\n", size: "40x8")
        #expect(wide[7] == " ^R Refresh  d Archive  ^F Find  ? Help")
        let narrow = try await run("key Tab\nsettle\n", size: "30x8")
        #expect(narrow[7] == " ^R Refresh  d Archive  ? Help")
    }

    /// While the field has focus (as the page opens), `d` is typed and Ctrl-F moves the caret: the footer shows
    /// only what can fire.
    @Test func theFooterLeavesOutWhatAFocusedFieldTakes() async throws {
        let focused = try await run(nil, size: "40x8")
        #expect(focused[7] == " ^R Refresh  ? Help")
    }

    @Test func bindingsRunWhenNoFocusedFieldWantsTheKey() async throws {
        // The field has focus when the page opens; Tab moves on to the list, which wants no letters.
        let lines = try await run("key Tab\nkey d\nkey Ctrl-r\nkey Ctrl-f\nkey x\nsettle\n")
        #expect(lines[0] == "log: archive refresh find x")
        // Typed into the focused field, the same letter is text, not a shortcut.
        let typed = try await run("type dd\nsettle\n")
        #expect(typed[0] == "log:")
        #expect(typed[1].hasPrefix("dd"))
    }

    @Test func keysNoWidgetUsesReachOnKeyArrowsIncluded() async throws {
        let lines = try await run("key Tab\nkey Left\nkey q\nkey F5\nsettle\n")
        #expect(lines[0] == "log: key:Left key:q key:F5")
    }

    @Test func questionMarkOpensTheHelpAndEscClosesIt() async throws {
        let help = try await run("key Tab\nkey ?\nsettle\n", size: "50x20")
        let text = help.joined(separator: "\n")
        #expect(text.contains("^R") && text.contains("Refresh") && text.contains("unlabelled") && text.contains("Esc closes this help"))
        let closed = try await run("key Tab\nkey ?\nkey Esc\nkey d\nsettle\n", size: "50x20")
        #expect(closed[0] == "log: archive")  // Esc closed the help (it did not leave the app), then d ran
    }

    @Test func aClickOnARowBubblesFromTheTextToTheRow() async throws {
        let lines = try await run("click 1 3\nsettle\n")
        #expect(lines[0] == "log: pick1/1 row1")
        let outer = try await run("click 8 3\nsettle\n")
        #expect(outer[0] == "log: row1")
    }

    @Test func reachingTheEndLoadsMoreOnceAndScrollToJumps() async throws {
        // Five rows show; PageDown five times reaches rows 15-19 of 20, within the threshold of 1: more rows load once.
        let lines = try await run("key Tab\n" + String(repeating: "key PageDown\nsettle\n", count: 5), size: "40x8")
        #expect(lines[0] == "log: more20")
        let jumped = try await run("key Tab\nkey j\nsettle\n", size: "40x8")
        #expect(jumped[2].hasPrefix("row 4 (open)"), "\(jumped)")
    }
}
