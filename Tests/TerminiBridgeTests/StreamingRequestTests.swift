import Foundation
import Testing
import TestSupport
import TerminiClock
import TerminiTemplate
@testable import TerminiBridge

/// What one call sent before its answer, and the answer.
final class CallRecorder: @unchecked Sendable {
    private let lock = NSLock()
    private var recorded: [JSONValue] = []
    private var answer: CommandOutcome?

    func add(_ event: JSONValue) { lock.lock(); recorded.append(event); lock.unlock() }
    func finish(_ outcome: CommandOutcome) { lock.lock(); answer = outcome; lock.unlock() }

    var events: [JSONValue] { lock.lock(); defer { lock.unlock() }; return recorded }
    var outcome: CommandOutcome? { lock.lock(); defer { lock.unlock() }; return answer }

    /// The events of one type, in order.
    func events(_ type: String) -> [JSONValue] { events.filter { $0["type"]?.stringValue == type } }
    /// The `data` of every chunk, joined.
    var chunkText: String { events("chunkReceived").compactMap { $0["data"]?.stringValue }.joined() }
}

extension ServiceHarness {
    /// Starts a call whose events and answer `CallRecorder` keeps; `callId` names it for `router.abort(callId:)`.
    func start(_ name: String, _ params: JSONValue, callId: Int, context: CommandContext = ServiceHarness.context())
        -> CallRecorder
    {
        let recorder = CallRecorder()
        router.invoke(name, params: params, context: context, callId: callId, events: { recorder.add($0) }) {
            recorder.finish($0)
        }
        return recorder
    }
}

/// Generous: on a loaded 2-core machine a test can wait a minute for a thread. The deadline only stops a broken
/// test from hanging.
func waitUntil(_ what: String, within seconds: Double = 120, _ condition: () -> Bool) async throws {
    let deadline = Date().addingTimeInterval(seconds)
    while !condition() {
        guard Date() < deadline else { throw ServerError("not within \(Int(seconds)) s: \(what)") }
        try await Task.sleep(nanoseconds: 10_000_000)
    }
}

/// `request` as a task: headers, chunks (`enableChunked`), abort, and the limits of a stream, against a real server
/// on 127.0.0.1 started by each test.
@Suite struct StreamingRequestTests {
    @Test func chunkedResponseArrivesAsChunksBeforeTheAnswer() async throws {
        let server = try LoopbackHTTPServer()
        let h = try ServiceHarness()
        defer { h.remove(); server.stop() }
        let call = h.start("request", ["url": .string("http://127.0.0.1:\(server.port)/chunked?n=5&delay=200"),
                                       "enableChunked": true], callId: 1)
        try await waitUntil("the answer") { call.outcome != nil }
        let outcome = try #require(call.outcome)
        #expect(outcome.ok, "\(outcome.envelope)")
        #expect(outcome.envelope["statusCode"] == 200)
        #expect(outcome.envelope["data"] == "")
        #expect(call.events.first?["type"] == "headersReceived")
        #expect(call.events.first?["statusCode"] == 200)
        #expect(call.events.first?["header"]?["Content-Type"] == "text/plain; charset=utf-8")
        #expect(call.chunkText == (0..<5).map { "line \($0)\n" }.joined())
        #expect(call.events("chunkReceived").count >= 2, "200 ms apart, the lines arrive in more than one frame")
    }

    @Test func aFastStreamReachesTheCallerOncePerFrame() async throws {
        let server = try LoopbackHTTPServer()
        let h = try ServiceHarness()
        defer { h.remove(); server.stop() }
        let call = h.start("request", ["url": .string("http://127.0.0.1:\(server.port)/chunked?n=5000"),
                                       "enableChunked": true], callId: 1)
        try await waitUntil("the answer") { call.outcome != nil }
        #expect(call.outcome?.ok == true)
        #expect(call.chunkText == (0..<5000).map { "line \($0)\n" }.joined())
        // 5000 writes as fast as loopback takes them: gathered into a few frames' worth.
        #expect(call.events("chunkReceived").count < 500, "\(call.events("chunkReceived").count) chunks")
    }

