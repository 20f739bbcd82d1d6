import Foundation
import Testing
@testable import TerminiRuntime

/// navigateTo, redirectTo, navigateBack, reLaunch, the stack limit, busy navigation, keys that go back, the title
/// bar and exitMiniApp, observed through lifecycle logs, bridge answers and the screen.
@Suite struct NavigationTests {
    static let pages = ["a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k"]

    func harness(_ action: String, extra: String = "", pageMembers: String = "") throws -> EngineHarness {
        let h = try EngineHarness(pages: Self.pages, action: action, extraScript: extra, pageMembers: pageMembers)
        h.start()
        return h
    }

    /// Press the page's Go button: the first focusable widget, which has focus when the page opens.
    let tapGo = "key Enter\nsettle\n"

    @Test func navigateToRunsHooksInOrderAndPassesTheQuery() throws {
        let h = try harness("function ACTION() { report(bridge.invoke('navigateTo', { url: 'minigame://nav/b?id=3&q=a%20b' })) }")
        #expect(h.hooks == ["a.onLoad {}", "a.onShow", "a.onReady"])
        h.clearLog()
        try h.play(tapGo)
        #expect(h.hooks == ["a.onHide", #"b.onLoad {"id":"3","q":"a b"}"#, "b.onShow", "b.onReady"])
        #expect(h.log.contains("ok navigateTo:ok"))
        #expect(h.pageNames == ["a", "b"])
        // The pushed page has a title bar with the way back; the page's own rows start below it.
        #expect(h.screen[0].hasPrefix(" ‹ Title b"))
        #expect(h.screen[1].hasPrefix("b: hello"))
    }

    @Test func bareNameWithQueryOpensThePage() throws {
        let h = try harness("function ACTION() { report(bridge.invoke('navigateTo', { url: 'c?x=1' })) }")
        try h.play(tapGo)
        #expect(h.log.contains(#"c.onLoad {"x":"1"}"#))
        #expect(h.pageNames == ["a", "c"])
    }

