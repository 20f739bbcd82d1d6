import Foundation
import Testing
import TestSupport
import TerminiTemplate
@testable import TerminiBridge

/// `connectSocket`, `sendSocketMessage` and `closeSocket` against a real WebSocket server on 127.0.0.1 started by
/// each test: echo in text and binary, close codes, a server that drops, the limits.
@Suite struct WebSocketTests {
    private func open(_ h: ServiceHarness, _ url: String, id: Int, protocols: [String]? = nil,
                      context: CommandContext = ServiceHarness.context()) async throws -> CallRecorder
    {
        var params: [String: JSONValue] = ["url": .string(url), "socketTaskId": .number(Double(id))]
        if let protocols { params["protocols"] = .array(protocols.map { .string($0) }) }
        let call = h.start("connectSocket", .object(params), callId: id, context: context)
        try await waitUntil("the socket opened") { !call.events("open").isEmpty || call.outcome != nil }
        return call
    }

    @Test func textAndBinaryMessagesEchoAndACloseIsAnswered() async throws {
        let server = try await WebSocketTestServer()
        let h = try ServiceHarness()
        defer { h.remove(); server.stop() }
        let call = try await open(h, "ws://127.0.0.1:\(server.port)/echo", id: 1)
        #expect(call.outcome == nil, "\(call.outcome?.envelope ?? .null)")
        let text = await h.call("sendSocketMessage", ["socketTaskId": 1, "data": "héllo"])
        #expect(text.ok, "\(text.envelope)")
        let bytes = Data([0, 1, 2, 255]).base64EncodedString()
        #expect(await h.call("sendSocketMessage", ["socketTaskId": 1, "data": .string(bytes), "binary": true]).ok)
        try await waitUntil("both echoes") { call.events("message").count == 2 }
        #expect(call.events("message")[0]["data"] == "héllo")
        #expect(call.events("message")[0]["binary"] == nil)
        #expect(call.events("message")[1]["data"] == .string(bytes))
        #expect(call.events("message")[1]["binary"] == true)

        #expect(await h.call("closeSocket", ["socketTaskId": 1, "code": 4000, "reason": "bye"]).ok)
        try await waitUntil("the close") { call.outcome != nil }
        #expect(call.outcome?.envelope["code"] == 4000)
        #expect(server.lines.contains("close 4000 bye"), "\(server.lines)")
        #expect(h.router.inFlightCount == 0)
    }

