import Testing
@testable import TerminiRuntime

/// What `termini snapshot`'s `settle` waits for: a script job that is queued or running keeps the app busy (a JS
/// thread starved of CPU may start a tap's job seconds after the tap; the snapshot must not end before it).
@Suite struct SettleTests {
    @Test func aQueuedOrRunningJobKeepsTheScriptWorkingUntilItEnds() throws {
        let h = try EngineHarness(pages: ["a"], action: """
            function ACTION() { const end = Date.now() + 400; while (Date.now() < end) {} this.setData({ message: 'done' }) }
            """)
        h.start()
        #expect(!h.engine.scriptIsWorking)
        for step in try EventScript.parse("key Enter", file: "test") { h.session.play(step) }
        // The tap's job has just been handed to the JS thread: queued, or running its 400 ms.
        #expect(h.engine.scriptIsWorking)
        h.session.settle()
        #expect(!h.engine.scriptIsWorking)
        #expect(h.screen.contains { $0.contains("a: done") }, "\(h.screen)")
    }
}
