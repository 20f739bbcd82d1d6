import Foundation
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// A tiny HTTP/1.1 server on 127.0.0.1 for the feed and preload tests. `GET /stories` answers a JSON list of
/// stories after `delay` seconds; anything else is 404. One thread per connection, `Connection: close`, and a
/// lifetime after which it stops by itself, so a failing test cannot leave it running.
/// The lifetime counts from the test's start: ten minutes, since under ThreadSanitizer a test can wait minutes for
/// a thread of the cooperative pool before its first request.
final class StoriesServer: @unchecked Sendable {
    let port: Int
    let stories: [(id: String, title: String, author: String)]
    private let delay: Double
    private let listener: LoopbackListener
    private let lock = NSLock()
    private var served = 0

    init(stories: [(id: String, title: String, author: String)], delay: Double = 0, lifetime: Double = 600) throws {
        self.stories = stories
        self.delay = delay
        listener = try LoopbackListener()
        port = listener.port
        listener.start(lifetime: lifetime) { [self] client in handle(client) }
    }

    deinit { stop() }

    /// How many /stories answers were sent.
    var servedCount: Int {
        lock.lock()
        defer { lock.unlock() }
        return served
    }

    func stop() { listener.stop() }

    private func handle(_ fd: Int32) {
        var buffer: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        // Read up to the end of the headers (requests here have no body); give up on anything oversized.
        while buffer.count < 65_536 {
            let n = recv(fd, &chunk, chunk.count, 0)
            if n <= 0 { return }
            buffer += chunk[0..<n]
            if String(decoding: buffer, as: UTF8.self).contains("\r\n\r\n") { break }
        }
        let requestLine = String(decoding: buffer, as: UTF8.self).prefix { $0 != "\r" }
        let parts = requestLine.split(separator: " ")
        guard parts.count >= 2, parts[0] == "GET", parts[1] == "/stories" else {
            respond(fd, status: "404 Not Found", type: "text/plain", body: "not found")
            return
        }
        if delay > 0 { Thread.sleep(forTimeInterval: delay) }
        let items = stories.map { s in
            #"{"id":"\#(s.id)","title":"\#(s.title)","author":"\#(s.author)","points":42,"comments":7,"text":"Served text of \#(s.id)."}"#
        }
        respond(fd, status: "200 OK", type: "application/json", body: "[" + items.joined(separator: ",") + "]")
        lock.lock()
        served += 1
        lock.unlock()
    }

    private func respond(_ fd: Int32, status: String, type: String, body: String) {
        let bytes = Array(body.utf8)
        let head = "HTTP/1.1 \(status)\r\nContent-Type: \(type)\r\nContent-Length: \(bytes.count)\r\nConnection: close\r\n\r\n"
        _ = LoopbackListener.sendAll(fd, Array(head.utf8) + bytes)
    }
}

