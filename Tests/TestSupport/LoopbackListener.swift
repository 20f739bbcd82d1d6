import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A TCP listener on 127.0.0.1 for the test HTTP servers: one thread per connection, and a lifetime after which it
/// stops by itself, so a failing test cannot leave it running. The server above it decides what a connection gets.
public final class LoopbackListener: @unchecked Sendable {
    public let port: Int
    private let socketDescriptor: Int32
    private let lock = NSLock()
    private var stopped = false

    /// Listens on a free port; connections wait until `start`.
    public init() throws {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw TestSupportError("socket failed: errno \(errno)") }
        var reuse: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &reuse, socklen_t(MemoryLayout<Int32>.size))
        var address = Self.loopbackAddress()
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(fd, 64) == 0 else {
            close(fd)
            throw TestSupportError("bind/listen failed: errno \(errno)")
        }
        socketDescriptor = fd
        port = Self.boundPort(fd)
    }

    /// Hands each accepted connection to `handle` on its own thread, closing it when `handle` returns, until
    /// `stop()` or until `lifetime` seconds have passed.
    public func start(lifetime: Double = 60, handle: @escaping @Sendable (Int32) -> Void) {
        let deadline = Date().addingTimeInterval(lifetime)
        Thread.detachNewThread { [self] in acceptLoop(until: deadline, handle: handle) }
    }

    deinit { stop() }

    public func stop() {
        lock.lock()
        defer { lock.unlock() }
        guard !stopped else { return }
        stopped = true
        shutdown(socketDescriptor, Int32(SHUT_RDWR))
        close(socketDescriptor)
    }

    /// True once `stop()` ran or the lifetime ran out: handlers that wait on a client stop waiting then.
    public var isStopped: Bool {
        lock.lock()
        defer { lock.unlock() }
        return stopped
    }

    private func acceptLoop(until deadline: Date, handle: @escaping @Sendable (Int32) -> Void) {
        while !isStopped, Date() < deadline {
            var poller = pollfd(fd: socketDescriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, 100) > 0, !isStopped else { continue }
            let client = accept(socketDescriptor, nil, nil)
            if client < 0 { continue }
            Thread.detachNewThread {
                handle(client)
                close(client)
            }
        }
        stop()
    }

    /// Sends all of `bytes`; false when the client hung up. MSG_NOSIGNAL: a closed client must not SIGPIPE the tests.
    public static func sendAll(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let n = bytes[offset...].withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if n <= 0 { return false }
            offset += n
        }
        return true
    }

    /// A port that nothing listens on: bound once to get a free number, then closed.
    public static func closedPort() throws -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = loopbackAddress()
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0 else { throw TestSupportError("bind failed: errno \(errno)") }
        return boundPort(fd)
    }

    private static func loopbackAddress() -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        return address
    }

    private static func boundPort(_ fd: Int32) -> Int {
        var address = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}
