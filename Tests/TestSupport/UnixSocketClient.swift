import Foundation

/// A client of a local Unix stream socket that speaks in lines (the preview inspector's socket): tests send a
/// request line and wait for the answer line.
public final class UnixSocketClient {
    private let descriptor: Int32
    private var received: [UInt8] = []

    /// Connects to `path`, or throws why not (no such socket, nothing listening).
    public init(path: String) throws {
        descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { throw Failure("socket: \(String(cString: strerror(errno)))") }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            raw.copyBytes(from: bytes.prefix(raw.count - 1))
            raw[min(bytes.count, raw.count - 1)] = 0
        }
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard result == 0 else {
            let reason = String(cString: strerror(errno))
            close(descriptor)
            throw Failure("connect \(path): \(reason)")
        }
    }

    deinit { close(descriptor) }

    /// Sends `text` as it is (add the newline for a whole request).
    public func send(_ text: String) throws {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let sent = bytes.withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard sent > 0 else { throw Failure("send: \(String(cString: strerror(errno)))") }
            bytes = bytes.dropFirst(sent)
        }
    }

    /// The next line the server sends, without its newline; throws when none comes within `timeout` seconds or the
    /// server closes the connection.
    public func readLine(timeout: TimeInterval = 30) throws -> String {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            if let newline = received.firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: received[..<newline], as: UTF8.self)
                received.removeSubrange(...newline)
                return line
            }
            let left = deadline.timeIntervalSinceNow
            guard left > 0 else { throw Failure("no answer line within \(timeout) s") }
            var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, Int32(min(left, 1) * 1000)) >= 0 else { continue }
            guard poller.revents != 0 else { continue }
            var chunk = [UInt8](repeating: 0, count: 64 * 1024)
            let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { throw Failure("the server closed the connection") }
            received += chunk[0..<count]
        }
    }

    /// Sends one request line and returns the answer line.
    public func request(_ line: String, timeout: TimeInterval = 30) throws -> String {
        try send(line + "\n")
        return try readLine(timeout: timeout)
    }

    /// What went wrong talking to the socket.
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
        public init(_ description: String) { self.description = description }
    }
}