    @Test func redirectToUnloadsTheOldPage() throws {
        let h = try harness("function ACTION() { report(bridge.invoke('redirectTo', { url: 'b' })) }")
        h.clearLog()
        try h.play(tapGo)
        #expect(h.hooks == ["a.onUnload", "b.onLoad {}", "b.onShow", "b.onReady"])
        #expect(h.log.firstIndex(of: "ok redirectTo:ok") ?? .max < h.log.firstIndex(of: "a.onUnload") ?? -1,
                "the caller hears success before its onUnload: \(h.log)")
        #expect(h.pageNames == ["b"])
        // b is the root now: its title bar has no way back, and Esc leaves the app.
        #expect(h.screen[0].hasPrefix(" Title b") && h.screen[1].hasPrefix("b: hello"))
        try h.play("key Esc\n")
        #expect(h.engine.isFinished)
    }

    @Test func navigateBackDeliversItsResultToTheRevealedPagesOnShow() throws {
        let h = try harness("""
        function ACTION(name) {
          if (name === 'a') report(bridge.invoke('navigateTo', { url: 'b' }))
          else report(bridge.invoke('navigateBack', { result: { account: 'ada', count: 2 } }))
        }
        """)
        try h.play(tapGo)
        h.clearLog()
        try h.play(tapGo)
        #expect(h.hooks == ["b.onUnload", #"a.onShow {"result":{"account":"ada","count":2}}"#], "\(h.log)")
        #expect(h.pageNames == ["a"])
        // Without a result, onShow receives nothing, as before (navigateBackUnloadsTheTopAndShowsTheRevealedPage).
    }

    @Test func navigateBackUnloadsTheTopAndShowsTheRevealedPage() throws {
        let h = try harness("""
        function ACTION(name) {
          if (name === 'a') report(bridge.invoke('navigateTo', { url: 'b' }))
          else report(bridge.invoke('navigateBack'))
        }
        """)
        try h.play(tapGo)
        h.clearLog()
        try h.play(tapGo)
        #expect(h.hooks == ["b.onUnload", "a.onShow"])
        #expect(h.log.contains("ok navigateBack:ok"))
        #expect(h.pageNames == ["a"])
        #expect(h.screen[0].hasPrefix(" Title a") && h.screen[1].hasPrefix("a: hello"))
    }

    @Test func navigateBackPastTheRootFailsAndABigDeltaStopsAtTheRoot() throws {
        let h = try harness("""
        async function ACTION() {
          await report(bridge.invoke('navigateBack'))
          await bridge.invoke('navigateTo', { url: 'b' })
          await bridge.invoke('navigateTo', { url: 'c' })
          await report(bridge.invoke('navigateBack', { delta: 5 }))
          await report(bridge.invoke('navigateBack', { delta: 0 }))
        }
        """)
        try h.play(tapGo)
        #expect(h.log.contains("fail 9 navigateBack:fail already on the first page; there is no page to go back to"))
        #expect(h.log.contains("ok navigateBack:ok"))
        #expect(h.log.contains { $0.hasPrefix("fail 3 navigateBack:fail parameter 'delta' must be a whole number") })
        #expect(h.pageNames == ["a"])
        #expect(h.log.filter { $0.hasSuffix(".onUnload") } == ["c.onUnload", "b.onUnload"])
    }

    @Test func theEleventhPageFails() throws {
        let h = try harness("""
        async function ACTION() {
          for (const name of ['b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j', 'k']) {
            await report(bridge.invoke('navigateTo', { url: name }))
          }
          log('depth ' + getCurrentPages().length)
        }
        """)
        try h.play(tapGo)
        #expect(h.log.filter { $0 == "ok navigateTo:ok" }.count == 9)
        #expect(h.log.contains("fail 9 navigateTo:fail the page stack is full (10 pages); use redirectTo or navigateBack"))
        #expect(h.log.contains("depth 10"))
        #expect(h.pageNames.count == 10)
        #expect(!h.log.contains("k.onLoad {}"))
    }

    @Test func unknownPagesAndBadURLsFail() throws {
        let h = try harness("""
        async function ACTION() {
          await report(bridge.invoke('navigateTo', { url: 'nope?x=1' }))
          await report(bridge.invoke('navigateTo', { url: 'minigame://other/b' }))
          await report(bridge.invoke('navigateTo', {}))
          await report(bridge.invoke('redirectTo', { url: 'zzz' }))
        }
        """)
        try h.play(tapGo)
        #expect(h.log.contains("fail 4 navigateTo:fail no page named 'nope' in this app (pages: \(Self.pages.joined(separator: ", ")))"))
        #expect(h.log.contains("fail 3 navigateTo:fail url 'minigame://other/b' belongs to app 'other'; a mini-app can only open its own pages"))
        #expect(h.log.contains("fail 3 navigateTo:fail missing required parameter 'url'"))
        #expect(h.log.contains { $0.hasPrefix("fail 4 redirectTo:fail no page named 'zzz'") })
        #expect(h.pageNames == ["a"])
        #expect(!h.log.contains { $0.hasSuffix(".onHide") || $0.hasSuffix(".onUnload") })
    }

    @Test func aSecondNavigationWhileOneIsInFlightIsBusy() throws {
        let h = try harness("""
        function ACTION() {
          report(bridge.invoke('navigateTo', { url: 'b' }))
          report(bridge.invoke('navigateTo', { url: 'c' }))
        }
        """)
        try h.play(tapGo)
        #expect(h.log.contains("ok navigateTo:ok"))
        #expect(h.log.contains("fail 10 navigateTo:fail busy: another navigation (to 'b') is in progress"))
        #expect(h.pageNames == ["a", "b"])
    }

    @Test func doubleTappingANavigatingButtonOpensOnePage() throws {
        let h = try harness("function ACTION() { report(bridge.invoke('navigateTo', { url: 'b' })) }")
        try h.play("key Enter\nkey Enter\nkey Enter\n")
        #expect(h.pageNames == ["a", "b"])
        #expect(h.log.filter { $0 == "b.onLoad {}" }.count == 1)
        try h.play("key Esc\n")
        #expect(h.pageNames == ["a"])
        #expect(!h.engine.isFinished)
    }

    /// A key typed on a page that has opened, while its own hooks still run, is the user's answer to that page: it is
    /// not held back for the tap that opened it and then dropped as typed on the page below.
    @Test func escOnAnOpenedPageWhoseHooksStillRunGoesBack() throws {
        let h = try harness("function ACTION() { report(bridge.invoke('navigateTo', { url: 'b' })) }",
                            pageMembers: "onShow() { if (name === 'b') { const end = Date.now() + 800; while (Date.now() < end) {} } },")
        for step in try EventScript.parse("key Enter\n", file: "test") { h.session.play(step) }
        let deadline = Date().addingTimeInterval(10)
        while h.pageNames != ["a", "b"], Date() < deadline { h.engine.step(maxWaitMilliseconds: 2) }
        try #require(h.pageNames == ["a", "b"])
        #expect(h.engine.scriptIsWorking, "b's onShow is still running")
        for step in try EventScript.parse("key Esc\n", file: "test") { h.session.play(step) }
        h.session.settle()
        #expect(h.pageNames == ["a"], "\(h.log)")
    }

    @Test func reLaunchUnloadsEveryPage() throws {
        let h = try harness("""
        async function ACTION(name) {
          if (name === 'a') { await bridge.invoke('navigateTo', { url: 'b' }); return }
          report(bridge.invoke('reLaunch', { url: 'c?from=b' }))
        }
        """)
        try h.play(tapGo)
        h.clearLog()
        try h.play(tapGo)
        #expect(h.hooks == ["b.onUnload", "a.onUnload", #"c.onLoad {"from":"b"}"#, "c.onShow", "c.onReady"])
        #expect(h.log.firstIndex(of: "ok reLaunch:ok") ?? .max < h.log.firstIndex(of: "b.onUnload") ?? -1,
                "the caller hears success before its onUnload: \(h.log)")
        #expect(h.pageNames == ["c"])
    }

    @Test func hiddenPagesKeepTheirState() throws {
        let h = try harness("function ACTION() { report(bridge.invoke('navigateTo', { url: 'b' })) }")
        // Type into a's field (Tab from the button, focused when the page opened), open b, come back: the text is
        // still there.
        try h.play("key Tab\ntype kept\n")
        try h.play("key BackTab\nkey Enter\n")
        #expect(h.pageNames == ["a", "b"])
        #expect(!h.screen.contains { $0.contains("kept") })
        try h.play("key Esc\n")
        #expect(h.screen.contains { $0.contains("kept") })
        #expect(h.log.filter { $0 == "a.onLoad {}" }.count == 1)
    }

    @Test func backspaceGoesBackUnlessATextFieldHasFocus() throws {
        let h = try harness("function ACTION() { report(bridge.invoke('navigateTo', { url: 'b' })) }")
        try h.play(tapGo)
        try h.play("key Tab\ntype xy\nkey Backspace\n")
        #expect(h.pageNames == ["a", "b"])
        #expect(h.screen.contains { $0.contains("x") && !$0.contains("xy") })
        try h.play("key BackTab\nkey Backspace\n")
        #expect(h.pageNames == ["a"])
        // On the root, Backspace with nothing to go back to does nothing (Esc is the way out).
        try h.play("key Backspace\n")
        #expect(!h.engine.isFinished)
    }

    @Test func clickingTheBackArrowGoesBack() throws {
        let h = try harness("function ACTION() { report(bridge.invoke('navigateTo', { url: 'b' })) }")
        try h.play(tapGo)
        #expect(h.pageNames == ["a", "b"])
        try h.play("click 1 0\n")
        #expect(h.pageNames == ["a"])
    }

    @Test func setNavigationBarTitleRetitlesTheRoot() throws {
        let h = try harness("function ACTION() { report(bridge.invoke('setNavigationBarTitle', { title: 'Inbox (3)' })) }")
        #expect(h.screen[0].hasPrefix(" Title a"), "the page's own title first")
        try h.play(tapGo)
        #expect(h.log.contains("ok setNavigationBarTitle:ok"))
        #expect(h.screen[0] == " Inbox (3)")
        #expect(h.screen[1].hasPrefix("a: hello"))
        // Clicks below the bar still reach the page: the button moved down one row.
        try h.play("click 0 2\n")
        #expect(h.log.filter { $0 == "ok setNavigationBarTitle:ok" }.count == 2)
    }

    @Test func exitMiniAppFinishesTheApp() throws {
        let h = try harness("function ACTION() { bridge.invoke('exitMiniApp') }")
        try h.play(tapGo)
        #expect(h.engine.isFinished)
    }

    @Test func leavingAPageReleasesItsWidgetTree() throws {
        let h = try harness("function ACTION() { report(bridge.invoke('navigateTo', { url: 'b' })) }")
        try h.play(tapGo)
        weak var entry = h.engine.stack.last
        weak var view = h.engine.stack.last?.view
        #expect(entry?.name == "b")
        try h.play("key Esc\n")
        #expect(h.pageNames == ["a"])
        #expect(entry == nil)
        #expect(view == nil)
    }
}
