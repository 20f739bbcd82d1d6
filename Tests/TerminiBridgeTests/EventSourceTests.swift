import Foundation
import Testing
import TestSupport
import TerminiTemplate
@testable import TerminiBridge

/// `connectEventSource` against a real event stream on 127.0.0.1: events, the fields the standard says to skip, a
/// reconnect with `Last-Event-ID`, refusals and close.
@Suite struct EventSourceTests {
    @Test func eventsArriveAndTheSourceReconnectsWithTheLastEventId() async throws {
        let server = try LoopbackHTTPServer()
        let h = try ServiceHarness()
        defer { h.remove(); server.stop() }
        let call = h.start("connectEventSource", ["url": .string("http://127.0.0.1:\(server.port)/sse")], callId: 5)
        // At least three: on a loaded machine the silent second connection can hit the stall timeout and reconnect
        // once more, which repeats the third event; the first three and the first reconnect are what is checked.
        try await waitUntil("the event after the reconnect") { call.events("message").count >= 3 }
        let messages = call.events("message").prefix(3).map { [$0["event"], $0["data"], $0["id"]] }
        #expect(messages == [
            ["message", "one", "1"],
            ["update", "two\nlines", "2"],  // two data lines; `data:lines` without the space
            ["message", "again after 2", "2"],  // the id carries over; the id with NUL was skipped
        ])
        #expect(server.eventStreamIds.prefix(2) == ["", "2"])
        #expect(call.events.prefix(6).map { $0["type"]?.stringValue ?? "" } == ["open", "message", "message", "error", "open", "message"])
        #expect(call.events("error").first?["errMsg"] == "connectEventSource:fail the server ended the stream; reconnecting in 200 ms")
        #expect(call.outcome == nil)

        let hangUpsBefore = server.hangUps("/sse")
        h.router.abort(callId: 5)  // the script's close()
        // At least one more: on a loaded machine a stall-timeout reconnect can hang up once more around the close.
        try await waitUntil("the server saw the client hang up") { server.hangUps("/sse") > hangUpsBefore }
        #expect(h.router.inFlightCount == 0)
    }

    @Test func aResponseThatIsNotAnEventStreamEndsTheSource() async throws {
        let server = try LoopbackHTTPServer()
        let h = try ServiceHarness()
        defer { h.remove(); server.stop() }
        let html = await h.call("connectEventSource", ["url": .string("http://127.0.0.1:\(server.port)/sse-html")])
        #expect(html.message == "connectEventSource:fail the server answered Content-Type 'text/html', not text/event-stream")
        let missing = await h.call("connectEventSource", ["url": .string("http://127.0.0.1:\(server.port)/nothing")])
        #expect(missing.message == "connectEventSource:fail the server answered HTTP 404, not an event stream")
    }

    @Test func hostsAndPermissionAreChecked() async throws {
        let h = try ServiceHarness()
        defer { h.remove() }
        let host = await h.call("connectEventSource", ["url": "http://example.org/events"])
        #expect(host.code == .permissionDenied)
        #expect(host.message == "connectEventSource:fail host 'example.org' is not in the manifest's requestDomains")
        let permission = await h.call("connectEventSource", ["url": "http://127.0.0.1/events"],
                                      context: ServiceHarness.context(permissions: []))
        #expect(permission.message == "connectEventSource:fail permission 'request' is not granted in the manifest")
    }

    @Test func parserFollowsTheStandardAcrossReads() throws {
        var parser = EventStreamParser()
        var out: [EventStreamMessage] = []
        // A BOM, a CRLF split between two reads, a field without a colon, and an event with no data.
        for piece in ["\u{FEFF}data: a\r", "\ndata\r\n\r\nevent: x\n\n", "data: b\n\n"] {
            out += try parser.feed(Data(piece.utf8))
        }
        #expect(out == [EventStreamMessage(event: "message", data: "a\n", id: ""),
                        EventStreamMessage(event: "message", data: "b", id: "")])
    }

    @Test func anEndlessLineIsRefused() {
        var parser = EventStreamParser(maxLineBytes: 100)
        #expect(throws: EventStreamParser.LineTooLong.self) { try parser.feed(Data(repeating: UInt8(ascii: "x"), count: 101)) }
    }
}
