import Foundation
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// A tiny HTTP/1.1 server on 127.0.0.1 for request tests: one thread per connection, `Connection: close` on every
/// answer, and a lifetime after which it stops by itself even if a test forgets to.
/// The lifetime counts from the test's start: ten minutes, since under ThreadSanitizer a test can wait minutes for
/// a thread of the cooperative pool before its first request.
///
/// Routes: `GET /json`, `POST|PUT /echo` (echoes body, content type and `X-Custom` back), `GET /text`,
/// `GET /slow` (answers only when the server stops, unless the client hangs up first, which it counts), `GET /big` (11 MB with a
/// Content-Length), `GET /big-stream` (11 MB with no length, streamed until the client hangs up), `GET /query`
/// (echoes the query string), `GET /redirect?to=<host>` (302 to `/json` on that host name), and the streams in
/// `StreamRoutes` (chunked bodies, stalls, event streams); anything else 404.
final class LoopbackHTTPServer: @unchecked Sendable {
    let port: Int
    private let listener: LoopbackListener
    private let lock = NSLock()
    private var slowStarted = 0
    private var slowAbandoned = 0
    private var hangUps: [String: Int] = [:]
    private var lastEventIds: [String] = []

    init(lifetime: Double = 600) throws {
        listener = try LoopbackListener()
        port = listener.port
        listener.start(lifetime: lifetime) { [self] client in handle(client) }
    }

    deinit { stop() }

    /// How many `/slow` requests arrived, and how many of those the client abandoned before the answer.
    var slowCounts: (started: Int, abandoned: Int) {
        lock.lock()
        defer { lock.unlock() }
        return (slowStarted, slowAbandoned)
    }

    func stop() { listener.stop() }

    /// How many times a client hung up on `path` before the server finished it.
    func hangUps(_ path: String) -> Int {
        lock.lock()
        defer { lock.unlock() }
        return hangUps[path] ?? 0
    }

    /// The `Last-Event-ID` header of each `/sse` connection, in order ("" when absent).
    var eventStreamIds: [String] {
        lock.lock()
        defer { lock.unlock() }
        return lastEventIds
    }

    // MARK: Requests

    private struct Request {
        var method: String
        var path: String
        var query: String
        var headers: [String: String]  // lowercased names
        var body: [UInt8]
    }

    private func readRequest(_ fd: Int32) -> Request? {
        var buffer: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        var headerEnd: Int?
        while headerEnd == nil {
            let n = recv(fd, &chunk, chunk.count, 0)
            if n <= 0 { return nil }
            buffer += chunk[0..<n]
            headerEnd = buffer.indices.dropLast(3).first {
                buffer[$0] == 13 && buffer[$0 + 1] == 10 && buffer[$0 + 2] == 13 && buffer[$0 + 3] == 10
            }
        }
        guard let end = headerEnd else { return nil }
        let head = String(decoding: buffer[0..<end], as: UTF8.self).components(separatedBy: "\r\n")
        let requestLine = head[0].split(separator: " ")
        guard requestLine.count >= 2 else { return nil }
        var headers: [String: String] = [:]
        for line in head.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        var body = Array(buffer[(end + 4)...])
        let length = Int(headers["content-length"] ?? "0") ?? 0
        while body.count < length {
            let n = recv(fd, &chunk, chunk.count, 0)
            if n <= 0 { return nil }
            body += chunk[0..<n]
        }
        let target = String(requestLine[1])
        let pathAndQuery = target.split(separator: "?", maxSplits: 1).map(String.init)
        return Request(method: String(requestLine[0]), path: pathAndQuery[0],
                       query: pathAndQuery.count > 1 ? pathAndQuery[1] : "", headers: headers, body: body)
    }

