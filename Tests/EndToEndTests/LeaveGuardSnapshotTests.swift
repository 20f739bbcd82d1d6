import Foundation
import Testing

/// `onBeforeLeave({reason})` through `termini snapshot`: a draft page asks "Discard draft?" on every way out (Esc,
/// Backspace, the `‹` click, the script's navigateBack, a tab switch, the exit keys), stays when told to, and never
/// traps the user: a guard that throws or never answers is overruled.
@Suite struct LeaveGuardSnapshotTests {
    static let editPage = """
        import TerminiDSL

        let edit = Page("edit", title: "Edit", keys: [Key("ctrl+s", "save", "Save"), Key("ctrl+b", "back", "Back")]) {
            Column {
                TextField(value: "{{draft}}", placeholder: "Draft", onChange: "typed").autoFocus()
                Text("asked: {{asked}} result: {{result}}")
            }
        }
        """

    /// `guardBody` is the edit page's `onBeforeLeave`.
    static func project(guardBody: String = Self.askingGuard) throws -> String {
        try BuiltBinaries.project(id: "leave", pages: ["index": """
            import TerminiDSL

            let index = Page("index", title: "Home") {
                Column {
                    Text("home {{note}}")
                    Button("Edit", onTap: "open")
                }
            }
            """, "edit": editPage], script: """
            Page('index', {
              data: { note: '' },
              open() { bridge.invoke('navigateTo', { url: 'edit' }) },
              onShow(o) { if (o && o.result) this.setData({ note: 'got ' + o.result }) },
            })
            Page('edit', {
              data: { draft: '', dirty: false, asked: '', result: '' },
              typed(e) { this.setData({ draft: e.detail.value, dirty: true }) },
              \(guardBody),
              async back() { const r = await bridge.invoke('navigateBack', {}); this.setData({ result: 'left=' + r.left }) },
              save() { bridge.invoke('navigateBack', { force: true, result: this.data.draft }) },
            })
            """)
    }

    static let askingGuard = """
        async onBeforeLeave({ reason }) {
            this.setData({ asked: this.data.asked + reason + ',' })
            if (!this.data.dirty) return true
            const answer = await bridge.invoke('showModal', { title: 'Discard draft?', content: 'Unsaved text.' })
            return answer.confirm
          }
        """

    /// Opens the edit page and types a draft, then blurs the field (Esc) so the next keys reach the page.
    static let draft = "key Enter\nsettle\ntype hi\nkey Esc\nsettle\n"

