import Foundation
import Testing
import TerminiScript
import TerminiTemplate

/// Bad script input, each case against real JavaScriptCore: the runtime reports it and keeps working.
@Suite struct BadInputTests {
    @Test func syntaxErrorInMainJSIsReportedWithLineAndNothingRuns() {
        let h = ScriptHarness()
        defer { h.shutdown() }
        h.load("console.log('ran');\nvar x = ;\n")
        let errors = h.delegate.errors
        #expect(errors.count == 1)
        #expect(errors.first?.kind == .syntax)
        #expect(errors.first?.message.contains("SyntaxError") == true)
        #expect(errors.first?.fileName == "main.js")
        #expect(errors.first?.line == 2)
        #expect(h.delegate.logs.isEmpty)
        h.load("console.log('still alive')")
        #expect(h.delegate.logs == ["still alive"])
    }

    @Test func exceptionInOnLoadIsReportedAndOtherPagesWork() {
        let h = ScriptHarness()
        defer { h.shutdown() }
        h.load("""
            Page('broken', {
              onLoad(query) {
                this.helper(query.id)
              },
              onShow() { console.log('broken shown') },
            })
            Page('fine', { data: { n: 1 }, onLoad() { this.setData({ n: 2 }) } })
            """)
        h.runtime.createPage(pageId: 1, name: "broken", query: ["id": "7"])
        h.runtime.createPage(pageId: 2, name: "fine")
        h.settle()
        let errors = h.delegate.errors
        #expect(errors.count == 1)
        let error = errors.first
        #expect(error?.kind == .exception)
        #expect(error?.message.contains("TypeError") == true)
        #expect(error?.message.contains("helper") == true)
        #expect(error?.pageId == 1)
        #expect(error?.handler == "onLoad")
        #expect(error?.fileName == "main.js")
        #expect(error?.line == 3)
        #expect(error?.column != nil)
        #expect(error?.stack.contains("onLoad@main.js:3") == true)
        #expect(h.delegate.logs == ["broken shown"])
        #expect(h.delegate.setDataCalls.map(\.summary) == [["n=2"]])
    }

    @Test func infiniteLoopInEventHandlerIsTerminatedAtTheLimit() {
        let h = ScriptHarness(scriptLimit: .milliseconds(200))
        defer { h.shutdown() }
        h.load("""
            Page('index', {
              data: { n: 0 },
              spin() {
                while (true) {}
              },
              bump() { this.setData({ n: this.data.n + 1 }) },
            })
            """)
        h.runtime.createPage(pageId: 1, name: "index")
        h.settle()
        let start = ContinuousClock.now
        h.runtime.dispatchEvent(pageId: 1, handler: "spin", event: ["type": "tap"], loc: "index.swift:4:9")
        // A watchdog sees the JS thread busy while the loop spins.
        Thread.sleep(forTimeInterval: 0.1)
        #expect(h.runtime.pulse().busyDuration() > .milliseconds(50))
        h.settle()
        let elapsed = ContinuousClock.now - start
        #expect(elapsed < .seconds(3), "terminated after \(elapsed)")
        let errors = h.delegate.errors
        #expect(errors.count == 1)
        #expect(errors.first?.kind == .timeout)
        #expect(errors.first?.message.contains("0.2 s") == true)
        #expect(errors.first?.handler == "spin")
        #expect(errors.first?.loc == "index.swift:4:9")
        #expect(errors.first?.fileName == "main.js")
        #expect(errors.first?.stack.contains("spin") == true)
        #expect(h.runtime.pulse().busyDuration() == .zero)
        // The context is still usable after termination.
        h.event(1, "bump")
        #expect(h.delegate.setDataCalls.map(\.summary) == [["n=1"]])
        h.load("console.log('after timeout', 1 + 1)")
        #expect(h.delegate.logs == ["after timeout 2"])
    }

    @Test func setDataOfTwoMiBIsRejectedWithItsSizeAndNothingApplied() {
        let h = ScriptHarness()
        defer { h.shutdown() }
        h.load("""
            Page('index', {
              data: { small: 1 },
              onLoad() {
                try {
                  this.setData({ small: 2, big: 'x'.repeat(2 * 1024 * 1024) })
                } catch (e) { console.log(e.message) }
                console.log('small', this.data.small, 'big' in this.data)
                this.setData({ almost: 'y'.repeat(1000 * 1000) })
                console.log('almost', this.data.almost.length)
              },
            })
            """)
        h.runtime.createPage(pageId: 1, name: "index")
        h.settle()
        let logs = h.delegate.logs
        #expect(logs.count == 3)
        #expect(logs.first?.contains("2097166 bytes") == true, "\(logs)")  // the two keys cross as path ids
        #expect(logs.first?.contains("1048576") == true)
        #expect(logs.dropFirst().first == "small 1 false")
        #expect(logs.last == "almost 1000000")
        #expect(h.delegate.setDataCalls.count == 1)
        #expect(h.delegate.setDataCalls.first?.patches.first?.path.description == "almost")
    }