    private func handle(_ fd: Int32) {
        guard let request = readRequest(fd) else { return }
        switch (request.method, request.path) {
        case ("GET", "/json"):
            respond(fd, 200, ["Content-Type": "application/json; charset=utf-8"], Array(#"{"hello":"world","n":3}"#.utf8))
        case ("GET", "/text"):
            respond(fd, 200, ["Content-Type": "text/plain"], Array("plain text".utf8))
        case ("GET", "/query"):
            respond(fd, 200, ["Content-Type": "text/plain"], Array(request.query.utf8))
        case ("POST", "/echo"), ("PUT", "/echo"):
            var headers = ["X-Method": request.method, "X-Seen-Custom": request.headers["x-custom"] ?? "",
                           "X-Has-Custom": request.headers["x-custom"] == nil ? "no" : "yes"]
            if let type = request.headers["content-type"] { headers["Content-Type"] = type }
            respond(fd, 201, headers, request.body)
        case ("POST", "/submit"):
            // `?status=303|307`: a form's answer that sends the client on to `/method`, by a relative Location.
            respond(fd, Int(request.query.dropFirst("status=".count)) ?? 303, ["Location": "/method"], [])
        case (_, "/method"):
            respond(fd, 200, ["X-Method": request.method, "Content-Type": "text/plain"], request.body)
        case ("GET", "/slow"):
            slow(fd)
        case ("GET", "/redirect"):
            // `?to=<host>` picks where to send the client: the same server under another host name.
            let host = request.query.hasPrefix("to=") ? String(request.query.dropFirst(3)) : "127.0.0.1"
            respond(fd, 302, ["Location": "http://\(host):\(port)/json"], [])
        case ("GET", "/big"):
            let size = 11 * 1024 * 1024
            let head = "HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: \(size)\r\nConnection: close\r\n\r\n"
            guard LoopbackListener.sendAll(fd, Array(head.utf8)) else { return }
            streamFiller(fd, bytes: size)
        case ("GET", "/big-stream"):
            let head = "HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nConnection: close\r\n\r\n"
            guard LoopbackListener.sendAll(fd, Array(head.utf8)) else { return }
            streamFiller(fd, bytes: 11 * 1024 * 1024)
        case ("GET", "/chunked"):
            // `?n=<lines>&delay=<ms>`: one chunk per line.
            let query = Self.query(request.query)
            let lines = Int(query["n"] ?? "") ?? 5
            let delay = Int(query["delay"] ?? "") ?? 0
            guard startChunked(fd, type: "text/plain; charset=utf-8") else { return }
            for i in 0..<lines {
                guard sendChunk(fd, Array("line \(i)\n".utf8)) else { return }
                if delay > 0 { usleep(UInt32(delay * 1000)) }
            }
            _ = sendChunk(fd, [])
        case ("GET", "/split-utf8"):
            // "é€😀" with each character cut across two chunks.
            guard startChunked(fd, type: "text/plain; charset=utf-8") else { return }
            let bytes = Array("é€😀".utf8)
            for piece in [bytes[0..<1], bytes[1..<3], bytes[3..<6], bytes[6..<bytes.count]] {
                guard sendChunk(fd, Array(piece)) else { return }
                usleep(60_000)  // longer than a frame, so each piece is its own read
            }
            _ = sendChunk(fd, [])
        case ("GET", "/endless"):
            // A line every 5 ms until the client hangs up.
            guard startChunked(fd, type: "text/plain") else { return }
            var i = 0
            while !listener.isStopped {
                guard sendChunk(fd, Array("tick \(i)\n".utf8)) else { return countHangUp("/endless") }
                i += 1
                usleep(5_000)
            }
        case ("GET", "/stall"):
            // One chunk, then silence until the client hangs up.
            guard startChunked(fd, type: "text/plain"), sendChunk(fd, Array("first\n".utf8)) else { return }
            if waitForHangUp(fd) { countHangUp("/stall") }
        case ("GET", "/cut"):
            // One chunk, then the connection closes without the last chunk.
            guard startChunked(fd, type: "text/plain") else { return }
            _ = sendChunk(fd, Array("partial\n".utf8))
        case ("GET", "/huge-length"):
            let head = "HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: 10737418240\r\nConnection: close\r\n\r\n"
            guard LoopbackListener.sendAll(fd, Array(head.utf8)) else { return }
            streamFiller(fd, bytes: 65_536)
        case ("GET", "/redirect-loop"):
            respond(fd, 302, ["Location": "http://127.0.0.1:\(port)/redirect-loop"], [])
        case ("GET", "/garbage"):
            _ = LoopbackListener.sendAll(fd, Array("\u{1}\u{2}NOT HTTP AT ALL\r\n\r\n\u{0}\u{ff}".utf8))
        case ("GET", "/sse"):
            eventStream(fd, lastEventId: request.headers["last-event-id"] ?? "")
        case ("GET", "/sse-html"):
            respond(fd, 200, ["Content-Type": "text/html"], Array("<p>not a stream</p>".utf8))
        default:
            respond(fd, 404, ["Content-Type": "text/plain"], Array("not found".utf8))
        }
    }

    /// The first connection sends a retry time, a comment, two events (the second on two data lines, with an
    /// event name), malformed lines the standard says to skip, and an event cut off by the close; a reconnection
    /// gets one event naming the `Last-Event-ID` it sent, then silence until the client hangs up.
    private func eventStream(_ fd: Int32, lastEventId: String) {
        lock.lock()
        lastEventIds.append(lastEventId)
        let first = lastEventIds.count == 1
        lock.unlock()
        let head = "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nCache-Control: no-cache\r\nConnection: close\r\n\r\n"
        guard LoopbackListener.sendAll(fd, Array(head.utf8)) else { return }
        if first {
            let body = "retry: 200\r\n: a comment\n\nid: 1\ndata: one\n\nevent: update\ndata: two\ndata:lines\rid: 2\n\n" +
                "nonsense line\nretry: soon\nid: bad\u{0}id\n\ndata: cut off"
            _ = LoopbackListener.sendAll(fd, Array(body.utf8))
        } else {
            guard LoopbackListener.sendAll(fd, Array("data: again after \(lastEventId)\n\n".utf8)) else { return }
            if waitForHangUp(fd) { countHangUp("/sse") }
        }
    }

    private static func query(_ text: String) -> [String: String] {
        var out: [String: String] = [:]
        for pair in text.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1).map(String.init)
            out[parts[0]] = parts.count > 1 ? parts[1] : ""
        }
        return out
    }

