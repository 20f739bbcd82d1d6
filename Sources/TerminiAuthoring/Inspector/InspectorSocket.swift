import Foundation
import TerminiTemplate

/// A socket path that cannot be listened on, and why.
struct InspectorSocketError: Error, CustomStringConvertible {
    var description: String
}

/// `termini preview --inspect-socket PATH`: a local Unix socket that answers one JSON line per request line
/// (docs/CLI.md, "The inspector"). It never blocks the UI thread: the listener and every client are non-blocking,
/// and the preview's step polls them, so a slow or silent client costs nothing and a bad request gets an error line
/// while the app keeps running.
final class InspectorSocket {
    let path: String
    private var listener: Int32
    private var clients: [Client] = []
    /// A request longer than this without a newline is answered with an error and dropped.
    static let maximumRequestBytes = 64 * 1024
    /// A client that leaves this much unread is disconnected rather than buffered without end.
    static let maximumUnreadBytes = 64 * 1024 * 1024

    private final class Client {
        let descriptor: Int32
        var received: [UInt8] = []
        var unsent: [UInt8] = []
        /// Bytes of an oversized request are skipped up to its newline.
        var skippingToNewline = false
        init(descriptor: Int32) { self.descriptor = descriptor }
    }

    /// Listens at `path` with mode 0600. A stale socket file (nothing listening) is replaced; a live socket, or a
    /// file that is not a socket, is left alone and refused.
    init(path: String) throws(InspectorSocketError) {
        self.path = path
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let capacity = MemoryLayout.size(ofValue: address.sun_path)
        let bytes = Array(path.utf8)
        guard !bytes.isEmpty, bytes.count < capacity else {
            throw InspectorSocketError(description: "\(path): a socket path must be 1 to \(capacity - 1) bytes long")
        }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            raw.copyBytes(from: bytes)
            raw[bytes.count] = 0
        }
        var info = stat()
        if lstat(path, &info) == 0 {
            guard info.st_mode & S_IFMT == S_IFSOCK else {
                throw InspectorSocketError(description: "\(path): exists and is not a socket; not replacing it")
            }
            if Self.someoneListens(at: address) {
                throw InspectorSocketError(description: "\(path): another process is listening on this socket")
            }
            unlink(path)
        }
        listener = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
        guard listener >= 0 else { throw InspectorSocketError(description: "\(path): socket: \(String(cString: strerror(errno)))") }
        // The socket is made with no access for others from the start: a chmod after bind would leave a window.
        let previousMask = umask(0o177)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        umask(previousMask)
        guard bound == 0, chmod(path, 0o600) == 0, listen(listener, 8) == 0 else {
            let reason = String(cString: strerror(errno))
            Glibc.close(listener)
            throw InspectorSocketError(description: "\(path): cannot listen: \(reason)")
        }
    }

    private static func someoneListens(at address: sockaddr_un) -> Bool {
        let probe = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard probe >= 0 else { return false }
        defer { Glibc.close(probe) }
        var address = address
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(probe, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        return result == 0
    }

    /// Accepts waiting clients, reads what they sent, answers every complete line with `answer(line)` and writes
    /// what the sockets take. UI thread.
    func poll(answer: (String) -> String) {
        while true {
            let client = accept(listener, nil, nil)
            guard client >= 0 else { break }
            _ = fcntl(client, F_SETFD, FD_CLOEXEC)
            _ = fcntl(client, F_SETFL, fcntl(client, F_GETFL) | O_NONBLOCK)
            clients.append(Client(descriptor: client))
        }
        clients.removeAll { client in
            let open = receive(client)
            answerLines(of: client, with: answer)
            guard flush(client), open || !client.unsent.isEmpty else {
                Glibc.close(client.descriptor)
                return true
            }
            return false
        }
    }

    /// Reads what is waiting; false once the client has closed its end.
    private func receive(_ client: Client) -> Bool {
        var chunk = [UInt8](repeating: 0, count: 16 * 1024)
        while true {
            let count = chunk.withUnsafeMutableBytes { recv(client.descriptor, $0.baseAddress, $0.count, 0) }
            if count > 0 { client.received += chunk[0..<count]; continue }
            if count == 0 { return false }
            return errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR
        }
    }

    private func answerLines(of client: Client, with answer: (String) -> String) {
        while let newline = client.received.firstIndex(of: UInt8(ascii: "\n")) {
            let line = client.received[..<newline]
            client.received.removeSubrange(...newline)
            if client.skippingToNewline {
                client.skippingToNewline = false
                continue
            }
            let text = String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespaces)
            if text.isEmpty { continue }
            let reply = line.count > Self.maximumRequestBytes ? Self.oversized : answer(text)
            client.unsent += Array((reply + "\n").utf8)
        }
        if client.received.count > Self.maximumRequestBytes {
            client.received.removeAll()
            if !client.skippingToNewline {
                client.skippingToNewline = true
                client.unsent += Array((Self.oversized + "\n").utf8)
            }
        }
    }

    /// Writes what the socket takes now; false when the client is gone or reads too slowly to keep.
    private func flush(_ client: Client) -> Bool {
        while !client.unsent.isEmpty {
            let count = client.unsent.withUnsafeBytes { send(client.descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if count > 0 { client.unsent.removeFirst(count); continue }
            if count < 0 && (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR) { break }
            return false
        }
        return client.unsent.count <= Self.maximumUnreadBytes
    }

    static let oversized = error("a request line is longer than \(maximumRequestBytes) bytes")

    /// The error line for a request that cannot be answered.
    static func error(_ message: String) -> String { JSONValue.object(["error": .string(message)]).serialized() }

    /// Closes every connection and removes the socket file.
    func close() {
        for client in clients { Glibc.close(client.descriptor) }
        clients = []
        if listener >= 0 {
            Glibc.close(listener)
            listener = -1
            unlink(path)
        }
    }

    deinit { close() }
}
