import Testing
import TerminiScript
import TerminiTemplate

/// An unhandled rejection says what was rejected and where it came from: a failed bridge.invoke names its errMsg,
/// errCode and command, the handler that made the call and its file:line; any other value shows as itself.
@Suite struct UnhandledRejectionReportTests {
    /// A harness whose bridge fails every call as the command router does.
    func failingBridge() -> ScriptHarness {
        let h = ScriptHarness()
        let runtime = h.runtime
        h.delegate.respond { call in
            runtime.resolveInvoke(callbackId: call.callbackId,
                                  result: ["errMsg": .string("\(call.name):fail no such key"), "errCode": 4], ok: false)
        }
        return h
    }

    @Test func aFailedInvokeNobodyCaughtNamesItsErrorCommandHandlerAndCall() {
        let h = failingBridge()
        defer { h.shutdown() }
        h.load("""
            Page('index', {
              save() {
                bridge.invoke('getStorage', { key: 'draft' })
              },
            })
            """)
        h.runtime.createPage(pageId: 1, name: "index")
        h.event(1, "save", loc: "pages/index.swift:7:9")
        let error = h.delegate.errors.first
        #expect(h.delegate.errors.count == 1)
        #expect(error?.kind == .unhandledRejection)
        #expect(error?.message == "BridgeError: getStorage:fail no such key (errCode 4) from bridge.invoke('getStorage'), which nothing caught")
        #expect(error?.handler == "save")
        #expect(error?.pageId == 1)
        #expect(error?.location?.hasPrefix("main.js:3:") == true, "\(String(describing: error))")
        #expect(error?.stack.hasPrefix("save@main.js:3:") == true, "\(String(describing: error?.stack))")
    }

    @Test func anAwaitedInvokeInATimerOrAComponentNamesThatCaller() {
        let h = failingBridge()
        defer { h.shutdown() }
        h.load("""
            async function load(key) {
              return await bridge.invoke('getStorage', { key })
            }
            Page('index', {
              onLoad() { setTimeout(() => load('a'), 1) },
            })
            """)
        h.runtime.createPage(pageId: 2, name: "index")
        h.settle()
        let error = h.delegate.errors.first
        #expect(error?.message.contains("getStorage:fail no such key (errCode 4)") == true, "\(h.delegate.errors)")
        #expect(error?.handler == "setTimeout callback")
        #expect(error?.location?.hasPrefix("main.js:2:") == true, "\(String(describing: error))")
    }

    @Test func aCaughtFailureIsNotReported() {
        let h = failingBridge()
        defer { h.shutdown() }
        h.load("bridge.invoke('getStorage').catch(e => console.log(e.errMsg, e.errCode, e instanceof Error))")
        #expect(h.delegate.errors.isEmpty)
        #expect(h.delegate.logs == ["getStorage:fail no such key 4 false"])
    }

    @Test func otherValuesShowAsThemselvesAndNameTheEntry() {
        let h = ScriptHarness()
        defer { h.shutdown() }
        h.load("""
            Page('index', {
              plain() { Promise.reject({ code: 7, why: 'offline' }) },
              text() { Promise.reject('nope') },
              error() { Promise.resolve().then(() => { throw new TypeError('bad') }) },
            })
            """)
        h.runtime.createPage(pageId: 3, name: "index")
        h.event(3, "plain", loc: "pages/index.swift:4:5")
        h.event(3, "text")
        h.event(3, "error")
        let errors = h.delegate.errors
        #expect(errors.map(\.kind) == [.unhandledRejection, .unhandledRejection, .unhandledRejection])
        #expect(errors.map(\.message) == [#"{"code":7,"why":"offline"}"#, "nope", "TypeError: bad"])
        #expect(errors.map(\.handler) == ["plain", "text", "error"])
        #expect(errors.map(\.pageId) == [3, 3, 3])
        #expect(errors.first?.loc == "pages/index.swift:4:5")
        #expect(errors.last?.line == 4)
    }
}
