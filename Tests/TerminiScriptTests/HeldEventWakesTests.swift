import Foundation
import Testing
import TerminiScript
import TerminiTemplate

/// `ScriptRuntime.holdingEventWakes`: the UI thread writes the frame an input asked for before the script thread
/// runs the input's event, and nothing is lost, reordered or left waiting.
@Suite struct HeldEventWakesTests {
    static let page = """
        Page('index', {
          data: {},
          picked(e) { console.log('picked ' + e.detail.index) },
          report() { console.log('report') },
        })
        """

    @Test func anEventDispatchedWhileWakesAreHeldRunsOnlyOnceTheyAreReleased() {
        let h = ScriptHarness()
        defer { h.shutdown() }
        h.load(Self.page)
        h.runtime.createPage(pageId: 1, name: "index")
        #expect(h.settle())
        h.runtime.holdingEventWakes {
            h.runtime.dispatchEvent(pageId: 1, handler: "picked", event: ["type": "select", "detail": ["index": 3]], loc: nil)
            // Time enough for a woken script thread to have run it several times over.
            usleep(100_000)
            #expect(h.delegate.logs.isEmpty)
        }
        #expect(h.settle())
        #expect(h.delegate.logs == ["picked 3"])
    }

    @Test func anotherCallWakesTheScriptAndTheHeldEventRunsFirst() {
        let h = ScriptHarness()
        defer { h.shutdown() }
        h.load(Self.page)
        h.runtime.createPage(pageId: 1, name: "index")
        #expect(h.settle())
        h.runtime.holdingEventWakes {
            h.runtime.dispatchEvent(pageId: 1, handler: "picked", event: ["type": "select", "detail": ["index": 1]], loc: nil)
            // A lifecycle call is not held: it wakes the thread, which runs the queue in the order posted.
            h.runtime.callLifecycle(pageId: 1, .show)
            h.runtime.dispatchEvent(pageId: 1, handler: "report", event: ["type": "tap"], loc: nil)
            let deadline = Date().addingTimeInterval(5)
            while h.delegate.logs.count < 2 && Date() < deadline { usleep(1_000) }
            #expect(h.delegate.logs == ["picked 1", "report"])
        }
    }

    @Test func waitingForTheScriptWhileWakesAreHeldDoesNotWaitForTheTimeout() {
        let h = ScriptHarness()
        defer { h.shutdown() }
        h.load(Self.page)
        h.runtime.createPage(pageId: 1, name: "index")
        #expect(h.settle())
        let clock = ContinuousClock()
        let waited = clock.measure {
            h.runtime.holdingEventWakes {
                h.runtime.dispatchEvent(pageId: 1, handler: "report", event: ["type": "tap"], loc: nil)
                #expect(h.runtime.waitUntilIdle(timeout: .seconds(5)))
                #expect(h.delegate.logs == ["report"])
            }
        }
        #expect(waited < .seconds(4))
    }

    @Test func outsideAHoldAnEventRunsAtOnce() {
        let h = ScriptHarness()
        defer { h.shutdown() }
        h.load(Self.page)
        h.runtime.createPage(pageId: 1, name: "index")
        #expect(h.settle())
        h.runtime.dispatchEvent(pageId: 1, handler: "report", event: ["type": "tap"], loc: nil)
        let deadline = Date().addingTimeInterval(5)
        while h.delegate.logs.isEmpty && Date() < deadline { usleep(1_000) }
        #expect(h.delegate.logs == ["report"])
    }
}
