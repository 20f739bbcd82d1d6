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

    /// A runtime with the page above loaded and open as page 1, its script idle.
    static func openPage() -> ScriptHarness {
        let h = ScriptHarness()
        h.load(page)
        h.runtime.createPage(pageId: 1, name: "index")
        #expect(h.settle())
        return h
    }

    /// Waits up to 5 s for the script to have logged `count` lines.
    static func waitForLogs(_ h: ScriptHarness, count: Int) {
        let deadline = Date().addingTimeInterval(5)
        while h.delegate.logs.count < count && Date() < deadline { usleep(1_000) }
    }

    @Test func anEventDispatchedWhileWakesAreHeldRunsOnlyOnceTheyAreReleased() {
        let h = Self.openPage()
        defer { h.shutdown() }
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
        let h = Self.openPage()
        defer { h.shutdown() }
        h.runtime.holdingEventWakes {
            h.runtime.dispatchEvent(pageId: 1, handler: "picked", event: ["type": "select", "detail": ["index": 1]], loc: nil)
            h.runtime.dispatchEvent(pageId: 1, handler: "report", event: ["type": "tap"], loc: nil)
            // A lifecycle call is not held: it wakes the thread, which runs the queue in the order posted. (An event
            // posted after it, while wakes are still held, runs only if the thread is still awake: a race, so the
            // test posts both events first.)
            h.runtime.callLifecycle(pageId: 1, .show)
            Self.waitForLogs(h, count: 2)
            #expect(h.delegate.logs == ["picked 1", "report"])
        }
    }

    @Test func waitingForTheScriptWhileWakesAreHeldDoesNotWaitForTheTimeout() {
        let h = Self.openPage()
        defer { h.shutdown() }
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
        let h = Self.openPage()
        defer { h.shutdown() }
        h.runtime.dispatchEvent(pageId: 1, handler: "report", event: ["type": "tap"], loc: nil)
        Self.waitForLogs(h, count: 1)
        #expect(h.delegate.logs == ["report"])
    }
}