    @Test func aCharacterCutAcrossReadsArrivesWhole() async throws {
        let server = try LoopbackHTTPServer()
        let h = try ServiceHarness()
        defer { h.remove(); server.stop() }
        let call = h.start("request", ["url": .string("http://127.0.0.1:\(server.port)/split-utf8"),
                                       "enableChunked": true], callId: 1)
        try await waitUntil("the answer") { call.outcome != nil }
        #expect(call.chunkText == "é€😀")
        #expect(!call.chunkText.contains("\u{FFFD}"))
    }

    @Test func arraybufferChunksAreBase64() async throws {
        let server = try LoopbackHTTPServer()
        let h = try ServiceHarness()
        defer { h.remove(); server.stop() }
        let call = h.start("request", ["url": .string("http://127.0.0.1:\(server.port)/chunked?n=3&delay=30"),
                                       "enableChunked": true, "responseType": "arraybuffer"], callId: 1)
        try await waitUntil("the answer") { call.outcome != nil }
        let bytes = call.events("chunkReceived").compactMap { $0["data"]?.stringValue }.compactMap { Data(base64Encoded: $0) }
        #expect(String(decoding: bytes.reduce(Data(), +), as: UTF8.self) == "line 0\nline 1\nline 2\n")
        let plain = await h.call("request", ["url": .string("http://127.0.0.1:\(server.port)/text"), "responseType": "arraybuffer"])
        #expect(plain.envelope["data"] == .string(Data("plain text".utf8).base64EncodedString()))
    }

    @Test func abortMidStreamClosesTheConnectionAndDropsTheAnswer() async throws {
        let server = try LoopbackHTTPServer()
        let h = try ServiceHarness()
        defer { h.remove(); server.stop() }
        let call = h.start("request", ["url": .string("http://127.0.0.1:\(server.port)/endless"), "enableChunked": true],
                           callId: 42)
        try await waitUntil("a chunk") { call.chunkText.contains("tick 3\n") }
        h.router.abort(callId: 42)
        try await waitUntil("the server saw the client hang up") { server.hangUps("/endless") == 1 }
        #expect(h.router.inFlightCount == 0)
        let seen = call.events.count
        try await Task.sleep(nanoseconds: 200_000_000)
        #expect(call.outcome == nil, "the script settled an aborted call itself")
        #expect(call.events.count == seen, "no event after the abort")
    }

    @Test func aStallMidStreamTimesOutBetweenChunks() async throws {
        let server = try LoopbackHTTPServer()
        let h = try ServiceHarness()
        defer { h.remove(); server.stop() }
        let call = h.start("request", ["url": .string("http://127.0.0.1:\(server.port)/stall"), "enableChunked": true,
                                       "timeout": 400], callId: 1)
        try await waitUntil("the answer") { call.outcome != nil }
        #expect(call.chunkText == "first\n")
        #expect(call.outcome?.code == .timeout)
        #expect(call.outcome?.message == "request:fail timeout: no data for 400 ms in the middle of the stream")
        try await waitUntil("the server saw the client hang up") { server.hangUps("/stall") == 1 }
    }

    @Test func aStreamLongerThanItsTimeoutLivesWhileChunksKeepComing() async throws {
        let server = try LoopbackHTTPServer()
        let h = try ServiceHarness()
        defer { h.remove(); server.stop() }
        // 8 lines 250 ms apart: 2 s in all, four times the timeout, never more than half of it between chunks.
        let call = h.start("request", ["url": .string("http://127.0.0.1:\(server.port)/chunked?n=8&delay=250"),
                                       "enableChunked": true, "timeout": 2000], callId: 1)
        try await waitUntil("the answer") { call.outcome != nil }
        #expect(call.outcome?.ok == true, "\(call.outcome?.envelope ?? .null)")
        #expect(call.chunkText.hasSuffix("line 7\n"))
    }

    @Test func aServerThatClosesMidStreamFails() async throws {
        let server = try LoopbackHTTPServer()
        let h = try ServiceHarness()
        defer { h.remove(); server.stop() }
        let call = h.start("request", ["url": .string("http://127.0.0.1:\(server.port)/cut"), "enableChunked": true], callId: 1)
        try await waitUntil("the answer") { call.outcome != nil }
        #expect(call.outcome?.code == .network, "\(call.outcome?.envelope ?? .null)")
        #expect(call.outcome?.message.hasPrefix("request:fail ") == true)
    }

