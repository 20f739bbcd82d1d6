import Foundation
import Testing
import TerminiScript
import TerminiTemplate

/// Every bridge.invoke is a task: events a running command sends reach the listeners of their type before the
/// answer, and abort() settles the call at once and tells the host to stop it.
@Suite struct BridgeTaskTests {
    @Test func eventsReachTheirListenersInOrderBeforeTheAnswer() {
        let h = ScriptHarness()
        defer { h.shutdown() }
        h.load("""
            Page('index', {
              async onLoad() {
                const task = bridge.invoke('request', { url: 'http://127.0.0.1/log', enableChunked: true })
                task.onHeadersReceived(r => console.log('headers', r.statusCode))
                task.onChunkReceived(r => console.log('chunk', JSON.stringify(r.data)))
                  .onChunkReceived(r => console.log('second listener', r.data.length))
                task.on('other', r => console.log('other', r.n))
                const answer = await task
                console.log('answer', answer.errMsg)
              },
            })
            """)
        h.runtime.createPage(pageId: 1, name: "index")
        h.settle()
        let id = try! #require(h.delegate.invokes.first?.callbackId)
        h.runtime.deliverInvokeEvent(callbackId: id, event: ["type": "headersReceived", "statusCode": 200])
        h.runtime.deliverInvokeEvent(callbackId: id, event: ["type": "chunkReceived", "data": "a\n"])
        h.runtime.deliverInvokeEvent(callbackId: id, event: ["type": "unheard"])
        h.runtime.deliverInvokeEvent(callbackId: id, event: ["type": "other", "n": 7])
        h.runtime.deliverInvokeEvent(callbackId: id, event: ["type": "chunkReceived", "data": "bc"])
        h.runtime.resolveInvoke(callbackId: id, result: ["errMsg": "request:ok"], ok: true)
        h.settle()
        h.runtime.deliverInvokeEvent(callbackId: id, event: ["type": "chunkReceived", "data": "too late"])
        h.settle()
        #expect(h.delegate.logs == [
            "headers 200", #"chunk "a\n""#, "second listener 2", "other 7", #"chunk "bc""#, "second listener 2",
            "answer request:ok",
        ])
        #expect(h.delegate.errors.isEmpty, "\(h.delegate.errors)")
    }

    @Test func abortRejectsAtOnceAndTellsTheHost() {
        let h = ScriptHarness()
        defer { h.shutdown() }
        h.load("""
            Page('index', {
              onLoad() {
                this.task = bridge.invoke('request', { url: 'http://127.0.0.1/endless', enableChunked: true })
                this.task.onChunkReceived(r => console.log('chunk', r.data))
                this.task.then(() => console.log('resolved'), e => console.log('failed', e.errMsg, e.errCode))
              },
              stop() { this.task.abort(); this.task.abort() },
            })
            """)
        h.runtime.createPage(pageId: 1, name: "index")
        h.settle()
        let id = try! #require(h.delegate.invokes.first?.callbackId)
        h.runtime.deliverInvokeEvent(callbackId: id, event: ["type": "chunkReceived", "data": "one"])
        h.settle()
        h.event(1, "stop")
        // The host's late events and answer are ignored.
        h.runtime.deliverInvokeEvent(callbackId: id, event: ["type": "chunkReceived", "data": "two"])
        h.runtime.resolveInvoke(callbackId: id, result: ["errMsg": "request:ok"], ok: true)
        h.settle()
        #expect(h.delegate.logs == ["chunk one", "failed request:fail abort 8"])
        #expect(h.delegate.aborts == [id])
        #expect(h.runtime.pulse().pendingInvokes == 0)
    }

    @Test func anAbortNobodyCatchesIsReportedWithTheCall() {
        let h = ScriptHarness()
        defer { h.shutdown() }
        h.load("""
            Page('index', { onLoad() { bridge.invoke('request', { url: 'http://127.0.0.1/' }).abort() } })
            """)
        h.runtime.createPage(pageId: 1, name: "index")
        h.settle()
        #expect(h.delegate.errors.map(\.message).contains { $0.contains("request:fail abort (errCode 8) from bridge.invoke('request')") },
                "\(h.delegate.errors.map(\.message))")
    }

    @Test func anEventSourceHandsOutMessagesAndErrorsAndClosesQuietly() {
        let h = ScriptHarness()
        defer { h.shutdown() }
        h.load("""
            Page('index', {
              onLoad() {
                this.source = connectEventSource({ url: 'http://127.0.0.1/sse', headers: { 'X-Token': 't' } })
                this.source.onOpen(() => console.log('open'))
                this.source.onMessage(m => console.log('message', m.event, m.data, m.id))
                this.source.onError(e => console.log('error', e.errMsg))
              },
              stop() { this.source.close() },
            })
            """)
        h.runtime.createPage(pageId: 1, name: "index")
        h.settle()
        let call = try! #require(h.delegate.invokes.first)
        #expect(call.name == "connectEventSource")
        #expect(call.params == ["url": "http://127.0.0.1/sse", "header": ["X-Token": "t"]])
        h.runtime.deliverInvokeEvent(callbackId: call.callbackId, event: ["type": "open"])
        h.runtime.deliverInvokeEvent(callbackId: call.callbackId,
                                     event: ["type": "message", "event": "update", "data": "two", "id": "2"])
        h.runtime.deliverInvokeEvent(callbackId: call.callbackId, event: ["type": "error", "errMsg": "dropped"])
        h.settle()
        h.event(1, "stop")
        #expect(h.delegate.logs == ["open", "message update two 2", "error dropped"])
        #expect(h.delegate.errors.isEmpty, "close() is not an error: \(h.delegate.errors.map(\.message))")
        #expect(h.delegate.aborts == [call.callbackId])
    }

    @Test func aSocketTaskSendsTextAndBytesAndHandsOutMessagesAndTheClose() {
        let h = ScriptHarness()
        defer { h.shutdown() }
        h.load("""
            Page('index', {
              onLoad() {
                const s = this.socket = connectSocket({ url: 'ws://127.0.0.1/echo', protocols: ['chat.v1'] })
                s.onOpen(() => { console.log('open'); s.send({ data: 'hi' }); s.send({ data: new Uint8Array([0, 1, 254, 255]) }) })
                s.onMessage(m => console.log('message', typeof m.data === 'string' ? m.data
                  : 'bytes ' + Array.from(new Uint8Array(m.data)).join(',')))
                s.onClose(c => console.log('close', c.code, c.reason))
              },
              stop() { this.socket.close({ code: 4000, reason: 'bye' }) },
            })
            """)
        h.runtime.createPage(pageId: 1, name: "index")
        h.settle()
        let connect = try! #require(h.delegate.invokes.first)
        #expect(connect.name == "connectSocket")
        #expect(connect.params == ["url": "ws://127.0.0.1/echo", "socketTaskId": 1, "protocols": ["chat.v1"]])
        h.runtime.deliverInvokeEvent(callbackId: connect.callbackId, event: ["type": "open"])
        h.runtime.deliverInvokeEvent(callbackId: connect.callbackId, event: ["type": "message", "data": "hello"])
        h.runtime.deliverInvokeEvent(callbackId: connect.callbackId,
                                     event: ["type": "message", "data": .string(Data([7, 0, 255]).base64EncodedString()), "binary": true])
        h.settle()
        let sends = h.delegate.invokes.filter { $0.name == "sendSocketMessage" }
        #expect(sends.map(\.params) == [["socketTaskId": 1, "data": "hi"],
                                         ["socketTaskId": 1, "data": .string(Data([0, 1, 254, 255]).base64EncodedString()), "binary": true]])
        h.event(1, "stop")
        #expect(h.delegate.invokes.last?.name == "closeSocket")
        #expect(h.delegate.invokes.last?.params == ["socketTaskId": 1, "code": 4000, "reason": "bye"])
        h.runtime.resolveInvoke(callbackId: connect.callbackId, result: ["errMsg": "connectSocket:ok", "code": 4000, "reason": "bye"], ok: true)
        h.settle()
        #expect(h.delegate.logs == ["open", "message hello", "message bytes 7,0,255", "close 4000 bye"])
        #expect(h.delegate.errors.isEmpty, "\(h.delegate.errors.map(\.message))")
    }

    @Test func aSocketThatCannotOpenTellsOnErrorAndOnClose() {
        let h = ScriptHarness()
        defer { h.shutdown() }
        h.load("""
            Page('index', {
              onLoad() {
                const s = connectSocket({ url: 'ws://127.0.0.1:1/' })
                s.onError(e => console.log('error', e.errMsg))
                s.onClose(c => console.log('close', c.code))
              },
            })
            """)
        h.runtime.createPage(pageId: 1, name: "index")
        h.settle()
        let connect = try! #require(h.delegate.invokes.first)
        h.runtime.resolveInvoke(callbackId: connect.callbackId,
                                result: ["errMsg": "connectSocket:fail could not open a WebSocket to 127.0.0.1:1", "errCode": 7], ok: false)
        h.settle()
        #expect(h.delegate.logs == ["error connectSocket:fail could not open a WebSocket to 127.0.0.1:1", "close 1006"])
        #expect(h.delegate.errors.isEmpty, "\(h.delegate.errors.map(\.message))")
    }
}
