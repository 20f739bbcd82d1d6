import Foundation
import Testing
import TerminiTemplate
@testable import TerminiRuntime

/// app.json's `tabBar` and `switchTab`: the strip under a tab page, tab pages kept loaded while hidden, the keys
/// and clicks that switch, and what the navigation commands refuse, observed through hooks, answers and the screen.
@Suite struct TabBarTests {
    static let tabs = TabBar(list: [.init(page: "inbox", text: "Inbox"), .init(page: "sent", text: "Sent"),
                                    .init(page: "about", text: "About")])

    func harness(_ action: String, extra: String = "") throws -> EngineHarness {
        let h = try EngineHarness(pages: ["inbox", "sent", "about", "detail"], action: action, extraScript: extra,
                                  tabBar: Self.tabs)
        h.start()
        return h
    }

    let tapGo = "key Enter\nsettle\n"

    @Test func theStripShowsUnderATabPageAndSwitchesWithItsKeys() throws {
        let h = try harness("function ACTION() {}")
        #expect(h.screen[11] == "  Inbox  │  Sent  │  About", "\(h.screen)")
        h.clearLog()
        try h.play("key ]\nsettle\n")
        #expect(h.hooks == ["inbox.onHide", "sent.onLoad {}", "sent.onShow", "sent.onReady"])
        #expect(h.pageNames == ["sent"])
        #expect(h.screen[0].hasPrefix(" Title sent") && h.screen[1].hasPrefix("sent: hello"))
        // `[` from the first tab wraps to the last.
        try h.play("key [\nkey [\nsettle\n")
        #expect(h.pageNames == ["about"])
    }

    @Test func aTabPageKeepsItsStateWhileAnotherTabShows() throws {
        let h = try harness("function ACTION() {}")
        try h.play("key Tab\ntype draft kept\nsettle\n")
        #expect(h.screen[3].contains("draft kept"), "\(h.screen)")
        try h.play("key Tab\nkey ]\nsettle\n")
        h.clearLog()
        try h.play("key [\nsettle\n")
        // Back as it was: no second onLoad, the draft still in its field.
        #expect(h.hooks == ["sent.onHide", "inbox.onShow"], "\(h.log)")
        #expect(h.pageNames == ["inbox"])
        #expect(h.screen[3].contains("draft kept"), "\(h.screen)")
    }

    @Test func aClickOnALabelSwitchesToThatTab() throws {
        let h = try harness("function ACTION() {}")
        // The tab already shown: nothing happens.
        h.clearLog()
        try h.play("click 3 11\nsettle\n")
        #expect(h.hooks.isEmpty, "\(h.log)")
        // "  Inbox  │  Sent  │  About": About's label starts at column 20.
        try h.play("click 22 11\nsettle\n")
        #expect(h.pageNames == ["about"])
        #expect(h.screen[11] == "  Inbox  │  Sent  │  About")
    }

    @Test func switchTabUnloadsPushedPagesAndGetCurrentPagesListsOnlyTheStack() throws {
        let h = try harness("""
        function ACTION(name) {
          if (name === 'inbox') report(bridge.invoke('navigateTo', { url: 'detail' }))
          else if (name === 'detail') report(bridge.invoke('switchTab', { url: 'sent' }))
          else log('pages ' + getCurrentPages().map(p => p.route).join(','))
        }
        """)
        try h.play(tapGo)
        #expect(h.pageNames == ["inbox", "detail"])
        // A pushed page has no strip.
        #expect(!h.screen[11].contains("Inbox"))
        h.clearLog()
        try h.play(tapGo)
        #expect(h.hooks == ["detail.onUnload", "inbox.onHide", "sent.onLoad {}", "sent.onShow", "sent.onReady"], "\(h.log)")
        #expect(h.log.contains("ok switchTab:ok"))
        try h.play(tapGo)
        #expect(h.log.contains("pages sent"), "the parked inbox is loaded but not on the stack: \(h.log)")
    }