    @Test func aFarIndexIsRefusedInsteadOfPaddingAListWithMillionsOfNulls() {
        let h = ScriptHarness()
        defer { h.shutdown() }
        h.load("""
            Page('index', {
              data: { list: [1], small: 1 },
              onLoad() {
                try { this.setData({ small: 2, 'list[100000000]': 1 }) } catch (e) { console.log(e.name + ': ' + e.message) }
                console.log('small', this.data.small, 'length', this.data.list.length)
                this.setData({ 'list[5]': 6, 'other[3]': 'x' })
                console.log(JSON.stringify(this.data.list), JSON.stringify(this.data.other))
              },
            })
            """)
        h.runtime.createPage(pageId: 1, name: "index")
        h.settle()
        #expect(h.delegate.logs == [
            "RangeError: setData: 'list[100000000]' is 99999999 past the end of its list (length 1), which would add that many nulls; at most 10000 are added; nothing was applied",
            "small 1 length 1",
            "[1,null,null,null,null,6] [null,null,null,\"x\"]",
        ])
        #expect(h.delegate.setDataCalls.count == 1)
    }

    @Test func setDataWithCyclicObjectNamesTheKeyAndAppliesNothing() {
        let h = ScriptHarness()
        defer { h.shutdown() }
        h.load("""
            Page('index', {
              data: { a: 1 },
              onLoad() {
                const node = { name: 'loop' }
                node.self = node
                try { this.setData({ a: 2, 'tree.root': node }) } catch (e) { console.log(e.message) }
                console.log('a', this.data.a, 'tree' in this.data)
              },
            })
            """)
        h.runtime.createPage(pageId: 1, name: "index")
        h.settle()
        let logs = h.delegate.logs
        #expect(logs.first?.contains("'tree.root'") == true, "\(logs)")
        #expect(logs.first?.contains("cyclic") == true)
        #expect(logs.last == "a 1 false")
        #expect(h.delegate.setDataCalls.isEmpty)
    }

    @Test func undefinedAnywhereInAValueIsAnErrorNamingTheKey() {
        let h = ScriptHarness()
        defer { h.shutdown() }
        h.load("""
            const nest = (n, leaf) => n === 0 ? leaf : { child: nest(n - 1, leaf) }
            Page('index', {
              data: { a: 1 },
              onLoad() {
                const attempts = [
                  { a: 2, b: undefined },
                  { a: 2, 'list[0]': { title: 'x', due: undefined } },
                  { a: 2, items: [1, undefined] },
                  { a: 2, f: () => 1 },
                  { a: 2, deep: nest(100, { when: new Date(0), bad: Symbol('s') }) },  // past the walk's depth
                  { a: 2, date: { toJSON() { return undefined } } },
                ]
                for (const change of attempts) {
                  try { this.setData(change) } catch (e) { console.log(e.message) }
                }
                console.log('a', this.data.a)
              },
            })
            """)
        h.runtime.createPage(pageId: 1, name: "index")
        h.settle()
        let logs = h.delegate.logs
        #expect(logs.count == 7)
        #expect(logs[0] == "setData: the value of 'b' is undefined; values must be JSON-able")
        #expect(logs[1] == "setData: the value of 'list[0]' contains undefined at key 'due'; values must be JSON-able")
        #expect(logs[2] == "setData: the value of 'items' contains undefined at key '1'; values must be JSON-able")
        #expect(logs[3] == "setData: the value of 'f' is a function; values must be JSON-able")
        #expect(logs[4] == "setData: the value of 'deep' contains a symbol at key 'bad'; values must be JSON-able")
        #expect(logs[5] == "setData: the value of 'date' is undefined; values must be JSON-able")
        #expect(logs[6] == "a 1")
        #expect(h.delegate.setDataCalls.isEmpty)
    }

    @Test func pathSyntaxErrorNamesThePathAndAppliesNothing() {
        let h = ScriptHarness()
        defer { h.shutdown() }
        h.load("""
            Page('index', {
              data: { a: 1 },
              onLoad() {
                for (const key of ['items[x]', 'a..b', '[0]', 'a]']) {
                  try { this.setData({ a: 2, [key]: 1 }) } catch (e) { console.log(e.name + ': ' + e.message) }
                }
                console.log('a', this.data.a)
              },
            })
            """)
        h.runtime.createPage(pageId: 1, name: "index")
        h.settle()
        #expect(h.delegate.logs == [
            "SyntaxError: setData: invalid data path 'items[x]' at column 7: expected an array index after '['",
            "SyntaxError: setData: invalid data path 'a..b' at column 3: expected a key before '.'",
            "SyntaxError: setData: invalid data path '[0]' at column 1: expected a key before '['",
            "SyntaxError: setData: invalid data path 'a]' at column 2: unexpected ']'",
            "a 1",
        ])
        #expect(h.delegate.setDataCalls.isEmpty)
    }

    @Test func uncaughtSetDataErrorInAHandlerIsReportedWithTheLoc() {
        let h = ScriptHarness()
        defer { h.shutdown() }
        h.load("Page('index', { onTap() { this.setData({ x: undefined }) } })")
        h.runtime.createPage(pageId: 4, name: "index")
        h.event(4, "onTap", loc: "todo/pages/index.swift:12:5")
        let error = h.delegate.errors.first
        #expect(error?.kind == .exception)
        #expect(error?.message == "TypeError: setData: the value of 'x' is undefined; values must be JSON-able")
        #expect(error?.handler == "onTap")
        #expect(error?.loc == "todo/pages/index.swift:12:5")
        #expect(error?.pageId == 4)
    }

    @Test func eventNamingAMissingMethodWarnsWithHandlerAndLoc() {
        let h = ScriptHarness()
        defer { h.shutdown() }
        h.load("Page('index', { data: { label: 'x' }, onTap() { console.log('tapped') } })")
        h.runtime.createPage(pageId: 1, name: "index")
        h.event(1, "onTpa", loc: "todo/pages/index.swift:9:13")
        h.event(1, "label", loc: "todo/pages/index.swift:10:1")
        h.event(1, "setData", loc: nil)
        h.event(1, "onTap")
        #expect(h.delegate.warnings == [
            "page 'index' has no method 'onTpa' (template todo/pages/index.swift:9:13)",
            "page 'index' has no method 'label' (template todo/pages/index.swift:10:1)",
            "page 'index' has no method 'setData'",
        ])
        #expect(h.delegate.errors.isEmpty)
        #expect(h.delegate.logs == ["tapped"])
    }

    @Test func optionalHookIsSkippedSilentlyWhenThePageLacksIt() {
        let h = ScriptHarness()
        defer { h.shutdown() }
        h.load("""
            Page('plain', { data: {} })
            Page('keys', { data: {}, onKey(e) { console.log('key ' + e.detail.key) } })
            """)
        h.runtime.createPage(pageId: 1, name: "plain")
        h.runtime.createPage(pageId: 2, name: "keys")
        let key: JSONValue = ["type": "key", "detail": ["key": "q"]]
        h.runtime.dispatchEvent(pageId: 1, handler: "onKey", event: key, loc: nil, ifDefined: true)
        h.runtime.dispatchEvent(pageId: 2, handler: "onKey", event: key, loc: nil, ifDefined: true)
        #expect(h.settle())
        #expect(h.delegate.warnings.isEmpty)
        #expect(h.delegate.logs == ["key q"])
    }

    @Test func setDataAfterOnUnloadWarnsAndSendsNothing() {
        let h = ScriptHarness()
        defer { h.shutdown() }
        h.load("""
            Page('index', {
              data: { n: 0 },
              onUnload() { setTimeout(() => { this.setData({ n: 1 }); console.log('after', this.data.n) }, 1) },
            })
            """)
        h.runtime.createPage(pageId: 1, name: "index")
        h.runtime.callLifecycle(pageId: 1, .unload)
        h.settle()
        #expect(h.delegate.warnings == ["setData on page 'index' (pageId 1) after onUnload was ignored"])
        #expect(h.delegate.logs == ["after 0"])
        #expect(h.delegate.setDataCalls.isEmpty)
        #expect(h.delegate.errors.isEmpty)
        h.event(1, "onUnload")
        #expect(h.delegate.warnings.last == "event handler 'onUnload' ignored: no live page has id 1")
    }

    @Test func tenThousandTimersAllFireAndEqualDelaysKeepTheirOrder() {
        let h = ScriptHarness()
        defer { h.shutdown() }
        h.load("""
            // Timers with equal delays must fire in the order they were started.
            let fired = 0, outOfOrder = 0, cancelledRan = 0
            const lastIndexForDelay = new Map()
            for (let i = 0; i < 10000; i++) {
              const delay = (i * 7919) % 50
              setTimeout(() => {
                fired++
                if ((lastIndexForDelay.get(delay) ?? -1) > i) outOfOrder++
                lastIndexForDelay.set(delay, i)
              }, delay)
            }
            for (let i = 0; i < 1000; i++) {
              const id = setTimeout(() => { cancelledRan++ }, 10)
              clearTimeout(id)
            }
            setTimeout(() => console.log('fired', fired, 'outOfOrder', outOfOrder, 'cancelledRan', cancelledRan), 60)
            """)
        #expect(h.delegate.logs == ["fired 10000 outOfOrder 0 cancelledRan 0"])
        #expect(h.runtime.pulse().liveTimers == 0)
    }

    @Test func unhandledRejectionIsReportedAndHandledOnesAreNot() {
        let h = ScriptHarness()
        defer { h.shutdown() }
        h.load("""
            Promise.reject(new Error('handled')).catch(() => console.log('caught'))
            async function load() { await null; throw new RangeError('nobody listens') }
            load()
            """)
        let errors = h.delegate.errors
        #expect(errors.count == 1)
        #expect(errors.first?.kind == .unhandledRejection)
        #expect(errors.first?.message == "RangeError: nobody listens")
        #expect(errors.first?.line == 2)
        #expect(errors.first?.stack.contains("load") == true)
        #expect(h.delegate.logs == ["caught"])
    }

    @Test func evalAndFunctionConstructorsAreDisabled() {
        let h = ScriptHarness()
        defer { h.shutdown() }
        h.load("""
            const attempts = {
              eval: () => eval('1 + 1'),
              indirectEval: () => (0, globalThis.eval)('1'),
              Function: () => new Function('return 1'),
              constructor: () => (function () {}).constructor('return 1'),
              async: () => (async function () {}).constructor('return 1'),
              generator: () => (function* () {}).constructor('yield 1'),
              asyncGenerator: () => (async function* () {}).constructor('yield 1'),
              setTimeoutString: () => setTimeout('1 + 1', 0),
            }
            for (const [name, run] of Object.entries(attempts)) {
              try { run(); console.log(name, 'ran') } catch (e) { console.log(name, e.name, e.message) }
            }
            """)
        let message = "eval and Function are disabled in Termini mini-apps"
        #expect(h.delegate.logs == [
            "eval EvalError \(message)",
            "indirectEval EvalError \(message)",
            "Function EvalError \(message)",
            "constructor EvalError \(message)",
            "async EvalError \(message)",
            "generator EvalError \(message)",
            "asyncGenerator EvalError \(message)",
            "setTimeoutString TypeError setTimeout: the callback must be a function (code strings are not evaluated)",
        ])
    }

    @Test func exceptionInATimerIsReportedAndOtherTimersKeepRunning() {
        let h = ScriptHarness()
        defer { h.shutdown() }
        h.load("""
            Page('index', { onLoad() { setTimeout(() => { null.x }, 1) } })
            let ticks = 0
            const id = setInterval(() => { if (++ticks === 3) { clearInterval(id); console.log('ticks', ticks) } }, 2)
            """)
        h.runtime.createPage(pageId: 3, name: "index")
        h.settle()
        #expect(h.delegate.logs == ["ticks 3"])
        let error = h.delegate.errors.first
        #expect(h.delegate.errors.count == 1)
        #expect(error?.kind == .exception)
        #expect(error?.handler == "setTimeout callback")
        #expect(error?.pageId == 3)
        #expect(error?.line == 1)
    }

    @Test func unknownPageNameIsAnErrorListingRegisteredPages() {
        let h = ScriptHarness()
        defer { h.shutdown() }
        h.load("Page('index', {}); Page('detail', {})")
        h.runtime.createPage(pageId: 1, name: "missing")
        h.settle()
        #expect(h.delegate.errors.first?.message
            == "Error: no page named 'missing' is registered (registered: index, detail)")
        #expect(h.delegate.created.isEmpty)
    }
}
