import Foundation
import Testing

/// `this.focus(id)` and `this.blur()` from page scripts, through `termini snapshot`: "/ focuses the search field"
/// as an issue tracker needs it, a blur that hands the keys back to the page, and a wrong id's clear error.
@Suite struct FocusFromCodeTests {
    static func project() throws -> String {
        let dir = BuiltBinaries.temporaryFolder() + "/focus"
        try FileManager.default.createDirectory(atPath: dir + "/pages", withIntermediateDirectories: true)
        try #"{ "id": "focus", "name": "Focus", "version": "1.0.0", "pages": ["index"], "permissions": [] }"#
            .write(toFile: dir + "/app.json", atomically: true, encoding: .utf8)
        try """
            import TerminiDSL

            let index = Page("index", title: "Issues", keys: [Key("/", "search", "Search"), Key("x", "mark", "Mark"),
                                                              Key("ctrl+o", "leave", "Leave"), Key("w", "wrong", "Wrong")]) {
                Column {
                    Button("New issue", onTap: "create")
                    TextField(value: "{{query}}", placeholder: "Search", onChange: "typed").id("search")
                    Text("query: {{query}} · marks: {{marks}} · {{status}}").id("status")
                }
            }
            """.write(toFile: dir + "/pages/index.swift", atomically: true, encoding: .utf8)
        try """
            Page('index', {
              data: { query: '', marks: 0, status: 'ready' },
              typed(e) { this.setData({ query: e.detail.value }) },
              create() { this.setData({ status: 'created' }) },
              search() { this.focus('search') },
              mark() { this.setData({ marks: this.data.marks + 1 }) },
              leave() { this.blur() },
              wrong() {
                this.focus('nowhere').catch(err => this.setData({ status: err.errMsg }))
                this.focus('status').catch(err => console.log(err.errMsg))
              },
            })
            """.write(toFile: dir + "/main.js", atomically: true, encoding: .utf8)
        return dir
    }

    /// The page opens on its button; `/` puts the caret in the search field, so x is typed there, not a binding;
    /// after Ctrl-O blurs it (a chord the field does not take), x is the page's binding again.
    @Test func aKeyBindingFocusesTheSearchFieldAndBlurGivesTheKeysBack() async throws {
        let r = try await BuiltBinaries.snapshot(try Self.project(), size: "70x8",
                                                 events: "key x\nsettle\nkey /\nsettle\ntype fix x\nsettle\nkey ctrl+o\nsettle\nkey x\nsettle\n")
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("query: fix x · marks: 2 · ready"), "\(r.stdout)")
    }

    /// A wrong id rejects with an errMsg that names it; so does a widget that cannot take focus.
    @Test func aWrongIdIsAClearError() async throws {
        let r = try await BuiltBinaries.snapshot(try Self.project(), size: "120x8", events: "key w\nsettle\n")
        #expect(r.stdout.contains("focus:fail no widget on the page has the id 'nowhere'"), "\(r.stdout)")
        #expect(r.stderr.contains("focus:fail the widget with the id 'status' (Text) cannot take focus"), "\(r.stderr)")
    }
}
