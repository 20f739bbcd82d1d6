import Foundation
import Testing
import TerminiTemplate
@testable import TerminiRuntime

/// An `app.json` key binding calls the visible page's method, or else the `App({...})` method of that name; the
/// footer and the `?` help show it only on pages where one of them exists.
@Suite struct AppKeyBindingsTests {
    /// Pages a and b with a plain root (no text field, so Ctrl-F is no caret key); b has its own `find`.
    func harness(app: String) throws -> EngineHarness {
        let keys = try KeyBinding.decodeList(try JSONValue.parse(#"[{"key": "ctrl+f", "handler": "find", "label": "Find"}]"#),
                                             path: "$.keys")
        return try EngineHarness(
            pages: ["a", "b"], action: "function ACTION(name) { report(bridge.invoke('navigateTo', { url: 'b' })) }",
            extraScript: app,
            root: #"{"cls":"Column","children":[{"cls":"Text","p1":"{{message}}"},{"cls":"Button","p1":"Go","onTap":"go"}]}"#,
            keys: keys,
            pageMembers: """
                ...(name === 'b' ? { find(e) { log('b.find ' + e.detail.key) } } : {}),
                onKey(e) { log(name + '.onKey ' + e.detail.key) },
                """)
    }

    static let app = "App({ find(e) { log('App.find ' + e.detail.key + ' on ' + getCurrentPages().pop().route + (this === getApp() ? ' this=App' : ' this=?')) } })"

    @Test func aPageWithoutTheMethodHandsTheKeyToTheApp() throws {
        let h = try harness(app: Self.app)
        h.start()
        #expect(h.screen.last?.hasPrefix(" ^F Find  ? Help") == true, "\(h.screen)")
        try h.play("key Ctrl-f\nsettle\n")
        #expect(h.log.contains("App.find Ctrl-f on a this=App"), "\(h.log)")
        #expect(!h.log.contains { $0.contains("has no method") || $0.contains(".onKey") }, "\(h.log)")
    }

    @Test func aPageWithTheMethodWinsOverTheApp() throws {
        let h = try harness(app: Self.app)
        h.start()
        try h.play("key Enter\nsettle\n")  // Go: opens b
        #expect(h.pageNames == ["a", "b"])
        h.clearLog()
        try h.play("key Ctrl-f\nsettle\n")
        #expect(h.log.contains("b.find Ctrl-f"), "\(h.log)")
        #expect(!h.log.contains { $0.hasPrefix("App.find") }, "\(h.log)")
    }

    /// Where neither the page nor the App has it, the binding is not in force: no footer entry, no help line, and
    /// the key reaches `onKey` like any unbound key, with no warning about a missing method.
    @Test func aBindingNothingHandlesIsNotShownAndItsKeyGoesToOnKey() throws {
        let h = try harness(app: "App({ onLaunch() {} })")
        h.start()
        #expect(!h.screen.joined().contains("Find"), "no footer entry: \(h.screen)")
        try h.play("key Ctrl-f\nsettle\n")
        #expect(h.log.contains("a.onKey Ctrl-f"), "\(h.log)")
        #expect(!h.log.contains { $0.contains("has no method") }, "\(h.log)")
        // On b, whose page defines find, the same binding shows.
        try h.play("key Enter\nsettle\n")
        #expect(h.pageNames == ["a", "b"])
        #expect(h.screen.last?.hasPrefix(" ^F Find  ? Help") == true, "\(h.screen)")
    }

    @Test func keyBindingsLeaveOutWhatNothingHandles() throws {
        let keys = try KeyBinding.decodeList(try JSONValue.parse(#"""
            [{"key": "ctrl+f", "handler": "find", "label": "Find"}, {"key": "ctrl+e", "handler": "export", "label": "Export"}]
            """#), path: "$.keys")
        let bindings = KeyBindings(page: [], app: keys, bindable: ["find"])
        #expect(bindings.labelled.map(\.handler) == ["find"])
        #expect(bindings.binding(for: .control("e")) == nil)
        #expect(bindings.binding(for: .control("f"))?.handler == "find")
        #expect(bindings.footerText(width: 40) == "^F Find  ? Help")
        #expect(!bindings.helpLines(refreshes: false).contains { $0.action == "Export" }, "nor in the help")
        #expect(KeyBindings(page: [], app: keys).labelled.count == 2, "without a list every binding counts")
    }
}
