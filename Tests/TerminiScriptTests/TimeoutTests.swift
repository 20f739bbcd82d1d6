import Testing
import TerminiScript
import TerminiTemplate

/// Runaway scripts in places other than event handlers are cut off by the same execution time limit.
@Suite struct TimeoutTests {
    @Test func runawayMicrotaskIsTerminated() {
        let h = ScriptHarness(scriptLimit: .milliseconds(200))
        defer { h.shutdown() }
        h.load("Page('index', { spin() { Promise.resolve().then(() => { for (;;) {} }) } })")
        h.runtime.createPage(pageId: 1, name: "index")
        h.event(1, "spin")
        #expect(h.delegate.errors.map(\.kind) == [.timeout])
        #expect(h.delegate.errors.first?.handler == "spin")
        h.load("console.log('alive')")
        h.event(1, "spin")
        h.load("console.log('alive again')")
        #expect(h.delegate.errors.map(\.kind) == [.timeout, .timeout])
        #expect(h.delegate.logs == ["alive", "alive again"])
    }

    @Test func runawayTopLevelScriptAndIntervalAreTerminatedAndTheIntervalStops() {
        let h = ScriptHarness(scriptLimit: .milliseconds(200))
        defer { h.shutdown() }
        h.load("console.log('before'); while (true) {}")
        #expect(h.delegate.errors.map(\.kind) == [.timeout])
        #expect(h.delegate.errors.first?.fileName == "main.js")
        h.load("let n = 0; setInterval(() => { n++; for (;;) {} }, 1); setTimeout(() => console.log('n', n), 700)")
        #expect(h.delegate.errors.map(\.kind) == [.timeout, .timeout])
        #expect(h.delegate.errors.last?.handler == "timer")
        #expect(h.delegate.logs == ["before", "n 1"])
    }
}