    @Test func aParkedTabStillTakesSetDataAndShowsItWhenBack() throws {
        let h = try harness("function ACTION() {}")
        try h.play("key ]\nsettle\n")
        // The inbox page (the first, id 1) is parked: its handlers and setData keep working.
        h.engine.runtime.dispatchEvent(pageId: 1, handler: "onDraft", event: .object(["detail": .object(["value": .string("while away")])]),
                                       loc: nil, ifDefined: false)
        h.session.settle()
        try h.play("key [\nsettle\n")
        #expect(h.screen[3].contains("while away"), "\(h.screen)")
    }

    @Test func navigationCommandsRefuseWhatTabsForbid() throws {
        let h = try harness("""
        function ACTION() {
          report(bridge.invoke('navigateTo', { url: 'sent' }))
          report(bridge.invoke('redirectTo', { url: 'about' }))
          report(bridge.invoke('switchTab', { url: 'detail' }))
          report(bridge.invoke('switchTab', { url: 'sent?x=1' }))
        }
        """)
        try h.play(tapGo)
        #expect(h.log.contains("fail 3 navigateTo:fail 'sent' is a tab page: use switchTab, not navigateTo"), "\(h.log)")
        #expect(h.log.contains("fail 3 redirectTo:fail 'about' is a tab page: use switchTab, not redirectTo"))
        #expect(h.log.contains("fail 3 switchTab:fail 'detail' is not a tab page (tabs: inbox, sent, about); use navigateTo for other pages"))
        #expect(h.log.contains("fail 3 switchTab:fail switchTab's url takes no query: a tab page is loaded once and kept"))
        #expect(h.pageNames == ["inbox"])
    }

    @Test func reLaunchUnloadsParkedTabsToo() throws {
        let h = try harness("function ACTION(name) { if (name === 'sent') report(bridge.invoke('reLaunch', { url: 'detail' })) }")
        try h.play("key ]\nsettle\n")
        h.clearLog()
        try h.play(tapGo)
        #expect(Set(h.hooks.filter { $0.hasSuffix("onUnload") }) == ["sent.onUnload", "inbox.onUnload"], "\(h.log)")
        #expect(h.pageNames == ["detail"])
    }

    @Test func suspendAndResumeRunTheHooksInWeChatsOrder() throws {
        let h = try harness("function ACTION() {}", extra: """
        App({ onHide() { log('App.onHide') }, onShow(o) { log('App.onShow ' + JSON.stringify(o)) } })
        """)
        h.clearLog()
        try h.play("suspend\nsettle\n")
        #expect(h.hooks == ["inbox.onHide", "App.onHide", #"App.onShow {"path":"inbox","reason":"resume"}"#, "inbox.onShow"],
                "\(h.log)")
    }

    @Test func manifestTabBarErrorsNameThePath() throws {
        func decode(_ tabBar: String) -> String {
            let json = try! JSONValue.parse(#"{"id":"a","version":"1.0.0","pages":["x","y"],"tabBar":\#(tabBar)}"#)
            do {
                _ = try BundleManifest(json: json, file: "app.json")
                return "ok"
            } catch { return error.description }
        }
        #expect(decode(#"{"list":[{"page":"x","text":"X"},{"page":"y","text":"Y"}]}"#) == "ok")
        #expect(decode(#"{"list":[{"page":"x","text":"X"}]}"#) == "app.json: $.tabBar.list: a tab bar has 2 to 5 tabs, found 1")
        #expect(decode(#"{"list":[{"page":"x","text":"X"},{"page":"z","text":"Z"}]}"#)
                == "app.json: $.tabBar.list[1].page: 'z' is not one of the app's pages (x, y)")
        #expect(decode(#"{"list":[{"page":"x","text":"X"},{"page":"x","text":"Y"}]}"#)
                == "app.json: $.tabBar.list[1].page: 'x' has a tab already")
        #expect(decode(#"{"list":[{"page":"x","text":""},{"page":"y","text":"Y"}]}"#)
                == "app.json: $.tabBar.list[0].text: expected a non-empty label")
        #expect(decode(#"[]"#) == "app.json: $.tabBar: expected an object, found array")
    }
}
