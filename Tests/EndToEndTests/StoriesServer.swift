import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A tiny HTTP/1.1 server on 127.0.0.1 for the feed and preload tests. `GET /stories` answers a JSON list of
/// stories after `delay` seconds; anything else is 404. One thread per connection, `Connection: close`, and a
/// lifetime after which it stops by itself, so a failing test cannot leave it running.
final class StoriesServer: @unchecked Sendable {
    let port: Int
    let stories: [(id: String, title: String, author: String)]
    private let delay: Double
    private let listener: Int32
    private let lock = NSLock()
    private var stopped = false
    private var served = 0

    init(stories: [(id: String, title: String, author: String)], delay: Double = 0, lifetime: Double = 60) throws {
        self.stories = stories
        self.delay = delay
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw ServerFailure(message: "socket failed: errno \(errno)") }
        var reuse: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &reuse, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(fd, 16) == 0 else { close(fd); throw ServerFailure(message: "bind/listen failed: errno \(errno)") }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        listener = fd
        port = Int(UInt16(bigEndian: address.sin_port))
        let deadline = Date().addingTimeInterval(lifetime)
        Thread.detachNewThread { [self] in acceptLoop(until: deadline) }
    }

    deinit { stop() }

    /// How many /stories answers were sent.
    var servedCount: Int {
        lock.lock()
        defer { lock.unlock() }
        return served
    }

    func stop() {
        lock.lock()
        defer { lock.unlock() }
        guard !stopped else { return }
        stopped = true
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
    }

    private var isStopped: Bool {
        lock.lock()
        defer { lock.unlock() }
        return stopped
    }

    private func acceptLoop(until deadline: Date) {
        while !isStopped, Date() < deadline {
            var poller = pollfd(fd: listener, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, 100) > 0, !isStopped else { continue }
            let client = accept(listener, nil, nil)
            if client < 0 { continue }
            Thread.detachNewThread { [self] in
                handle(client)
                close(client)
            }
        }
        stop()
    }

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
        let all = Array(head.utf8) + bytes
        var sent = 0
        while sent < all.count {
            let n = all[sent...].withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if n <= 0 { return }
            sent += n
        }
    }
}

/// The test server could not start.
struct ServerFailure: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}
