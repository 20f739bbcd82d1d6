import Testing
import TerminiScript
import TerminiTemplate

/// Timers, microtasks and idle detection on the JS thread's loop.
@Suite struct EventLoopTests {
    @Test func timersFireInDeadlineOrderAndEqualDelaysInStartOrder() {
        let h = ScriptHarness()
        defer { h.shutdown() }
        h.load("""
            const order = []
            setTimeout(() => order.push('c30'), 30)
            setTimeout(() => order.push('a0'), 0)
            setTimeout((x, y) => order.push('b10' + x + y), 10, '!', '?')
            setTimeout(() => order.push('a0 second'), 0)
            const cancelled = setTimeout(() => order.push('cancelled'), 5)
            clearTimeout(cancelled)
            setTimeout(() => console.log(order.join(',')), 60)
            """)
        #expect(h.delegate.logs == ["a0,a0 second,b10!?,c30"])
    }

    @Test func setIntervalRepeatsUntilCleared() {
        let h = ScriptHarness()
        defer { h.shutdown() }
        h.load("""
            let n = 0
            const id = setInterval((tag) => {
              n++
              if (n === 5) clearInterval(id)
              if (n > 5) console.log('ran after clear')
            }, 3, 'tick')
            setTimeout(() => console.log('count', n), 80)
            """)
        #expect(h.delegate.logs == ["count 5"])
        #expect(h.runtime.pulse().liveTimers == 0)
    }

    @Test func microtasksRunBeforeTheNextTask() {
        let h = ScriptHarness()
        defer { h.shutdown() }
        h.load("""
            const order = []
            setTimeout(() => { order.push('timeout'); console.log(order.join(',')) }, 0)
            Promise.resolve().then(() => order.push('promise'))
            queueMicrotask(() => order.push('microtask'))
            ;(async () => { await null; order.push('await') })()
            order.push('sync')
            """)
        #expect(h.delegate.logs == ["sync,promise,microtask,await,timeout"])
    }

    @Test func exceptionInQueueMicrotaskIsReported() {
        let h = ScriptHarness()
        defer { h.shutdown() }
        h.load("queueMicrotask(() => { throw new Error('in microtask') }); queueMicrotask(() => console.log('next'))")
        #expect(h.delegate.errors.map(\.message) == ["Error: in microtask"])
        #expect(h.delegate.errors.first?.handler == "queueMicrotask callback")
        #expect(h.delegate.logs == ["next"])
    }

    @Test func consoleLevelsAndFormatting() {
        let h = ScriptHarness()
        defer { h.shutdown() }
        h.load("""
            console.log('a', 1, { b: [true, null] }, undefined)
            console.warn('careful')
            console.error('bad')
            console.info('fyi')
            """)
        #expect(h.delegate.logs == [#"a 1 {"b":[true,null]} undefined"#, "warn: careful", "error: bad", "info: fyi"])
    }

    @Test func settleIgnoresIntervalsButEverythingWaitsForThem() {
        let h = ScriptHarness()
        defer { h.shutdown() }
        h.runtime.load(script: "setInterval(() => {}, 16); setTimeout(() => console.log('soon'), 20)",
                       fileName: "main.js")
        #expect(h.runtime.waitUntilIdle(timeout: .seconds(5), criteria: .settle))
        #expect(h.delegate.logs == ["soon"])
        #expect(!h.runtime.waitUntilIdle(timeout: .milliseconds(100), criteria: .everything))
        h.runtime.load(script: "setTimeout(() => console.log('later'), 5000)", fileName: "later.js")
        // A timer beyond the settle horizon counts as idle.
        #expect(h.runtime.waitUntilIdle(timeout: .seconds(1), criteria: .settle))
        #expect(h.delegate.logs == ["soon"])
    }

    @Test func startupIsMeasuredAndShutdownStopsTheThread() {
        let h = ScriptHarness()
        h.settle()
        #expect(h.runtime.startupDuration != nil)
        #expect(h.runtime.pulse().isStopped == false)
        h.shutdown()
        #expect(h.runtime.pulse().isStopped)
        h.runtime.load(script: "console.log('after shutdown')", fileName: "main.js")
        #expect(h.runtime.waitUntilIdle(timeout: .seconds(1)))
        #expect(h.delegate.logs.isEmpty)
    }
}
