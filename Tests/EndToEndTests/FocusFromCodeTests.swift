import Foundation
import Testing

/// `this.focus(id)` and `this.blur()` from page scripts, through `termini snapshot`: "/ focuses the search field"
/// as an issue tracker needs it, a blur that hands the keys back to the page, and a wrong id's clear error.
@Suite struct FocusFromCodeTests {
    static func project() throws -> String {
        try BuiltBinaries.project(id: "focus", pages: ["index": """
            import TerminiDSL

            let index = Page("index", title: "Issues", keys: [Key("/", "search", "Search"), Key("x", "mark", "Mark"),
                                                              Key("ctrl+o", "leave", "Leave"), Key("w", "wrong", "Wrong")]) {
                Column {
                    Button("New issue", onTap: "create")
                    TextField(value: "{{query}}", placeholder: "Search", onChange: "typed").id("search")
                        .onFocus("entered").onBlur("left")
                    Text("query: {{query}} · marks: {{marks}} · {{status}}").id("status")
                }
            }
            """], script: """
            Page('index', {
              data: { query: '', marks: 0, status: 'ready' },
              typed(e) { this.setData({ query: e.detail.value }) },
              entered(e) { this.setData({ status: 'in ' + e.detail.id }) },
              left(e) { this.setData({ status: 'left ' + e.detail.id }) },
              create() { this.setData({ status: 'created' }) },
              search() { this.focus('search') },
              mark() { this.setData({ marks: this.data.marks + 1 }) },
              leave() { this.blur() },
              wrong() {
                this.focus('nowhere').catch(err => this.setData({ status: err.errMsg }))
                this.focus('status').catch(err => console.log(err.errMsg))
              },
            })
            """)
    }

    /// The page opens on its button; `/` puts the caret in the search field (whose `.onFocus` hears it), so x is
    /// typed there, not a binding;
    /// after Ctrl-O blurs it (a chord the field does not take), x is the page's binding again.
    @Test func aKeyBindingFocusesTheSearchFieldAndBlurGivesTheKeysBack() async throws {
        let r = try await BuiltBinaries.snapshot(try Self.project(), size: "70x8",
                                                 events: "key x\nsettle\nkey /\nsettle\ntype fix x\nsettle\nkey ctrl+o\nsettle\nkey x\nsettle\n")
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("query: fix x · marks: 2 · left search"), "\(r.stdout)")
        let focused = try await BuiltBinaries.snapshot(try Self.project(), size: "70x8", events: "key /\nsettle\n")
        #expect(focused.stdout.contains("query:  · marks: 0 · in search"), "\(focused.stdout)")
    }

    /// A wrong id rejects with an errMsg that names it; so does a widget that cannot take focus.
    @Test func aWrongIdIsAClearError() async throws {
        let r = try await BuiltBinaries.snapshot(try Self.project(), size: "120x8", events: "key w\nsettle\n")
        #expect(r.stdout.contains("focus:fail no widget on the page has the id 'nowhere'"), "\(r.stdout)")
        #expect(r.stderr.contains("focus:fail the widget with the id 'status' (Text) cannot take focus"), "\(r.stderr)")
    }

    /// In a real terminal at 30×8, a form in an overflowing ScrollView opens ready to type in its first field.
    @Test func aFormInAnOverflowingScrollViewOpensOnItsFirstField() async throws {
        let dir = try BuiltBinaries.project(id: "scrollform", pages: ["index": """
            import TerminiDSL

            let index = Page("index", title: "Form") {
                ScrollView {
                    Text("name: {{name}}")
                    TextField(value: "{{name}}", placeholder: "Name", onChange: "named")
                    TextField(value: "", placeholder: "Email")
                    TextField(value: "", placeholder: "Phone")
                    TextField(value: "", placeholder: "City")
                    TextField(value: "", placeholder: "Notes")
                    TextField(value: "", placeholder: "Country")
                    TextField(value: "", placeholder: "Company")
                    TextField(value: "", placeholder: "Role")
                }
            }
            """], script: "Page('index', { data: { name: '' }, named(e) { this.setData({ name: e.detail.value }) } })")
        let tmux = TmuxSession()
        try tmux.start("env -i \(BuiltBinaries.sanitizerEnvironment) PATH=/usr/bin:/bin TERM=tmux-256color HOME=\(NSTemporaryDirectory()) \(BuiltBinaries.path("termini")) run \(dir)",
                       width: 30, height: 8)
        defer { tmux.kill() }
        _ = try await tmux.waitForScreen { $0.contains("name:") }
        try tmux.type("Ada")
        let screen = try await tmux.waitForScreen { $0.contains("name: Ada") }
        #expect(screen.contains("name: Ada"), "\(screen)")
    }

    /// `this.focus` with a per-row id (`.id("qty-{{item.id}}")`) of a row far below the screen, not built yet: the
    /// list scrolls that row into view and its field takes the keys.
    @Test func focusOnARowNotBuiltYetScrollsItIntoView() async throws {
        let dir = try BuiltBinaries.project(id: "rowfocus", pages: ["index": """
            import TerminiDSL

            let index = Page("index", title: "Order", keys: [Key("g", "jump", "Jump")]) {
                Column {
                    Text("last: {{last}}")
                    ListView("{{items}}", key: "id") {
                        Row(spacing: 1) {
                            Text("item {{item.id}}")
                            TextField(value: "", placeholder: "qty", onChange: "qty").id("qty-{{item.id}}").data(["id": "{{item.id}}"])
                        }
                    }
                }
            }
            """], script: """
            Page('index', {
              data: { last: '', items: Array.from({ length: 500 }, (_, i) => ({ id: i })) },
              jump() { this.focus('qty-420') },
              qty(e) { this.setData({ last: e.dataset.id + '=' + e.detail.value }) },
            })
            """)
        let r = try await BuiltBinaries.snapshot(dir, size: "40x10", events: "key g\nsettle\ntype 7\nsettle\n")
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("last: 420=7"), "\(r.stdout)")
        #expect(r.stdout.contains("item 420"), "\(r.stdout)")
    }
}