    private func startChunked(_ fd: Int32, type: String) -> Bool {
        let head = "HTTP/1.1 200 OK\r\nContent-Type: \(type)\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n"
        return LoopbackListener.sendAll(fd, Array(head.utf8))
    }

    /// One chunk of a chunked body; an empty one ends the body.
    private func sendChunk(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
        LoopbackListener.sendAll(fd, Array((String(bytes.count, radix: 16) + "\r\n").utf8) + bytes + Array("\r\n".utf8))
    }

    private func countHangUp(_ path: String) {
        lock.lock()
        hangUps[path, default: 0] += 1
        lock.unlock()
    }

    /// Waits until the client closes the connection (true) or the server stops (false).
    private func waitForHangUp(_ fd: Int32) -> Bool {
        var probe = [UInt8](repeating: 0, count: 16)
        while !listener.isStopped {
            var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            if poll(&poller, 1, 20) > 0 {
                let n = recv(fd, &probe, probe.count, Int32(MSG_DONTWAIT))
                if n == 0 || (n < 0 && errno != EAGAIN) { return true }
            }
        }
        return false
    }

    /// Waits until the client hangs up or the server stops; a hang-up is what a cancelled request looks like here.
    /// No clock of its own: in the full parallel run a test can wait tens of seconds for a thread of the cooperative
    /// pool before it cancels, and an answer sent first would hide the cancel.
    private func slow(_ fd: Int32) {
        lock.lock()
        slowStarted += 1
        lock.unlock()
        var probe = [UInt8](repeating: 0, count: 16)
        while !listener.isStopped {
            var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            if poll(&poller, 1, 20) > 0 {
                let n = recv(fd, &probe, probe.count, Int32(MSG_DONTWAIT))
                if n == 0 || (n < 0 && errno != EAGAIN) {
                    lock.lock()
                    slowAbandoned += 1
                    lock.unlock()
                    return
                }
            }
        }
        respond(fd, 200, ["Content-Type": "text/plain"], Array("finally".utf8))
    }

    private func streamFiller(_ fd: Int32, bytes: Int) {
        let block = [UInt8](repeating: UInt8(ascii: "z"), count: 65_536)
        var sent = 0
        while sent < bytes {
            let n = min(block.count, bytes - sent)
            guard LoopbackListener.sendAll(fd, Array(block[0..<n])) else { return }  // the client hung up: stop
            sent += n
        }
    }

    private func respond(_ fd: Int32, _ status: Int, _ headers: [String: String], _ body: [UInt8]) {
        let reason = [302: "Found", 404: "Not Found"][status] ?? "OK"
        var head = "HTTP/1.1 \(status) \(reason)\r\n"
        for (name, value) in headers.sorted(by: { $0.key < $1.key }) { head += "\(name): \(value)\r\n" }
        head += "Content-Length: \(body.count)\r\nConnection: close\r\n\r\n"
        _ = LoopbackListener.sendAll(fd, Array(head.utf8) + body)
    }
}

struct ServerError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
