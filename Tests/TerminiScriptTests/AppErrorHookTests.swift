import Testing
import TerminiScript
import TerminiTemplate

/// `App.onError` hears of every uncaught script error and unhandled rejection, with file:line and a stack, before the
/// host reports it (the error screen); `App.onUnhandledRejection` is a separate hook for rejections, as in WeChat
/// (issue 32).
@Suite struct AppErrorHookTests {
    @Test func onErrorGetsAnUncaughtErrorWithItsPlaceAndStackBeforeTheHostDoes() {
        let h = ScriptHarness()
        defer { h.shutdown() }
        h.load("""
            App({
              onError(e) {
                console.log('onError ' + e.kind + ' | ' + e.message + ' | ' + e.file + ':' + e.line + ' | ' + e.stack.split('\\n')[0])
              },
            })
            Page('index', {
              boom() {
                throw new TypeError('no such row')
              },
            })
            """)
        h.runtime.createPage(pageId: 1, name: "index")
        h.event(1, "boom")
        let timeline = h.delegate.timeline
        #expect(timeline.count == 2, "\(timeline)")
        #expect(timeline.first?.hasPrefix("log onError exception | TypeError: no such row | main.js:8 | boom@main.js:8:") == true, "\(timeline)")
        #expect(timeline.last == "error TypeError: no such row", "the host hears of it after the hook: \(timeline)")
    }

    @Test func aRejectionGoesToOnUnhandledRejectionAndOnErrorWithItsReason() {
        let h = ScriptHarness()
        defer { h.shutdown() }
        h.load("""
            App({
              onUnhandledRejection(e) { console.log('rejection ' + JSON.stringify(e.reason) + ' | ' + e.message) },
              onError(e) { console.log('onError ' + e.kind) },
            })
            Page('index', {
              onLoad() { Promise.reject({ code: 7 }) },
            })
            """)
        h.runtime.createPage(pageId: 1, name: "index")
        h.settle()
        #expect(h.delegate.timeline.count == 3, "\(h.delegate.timeline)")
        #expect(h.delegate.timeline.first == #"log rejection {"code":7} | {"code":7}"#, "\(h.delegate.timeline)")
        #expect(h.delegate.timeline.dropFirst().first == "log onError unhandledRejection", "\(h.delegate.timeline)")
        #expect(h.delegate.errors.first?.kind == .unhandledRejection)
    }

    @Test func anErrorInsideOnErrorIsReportedOnceWithoutCallingItAgain() {
        let h = ScriptHarness()
        defer { h.shutdown() }
        h.load("""
            let calls = 0
            App({
              onError(e) { calls += 1; console.log('call ' + calls); throw new Error('hook broke') },
            })
            Page('index', { boom() { throw new Error('first') } })
            """)
        h.runtime.createPage(pageId: 1, name: "index")
        h.event(1, "boom")
        #expect(h.delegate.logs == ["call 1"], "\(h.delegate.logs)")
        #expect(h.delegate.errors.map(\.message) == ["Error: hook broke", "Error: first"], "\(h.delegate.errors.map(\.message))")
    }

    @Test func withoutTheHooksErrorsAreReportedAsBefore() {
        let h = ScriptHarness()
        defer { h.shutdown() }
        h.load("Page('index', { boom() { throw new Error('plain') } })")
        h.runtime.createPage(pageId: 1, name: "index")
        h.event(1, "boom")
        #expect(h.delegate.timeline == ["error Error: plain"])
    }
}