    @Test func aTenGigabyteLengthIsRefusedAtTheHeaders() async throws {
        let server = try LoopbackHTTPServer()
        let h = try ServiceHarness()
        defer { h.remove(); server.stop() }
        let call = h.start("request", ["url": .string("http://127.0.0.1:\(server.port)/huge-length"), "enableChunked": true],
                           callId: 1)
        try await waitUntil("the answer") { call.outcome != nil }
        #expect(call.outcome?.code == .limitReached)
        #expect(call.outcome?.message == "request:fail response is over the 100 MB limit (10737418240 bytes announced)")
        #expect(call.events("chunkReceived").isEmpty)
    }

    @Test func aStreamStopsAtItsTotalLimit() async throws {
        let server = try LoopbackHTTPServer()
        let h = try ServiceHarness(limits: RequestLimits(maxStreamBytes: 2 * 1024 * 1024))
        defer { h.remove(); server.stop() }
        let call = h.start("request", ["url": .string("http://127.0.0.1:\(server.port)/big-stream"), "enableChunked": true],
                           callId: 1)
        try await waitUntil("the answer") { call.outcome != nil }
        #expect(call.outcome?.code == .limitReached)
        #expect(call.outcome?.message == "request:fail response is over the 2 MB limit (more than 2097152 bytes received)")
        #expect(call.chunkText.utf8.count <= 2 * 1024 * 1024)
    }

    @Test func aRedirectLoopEndsWithAClearError() async throws {
        let server = try LoopbackHTTPServer()
        let h = try ServiceHarness()
        defer { h.remove(); server.stop() }
        let outcome = await h.call("request", ["url": .string("http://127.0.0.1:\(server.port)/redirect-loop")])
        #expect(outcome.code == .network)
        #expect(outcome.message == "request:fail too many redirects (more than 10): the last went to http://127.0.0.1:\(server.port)/redirect-loop")
    }

    @Test func garbageInsteadOfHTTPFails() async throws {
        let server = try LoopbackHTTPServer()
        let h = try ServiceHarness()
        defer { h.remove(); server.stop() }
        let outcome = await h.call("request", ["url": .string("http://127.0.0.1:\(server.port)/garbage"), "enableChunked": true])
        #expect(!outcome.ok)
        #expect(outcome.code == .network, "\(outcome.envelope)")
        #expect(outcome.message.contains("127.0.0.1:\(server.port)"), "\(outcome.message)")
    }

    @Test func badStreamParametersNameTheField() async throws {
        let h = try ServiceHarness()
        defer { h.remove() }
        let type = await h.call("request", ["url": "http://127.0.0.1/", "responseType": "blob"])
        #expect(type.message == "request:fail parameter 'responseType' must be 'text' or 'arraybuffer', got 'blob'")
        let chunked = await h.call("request", ["url": "http://127.0.0.1/", "enableChunked": "yes"])
        #expect(chunked.message == "request:fail parameter 'enableChunked' must be a boolean, got string")
    }
}

/// How a stream's bytes are cut and gathered for the script.
@Suite struct ChunkCoalescerTests {
    @Test func aChunkOverTheLimitIsSplit() {
        let pieces = Locked<[String]>([])
        let coalescer = ChunkCoalescer(interval: 60, maxChunkBytes: 1000, encoding: .text) { p in pieces.withLock { $0.append(p) } }
        coalescer.append(Data(repeating: UInt8(ascii: "a"), count: 2500))
        coalescer.finish()
        #expect(pieces.withLock { $0.map(\.utf8.count) } == [1000, 1000, 500])
    }

    @Test func aSplitNeverCutsACharacter() {
        let pieces = Locked<[String]>([])
        let coalescer = ChunkCoalescer(interval: 60, maxChunkBytes: 5, encoding: .text) { p in pieces.withLock { $0.append(p) } }
        coalescer.append(Data("€€€€".utf8))  // 3 bytes each
        coalescer.finish()
        #expect(pieces.withLock { $0 } == ["€", "€", "€", "€"])
    }

    @Test func theIncompleteTailOfAReadIsHeld() {
        let bytes = Data("a€".utf8)
        #expect(ChunkCoalescer.completeUTF8Prefix(bytes) == 4)
        #expect(ChunkCoalescer.completeUTF8Prefix(bytes.prefix(3)) == 1)
        #expect(ChunkCoalescer.completeUTF8Prefix(bytes.prefix(2)) == 1)
        #expect(ChunkCoalescer.completeUTF8Prefix(Data()) == 0)
    }
}
