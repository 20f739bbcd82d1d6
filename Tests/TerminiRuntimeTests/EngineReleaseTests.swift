import Foundation
import TerminiBridge
import TerminiScript
import TerminiUI
import Testing
@testable import TerminiRuntime

/// A stopped engine lets go of what it made (the navigator, the script runtime, the command router and the pages),
/// so a host that runs one app after another keeps none of the earlier ones.
@Suite struct EngineReleaseTests {
    @Test func aStoppedAndDroppedEngineIsFreedWithItsNavigatorRuntimeRouterAndPages() throws {
        weak var engine: MiniAppEngine?
        weak var navigator: Navigator?
        weak var runtime: ScriptRuntime?
        weak var router: CommandRouter?
        weak var view: PageView?
        do {
            let h = try EngineHarness(pages: ["a", "b"], action: "function ACTION() { report(bridge.invoke('navigateTo', { url: 'b' })) }")
            h.start()
            try h.play("key Enter\nsettle\n")
            #expect(h.pageNames == ["a", "b"])
            engine = h.engine
            navigator = h.engine.navigator
            runtime = h.engine.runtime
            router = h.engine.bridge.router
            view = h.engine.stack.last?.view
            #expect(view != nil)
        }  // the harness stops the engine as it goes
        // The script thread lets go of its side as it exits; `stop` waits for that at most the script limit plus
        // 2 s, which a thread starved of CPU (a loaded CI machine) can overrun. Freed a little later is still freed.
        let deadline = ContinuousClock.now + .seconds(15)
        while engine != nil || navigator != nil || runtime != nil || router != nil || view != nil, ContinuousClock.now < deadline {
            Thread.sleep(forTimeInterval: 0.01)
        }
        #expect(engine == nil)
        #expect(navigator == nil)
        #expect(runtime == nil)
        #expect(router == nil)
        #expect(view == nil)
    }
}
