import Foundation
import HTTPTypes
import Logging
import NIOCore
import NIOWebSocket
import TerminiClock
import TerminiHTTP
import TerminiTemplate
import WSClient

/// One message of a socket: text, or bytes.
enum SocketMessage: Sendable, Equatable {
    case text(String)
    case binary(Data)

    var byteCount: Int {
        switch self {
        case .text(let s): s.utf8.count
        case .binary(let d): d.count
        }
    }
}

/// The open sockets of the apps a router serves, by app and the script's `socketTaskId`: `sendSocketMessage` and
/// `closeSocket` find a socket here, and `connectSocket` is refused past `SocketLimits.maxOpenSockets` per app.
public final class OpenSockets: Sendable {
    private struct Key: Hashable {
        var appId: String
        var socketTaskId: Int
    }

    public let limits: SocketLimits
    private let table = Locked<[Key: SocketConnection]>([:])

    public init(limits: SocketLimits = SocketLimits()) { self.limits = limits }

    /// How many sockets `appId` has open or opening.
    public func count(appId: String) -> Int { table.withLock { $0.keys.filter { $0.appId == appId }.count } }

    func open(appId: String, socketTaskId: Int) throws(CommandError) -> SocketConnection {
        let limits = self.limits
        let key = Key(appId: appId, socketTaskId: socketTaskId)
        return try table.withLock { sockets throws(CommandError) -> SocketConnection in
            guard sockets[key] == nil else {
                throw CommandError(.invalidParameter, "socketTaskId \(socketTaskId) is already open")
            }
            let open = sockets.keys.filter { $0.appId == appId }.count
            guard open < limits.maxOpenSockets else {
                throw CommandError(.limitReached, "\(open) sockets are open; an app may have \(limits.maxOpenSockets) at once")
            }
            let connection = SocketConnection(limits: limits)
            sockets[key] = connection
            return connection
        }
    }

    /// The open (or opening) socket; `.notFound` when it is closed or was never opened.
    func connection(appId: String, socketTaskId: Int) throws(CommandError) -> SocketConnection {
        guard let connection = table.withLock({ $0[Key(appId: appId, socketTaskId: socketTaskId)] }) else {
            throw CommandError(.notFound, "no open socket has socketTaskId \(socketTaskId)")
        }
        return connection
    }

    func remove(appId: String, socketTaskId: Int) {
        _ = table.withLock { $0.removeValue(forKey: Key(appId: appId, socketTaskId: socketTaskId)) }
    }
}

/// One WebSocket through swift-websocket's `WebSocketClient` (the handshake, framing, masking and TLS are the
/// library's): the messages it receives go to the script as events; the ones the script sends wait in a bounded
/// queue until the socket is open and the network takes them.
final class SocketConnection: @unchecked Sendable {
    private enum Outgoing: Sendable {
        case message(SocketMessage)
        case close(code: Int, reason: String)
    }

    private let limits: SocketLimits
    private let outgoing: AsyncStream<Outgoing>
    private let outgoingSink: AsyncStream<Outgoing>.Continuation
    private let lock = NSLock()
    private var isOpen = false
    private var isClosing = false
    private var queuedBytes = 0

    init(limits: SocketLimits) {
        self.limits = limits
        (outgoing, outgoingSink) = AsyncStream<Outgoing>.makeStream()
    }

    /// Queues a message; fails when the message is over the limit, the socket is closing, or too much is queued.
    /// Messages sent before the socket opens go out when it does, in order.
    func send(_ message: SocketMessage) throws(CommandError) {
        let size = message.byteCount
        guard size <= limits.maxMessageBytes else {
            throw CommandError(.limitReached, "the message is \(size) bytes; a socket message holds at most \(limits.maxMessageBytes)")
        }
        lock.lock()
        defer { lock.unlock() }
        guard !isClosing else { throw CommandError(.notFound, "the socket is closing") }
        guard queuedBytes + size <= limits.maxQueuedBytes else {
            throw CommandError(.limitReached, "\(queuedBytes) bytes are still waiting to be sent; a socket queues at most \(limits.maxQueuedBytes)")
        }
        queuedBytes += size
        outgoingSink.yield(.message(message))
    }

    /// Starts the closing handshake after the messages already queued.
    func close(code: Int, reason: String) {
        lock.lock()
        isClosing = true
        lock.unlock()
        outgoingSink.yield(.close(code: code, reason: reason))
    }

    private func setOpen() {
        lock.lock()
        isOpen = true
        lock.unlock()
    }

    private var overLimit = false

    private func markOverLimit() {
        lock.lock()
        overLimit = true
        lock.unlock()
    }