    @Test func messagesSentBeforeTheSocketOpensGoOutWhenItDoesInOrder() async throws {
        let server = try await WebSocketTestServer()
        let h = try ServiceHarness()
        defer { h.remove(); server.stop() }
        let call = h.start("connectSocket", ["url": .string("ws://127.0.0.1:\(server.port)/echo"), "socketTaskId": 1], callId: 1)
        // No wait for `open`: the socket is registered as the call arrives, and the messages wait for the handshake.
        for i in 1...3 { #expect(await h.call("sendSocketMessage", ["socketTaskId": 1, "data": .string("m\(i)")]).ok) }
        try await waitUntil("the echoes") { call.events("message").count == 3 }
        #expect(call.events("message").map { $0["data"] } == ["m1", "m2", "m3"])
        #expect(await h.call("closeSocket", ["socketTaskId": 1]).ok)
        try await waitUntil("the close") { call.outcome != nil }
        #expect(call.outcome?.envelope["code"] == 1000, "\(call.outcome?.envelope ?? .null)")
    }

    @Test func aServerThatDropsWithoutACloseFrameGives1006() async throws {
        let server = try await WebSocketTestServer()
        let h = try ServiceHarness()
        defer { h.remove(); server.stop() }
        let call = try await open(h, "ws://127.0.0.1:\(server.port)/drop", id: 1)
        _ = await h.call("sendSocketMessage", ["socketTaskId": 1, "data": "bye"])
        try await waitUntil("the close") { call.outcome != nil }
        #expect(call.outcome?.ok == true, "\(call.outcome?.envelope ?? .null)")
        #expect(call.outcome?.envelope["code"] == 1006)
        let late = await h.call("sendSocketMessage", ["socketTaskId": 1, "data": "anyone?"])
        #expect(late.message == "sendSocketMessage:fail no open socket has socketTaskId 1")
    }

    @Test func aMessageOverTheLimitClosesWith1009() async throws {
        let server = try await WebSocketTestServer()
        let h = try ServiceHarness(sockets: SocketLimits(maxMessageBytes: 1000))
        defer { h.remove(); server.stop() }
        let call = try await open(h, "ws://127.0.0.1:\(server.port)/huge?bytes=5000", id: 1)
        try await waitUntil("the close") { call.outcome != nil }
        #expect(call.outcome?.envelope["code"] == 1009, "\(call.outcome?.envelope ?? .null)")
        #expect(call.events("error").first?["errMsg"] == "connectSocket:fail the server sent a message over the 1000-byte limit")
        #expect(call.events("message").isEmpty)
    }

    @Test func sendingOverTheLimitFailsAndTheSocketStaysOpen() async throws {
        let server = try await WebSocketTestServer()
        let h = try ServiceHarness(sockets: SocketLimits(maxMessageBytes: 1000))
        defer { h.remove(); server.stop() }
        let call = try await open(h, "ws://127.0.0.1:\(server.port)/echo", id: 1)
        let big = await h.call("sendSocketMessage", ["socketTaskId": 1, "data": .string(String(repeating: "x", count: 1001))])
        #expect(big.code == .limitReached)
        #expect(big.message == "sendSocketMessage:fail the message is 1001 bytes; a socket message holds at most 1000")
        #expect(await h.call("sendSocketMessage", ["socketTaskId": 1, "data": "small"]).ok)
        try await waitUntil("the echo") { call.events("message").count == 1 }
        h.router.abort(callId: 1)
    }

    @Test func openSocketsPerAppAreLimited() async throws {
        let server = try await WebSocketTestServer()
        let h = try ServiceHarness(sockets: SocketLimits(maxOpenSockets: 1))
        defer { h.remove(); server.stop() }
        _ = try await open(h, "ws://127.0.0.1:\(server.port)/echo", id: 1)
        let second = await h.call("connectSocket", ["url": .string("ws://127.0.0.1:\(server.port)/echo"), "socketTaskId": 2])
        #expect(second.code == .limitReached)
        #expect(second.message == "connectSocket:fail 1 sockets are open; an app may have 1 at once")
        h.router.abort(callId: 1)
    }

    @Test func theProtocolsAreOffered() async throws {
        let server = try await WebSocketTestServer()
        let h = try ServiceHarness()
        defer { h.remove(); server.stop() }
        let call = try await open(h, "ws://127.0.0.1:\(server.port)/protocol", id: 1, protocols: ["chat.v1", "chat.v0"])
        try await waitUntil("the protocol") { call.events("message").count == 1 }
        #expect(call.events("message")[0]["data"] == "chat.v1")
        h.router.abort(callId: 1)
    }

    @Test func aPageUnloadClosesItsSocketsButNotTheApps() async throws {
        let server = try await WebSocketTestServer()
        let h = try ServiceHarness()
        defer { h.remove(); server.stop() }
        let pages = try await open(h, "ws://127.0.0.1:\(server.port)/echo", id: 1, context: ServiceHarness.context(page: 3))
        let apps = try await open(h, "ws://127.0.0.1:\(server.port)/echo", id: 2,
                                  context: CommandContext(appId: "demo", pageId: nil, pageName: nil, permissions: ["request"]))
        h.router.cancelAll(pageId: 3)
        try await waitUntil("the server saw the page's socket go") {
            server.lines.contains { $0.hasPrefix("close 1001") || $0.hasPrefix("hangup") }
        }
        #expect(pages.outcome == nil)
        #expect(await h.call("sendSocketMessage", ["socketTaskId": 2, "data": "still here"]).ok)
        try await waitUntil("the App's socket answered") { apps.events("message").count == 1 }
        h.router.abort(callId: 2)
    }

    @Test func urlsAreCheckedAgainstRequestDomains() async throws {
        let h = try ServiceHarness()
        defer { h.remove() }
        let http = await h.call("connectSocket", ["url": "http://127.0.0.1/ws", "socketTaskId": 1])
        #expect(http.message == "connectSocket:fail parameter 'url' must be ws or wss, got 'http'")
        let host = await h.call("connectSocket", ["url": "wss://example.org/ws", "socketTaskId": 1])
        #expect(host.code == .permissionDenied)
        #expect(host.message == "connectSocket:fail host 'example.org' is not in the manifest's requestDomains")
        let notOpen = await h.call("sendSocketMessage", ["socketTaskId": 9, "data": "x"])
        #expect(notOpen.code == .notFound)
        let refused = await h.call("connectSocket", ["url": .string("ws://127.0.0.1:\(try LoopbackListener.closedPort())/"), "socketTaskId": 1])
        #expect(refused.code == .network, "\(refused.envelope)")
    }
}
