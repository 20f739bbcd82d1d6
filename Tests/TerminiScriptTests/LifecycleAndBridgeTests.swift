import Testing
import TerminiScript
import TerminiTemplate

/// App and Page lifecycle, getCurrentPages, and the bridge.invoke round trip.
@Suite struct LifecycleAndBridgeTests {
    @Test func appAndPageHooksRunInTheOrderTheHostDrives() {
        let h = ScriptHarness()
        defer { h.shutdown() }
        h.load("""
            App({
              globalData: { user: 'ann' },
              onLaunch(options) { console.log('app onLaunch', JSON.stringify(options)) },
              onShow() { console.log('app onShow') },
              onHide() { console.log('app onHide') },
            })
            Page('index', {
              onLoad(query) { console.log('onLoad', JSON.stringify(query), getApp().globalData.user) },
              onShow() { console.log('onShow', this.route) },
              onReady() { console.log('onReady') },
              onHide() { console.log('onHide') },
              onUnload() { console.log('onUnload') },
            })
            """)
        h.runtime.launchApp(options: ["path": "index"])
        h.runtime.createPage(pageId: 1, name: "index", query: ["id": "3"])
        h.runtime.callLifecycle(pageId: 1, .ready)
        h.runtime.callLifecycle(pageId: 1, .hide)
        h.runtime.callAppLifecycle(.hide)
        h.runtime.callLifecycle(pageId: 1, .show)
        h.runtime.callLifecycle(pageId: 1, .unload)
        h.runtime.callLifecycle(pageId: 1, .show)
        h.settle()
        #expect(h.delegate.logs == [
            #"app onLaunch {"path":"index"}"#, "app onShow", #"onLoad {"id":"3"} ann"#, "onShow index", "onReady",
            "onHide", "app onHide", "onShow index", "onUnload",
        ])
        #expect(h.delegate.warnings == ["onShow ignored: no live page has id 1"])
        #expect(h.delegate.created.map(\.name) == ["index"])
    }

    @Test func getCurrentPagesFollowsLivePagesInCreationOrder() {
        let h = ScriptHarness()
        defer { h.shutdown() }
        h.load("""
            const show = () => console.log(getCurrentPages().map(p => p.route + ':' + p.pageId).join(' '))
            Page('index', { onShow: show, report: show })
            Page('detail', { onShow: show })
            """)
        h.runtime.createPage(pageId: 1, name: "index")
        h.runtime.createPage(pageId: 2, name: "detail")
        h.runtime.callLifecycle(pageId: 2, .unload)
        h.runtime.dispatchEvent(pageId: 1, handler: "report", event: ["type": "tap"], loc: nil)
        h.settle()
        #expect(h.delegate.logs == ["index:1", "index:1 detail:2", "index:1"])
    }

    @Test func anUnloadedPageIsCollectedAtOnce() {
        let h = ScriptHarness()
        defer { h.shutdown() }
        // The detail page holds 4 MB; only a WeakRef points at it after unload. Without a collection at unload
        // nothing here allocates enough to trigger one, and the WeakRef would still answer.
        h.load("""
            let detail
            Page('index', { check() { console.log('detail alive: ' + (detail.deref() !== undefined)) } })
            Page('detail', { onLoad() { this.rows = new Array(500000).fill(0).map((_, i) => i); detail = new WeakRef(this) } })
            """)
        h.runtime.createPage(pageId: 1, name: "index")
        h.runtime.createPage(pageId: 2, name: "detail")
        h.event(1, "check")
        h.runtime.callLifecycle(pageId: 2, .unload)
        h.event(1, "check")
        h.settle()
        #expect(h.delegate.logs == ["detail alive: true", "detail alive: false"])
    }

    @Test func eventsCarryTypeDatasetDetailAndTimeStamp() {
        let h = ScriptHarness()
        defer { h.shutdown() }
        h.load("""
            Page('index', {
              toggle(e) {
                console.log(e.type, JSON.stringify(e.dataset), JSON.stringify(e.detail), typeof e.timeStamp,
                            this === getCurrentPages()[0])
              },
            })
            """)
        h.runtime.createPage(pageId: 1, name: "index")
        h.event(1, "toggle", ["type": "toggle", "dataset": ["id": 3], "detail": ["value": true]])
        #expect(h.delegate.logs == [#"toggle {"id":3} {"value":true} number true"#])
    }

    @Test func bridgeInvokeResolvesAndRejectsThroughResolveInvoke() {
        let h = ScriptHarness()
        defer { h.shutdown() }
        let runtime = h.runtime
        h.delegate.respond { call in
            if call.name == "getSystemInfo" {
                runtime.resolveInvoke(callbackId: call.callbackId,
                                      result: ["errMsg": "getSystemInfo:ok", "cols": 80], ok: true)
            } else {
                runtime.resolveInvoke(callbackId: call.callbackId,
                                      result: ["errMsg": .string("\(call.name):fail unknown command"), "errCode": 1],
                                      ok: false)
            }
        }
        h.load("""
            Page('index', {
              async onLoad() {
                const info = await bridge.invoke('getSystemInfo', { verbose: true })
                console.log('resolved', info.errMsg, info.cols)
                try { await bridge.invoke('nope') } catch (e) { console.log('rejected', e.errMsg, e.errCode) }
                bridge.invoke('bad', { f: undefined }).catch(e => console.log(e.message))
              },
            })
            """)
        h.runtime.createPage(pageId: 5, name: "index")
        h.settle()
        #expect(h.delegate.logs == [
            "resolved getSystemInfo:ok 80", "rejected nope:fail unknown command 1",
            "bridge.invoke('bad'): params contains undefined at key 'f'; values must be JSON-able",
        ])
        let invokes = h.delegate.invokes
        #expect(invokes.map(\.name) == ["getSystemInfo", "nope"])
        #expect(invokes.first?.params == ["verbose": true])
        #expect(invokes.first?.pageId == 5)
        #expect(invokes.map(\.callbackId) == [1, 2])
        #expect(h.runtime.pulse().pendingInvokes == 0)
    }

    @Test func unloadingAPageDropsItsPendingBridgeCalls() {
        let h = ScriptHarness()
        defer { h.shutdown() }
        h.load("Page('index', { onLoad() { bridge.invoke('slow').then(() => console.log('settled late')) } })")
        h.runtime.createPage(pageId: 1, name: "index")
        #expect(!h.settle(.milliseconds(200)), "an unsettled bridge call keeps the runtime busy")
        #expect(h.runtime.pulse().pendingInvokes == 1)
        h.runtime.callLifecycle(pageId: 1, .unload)
        #expect(h.settle())
        h.runtime.resolveInvoke(callbackId: 1, result: [:], ok: true)
        h.settle()
        #expect(h.delegate.logs.isEmpty)
    }
}