    private var wasOverLimit: Bool {
        lock.lock()
        defer { lock.unlock() }
        return overLimit
    }

    private var wasOpened: Bool {
        lock.lock()
        defer { lock.unlock() }
        return isOpen
    }

    private func wrote(_ size: Int) {
        lock.lock()
        queuedBytes -= size
        lock.unlock()
    }

    /// Connects, serves the socket until it closes, and answers the close code and reason: 1006 when the
    /// connection ended without a close frame, 1009 when the server sent a message over the limit. Fails when the
    /// socket never opens. Cancelling the calling task (the page unloaded, the engine stopped) closes it: a 1001
    /// close frame is queued, but the library closes the channel on cancellation too, so the server may see the
    /// connection end without it.
    func run(url: URL, headers: [(String, String)], events: CommandEvents) async throws(CommandError) -> (code: Int, reason: String) {
        var fields = HTTPFields()
        for (name, value) in headers {
            if let field = HTTPField.Name(name) { fields.append(HTTPField(name: field, value: value)) }
        }
        let maxMessage = limits.maxMessageBytes
        // The message limit is checked as messages are put together (`messages(maxSize:)`), which closes with 1009
        // and throws, so the script hears why. The frame decoder's own limit is set above it: a frame over that one
        // is dropped by the library's protocol handler, which closes with 1009 but reports nothing to us.
        let configuration = WebSocketClientConfiguration(maxFrameSize: SocketLimits.frameLimit(forMessageLimit: maxMessage),
                                                         additionalHeaders: fields, closeTimeout: .seconds(5))
        var logger = Logger(label: "termini.socket")
        logger.logLevel = .critical
        let client = WebSocketClient(url: url.absoluteString, configuration: configuration, logger: logger) { inbound, outbound, _ in
            self.setOpen()
            events.send("open")
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask {
                    for await item in self.outgoing {
                        switch item {
                        case .message(let message):
                            switch message {
                            case .text(let text): try await outbound.write(.text(text))
                            case .binary(let bytes): try await outbound.write(.binary(ByteBuffer(bytes: bytes)))
                            }
                            self.wrote(message.byteCount)
                        case .close(let code, let reason):
                            try await outbound.close(WebSocketErrorCode(codeNumber: code), reason: reason.isEmpty ? nil : reason)
                            return
                        }
                    }
                }
                for try await message in inbound.messages(maxSize: maxMessage) {
                    // `maxSize` bounds a message of several frames; a message of one frame is bounded only by the
                    // frame limit, so its size is checked here.
                    let size: Int
                    switch message {
                    case .text(let text): size = text.utf8.count
                    case .binary(let buffer): size = buffer.readableBytes
                    }
                    guard size <= maxMessage else {
                        self.markOverLimit()
                        try await outbound.close(.messageTooLarge, reason: "message over \(maxMessage) bytes")
                        break
                    }
                    switch message {
                    case .text(let text):
                        events.send("message", ["data": .string(text)])
                    case .binary(let buffer):
                        events.send("message", ["data": .string(Data(buffer.readableBytesView).base64EncodedString()), "binary": true])
                    }
                }
                group.cancelAll()
            }
        }
        let sink = outgoingSink
        defer { sink.finish() }
        let target = url.hostAndPort
        do {
            let frame = try await withTaskCancellationHandler {
                try await client.run()
            } onCancel: {
                sink.yield(.close(code: 1001, reason: "the page unloaded"))
            }
            if wasOverLimit { throw WebSocketClientError.serverSentMessageTooLarge }
            guard let frame else { return (1006, "the connection ended without a close frame") }
            return (Int(UInt16(webSocketErrorCode: frame.closeCode)), frame.reason ?? "")
        } catch {
            if Task.isCancelled { throw CommandError(.cancelled, "the socket was closed by its page's unload") }
            if Self.isOverLimit(error) {
                let reason = "the server sent a message over the \(maxMessage)-byte limit"
                events.send("error", ["errMsg": .string("connectSocket:fail \(reason)")])
                return (1009, reason)
            }
            guard wasOpened else { throw CommandError(.network, "could not open a WebSocket to \(target): \(error)") }
            events.send("error", ["errMsg": .string("connectSocket:fail the connection to \(target) was lost: \(error)")])
            return (1006, "the connection ended without a close frame")
        }
    }

    /// Whether the library stopped the socket for a message or frame over `maxMessageBytes`.
    private static func isOverLimit(_ error: any Error) -> Bool {
        if let error = error as? WebSocketClientError, error == .serverSentMessageTooLarge { return true }
        if let error = error as? NIOWebSocketError, error == .invalidFrameLength { return true }
        return false
    }
}