    @Test func eachWayOutAsksAndCancelKeepsTheDraft() async throws {
        let dir = try Self.project()
        // Esc, then Cancel; Backspace, then Cancel; the `‹` click, then Cancel: the draft is still there.
        let events = Self.draft + "key Esc\nsettle\nkey Esc\nsettle\nkey Backspace\nsettle\nkey Esc\nsettle\n"
            + "click 1 0\nsettle\nkey Esc\nsettle\n"
        let r = try await BuiltBinaries.snapshot(dir, size: "70x10", events: events)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("asked: escape,backspace,backButton,"), "\(r.stdout)")
        #expect(r.stdout.lines.first?.contains("Edit") == true && r.stdout.contains("hi"), "\(r.stdout)")
        #expect(!r.stdout.contains("Discard draft?"), "\(r.stdout)")
    }

    @Test func confirmingTheQuestionLeaves() async throws {
        let r = try await BuiltBinaries.snapshot(try Self.project(), size: "70x10",
                                                 events: Self.draft + "click 1 0\nsettle\nkey Right\nkey Enter\nsettle\n")
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.lines.first?.contains("Home") == true, "\(r.stdout)")
    }

    /// The page's own navigateBack asks too and hears `{left: false}` when it stays; `force: true` skips the guard
    /// and hands its result to the page below.
    @Test func scriptNavigationAsksUnlessForced() async throws {
        let dir = try Self.project()
        let stayed = try await BuiltBinaries.snapshot(dir, size: "70x10", events: Self.draft + "key ctrl+b\nsettle\nkey Esc\nsettle\n")
        #expect(stayed.stdout.contains("asked: navigateBack, result: left=false"), "\(stayed.stdout)")
        let forced = try await BuiltBinaries.snapshot(dir, size: "70x10", events: Self.draft + "key ctrl+s\nsettle\n")
        #expect(forced.stdout.contains("home got hi"), "\(forced.stdout)")
        #expect(!forced.stdout.contains("Discard"), "\(forced.stdout)")
    }

    /// A guard that throws, and one that never settles, do not trap the user: the page leaves (the second after the
    /// script time limit, or at once on a second Ctrl-C) and the console says why.
    @Test func aBrokenGuardNeverTrapsTheUser() async throws {
        let throwing = try Self.project(guardBody: "onBeforeLeave() { throw new Error('guard broke') }")
        let thrown = try await BuiltBinaries.snapshot(throwing, size: "70x10", events: Self.draft + "key Esc\nsettle\n")
        #expect(thrown.stdout.lines.first?.contains("Home") == true, "\(thrown.stdout)")
        #expect(thrown.status == 1, "a broken guard is a script error for CI: \(thrown.stderr)")
        #expect(thrown.stderr.contains("onBeforeLeave failed, so the page leaves: Error: guard broke"), "\(thrown.stderr)")

        let hanging = try Self.project(guardBody: "onBeforeLeave() { return new Promise(() => {}) }")
        let early = try await BuiltBinaries.snapshot(hanging, size: "70x10", events: Self.draft + "key Esc\nwait 300\n")
        #expect(early.stdout.lines.first?.contains("Edit") == true, "still asking after 0.3 s: \(early.stdout)")
        let late = try await BuiltBinaries.snapshot(hanging, size: "70x10", events: Self.draft + "key Esc\nwait 1500\nsettle\n")
        #expect(late.stdout.lines.first?.contains("Home") == true, "\(late.stdout)")
        #expect(late.stderr.contains("onBeforeLeave(escape) was overruled, so the page leaves: it did not answer within the 1.0 s script limit"),
                "\(late.stderr)")
        let quit = try await BuiltBinaries.snapshot(hanging, size: "70x10", events: Self.draft + "key ctrl+c\nwait 200\nkey ctrl+c\nwait 100\n")
        #expect(quit.status == 0, "\(quit.stderr)")
        #expect(quit.stderr.contains("page 'edit' was being asked about exit when an exit key was pressed; the app closes"), "\(quit.stderr)")
    }

    /// On a tab page, a tab switch (the `]` key and a click on the strip) and the exit keys ask; Ctrl-C pressed again
    /// while the page is asked closes the app anyway.
    @Test func tabSwitchesAndExitKeysAsk() async throws {
        let dir = try BuiltBinaries.project(id: "tableave", pages: ["a": """
            import TerminiDSL

            let a = Page("a", title: "A") { Text("page a asked: {{asked}}") }
            """, "b": """
            import TerminiDSL

            let b = Page("b", title: "B") { Text("page b") }
            """], script: """
            Page('a', {
              data: { asked: '' },
              onBeforeLeave({ reason }) { this.setData({ asked: this.data.asked + reason + ',' }); return false },
            })
            Page('b', {})
            """)
        var manifest = try String(contentsOfFile: dir + "/app.json", encoding: .utf8)
        manifest = manifest.replacingOccurrences(of: #""permissions""#,
            with: #""tabBar": { "list": [ { "page": "a", "text": "Alpha" }, { "page": "b", "text": "Beta" } ] }, "permissions""#)
        try manifest.write(toFile: dir + "/app.json", atomically: true, encoding: .utf8)
        let stays = try await BuiltBinaries.snapshot(dir, size: "60x8", events: "key ]\nsettle\nkey Esc\nsettle\nkey ctrl+q\nsettle\n")
        #expect(stays.status == 0, "\(stays.stderr)")
        #expect(stays.stdout.contains("page a asked: switchTab,exit,exit,"), "\(stays.stdout)")
        let strip = stays.stdout.lines.firstIndex { $0.contains("Beta") } ?? 7
        let column = stays.stdout.lines[strip].range(of: "Beta").map { stays.stdout.lines[strip].distance(from: stays.stdout.lines[strip].startIndex, to: $0.lowerBound) } ?? 0
        let clicked = try await BuiltBinaries.snapshot(dir, size: "60x8", events: "click \(column) \(strip)\nsettle\n")
        #expect(clicked.stdout.contains("page a asked: switchTab,"), "\(clicked.stdout)")
    }
}
