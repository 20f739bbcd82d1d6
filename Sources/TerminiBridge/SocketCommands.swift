import Foundation
import TerminiTemplate

/// Bounds an app's WebSockets (docs/BUNDLES.md#limits).
public struct SocketLimits: Equatable, Sendable {
    /// The largest message (and frame) received or sent, in bytes: a larger one from the server closes the socket
    /// with 1009 and an error, and a larger `send` fails.
    public var maxMessageBytes: Int
    /// Sockets an app may have open or opening at once.
    public var maxOpenSockets: Int
    /// Bytes of sent messages waiting for the network before `send` fails instead of queueing more.
    public var maxQueuedBytes: Int

    /// The largest frame the protocol layer reads: twice the message limit, at least 16 MiB. A message over the
    /// limit within it fails clearly (1009 and an error); a single frame over it ends the connection (1006).
    public static func frameLimit(forMessageLimit bytes: Int) -> Int { max(2 * bytes, 16 << 20) }

    public init(maxMessageBytes: Int = 1 << 20, maxOpenSockets: Int = 5, maxQueuedBytes: Int = 16 << 20) {
        self.maxMessageBytes = maxMessageBytes
        self.maxOpenSockets = maxOpenSockets
        self.maxQueuedBytes = maxQueuedBytes
    }
}

/// `connectSocket`, `sendSocketMessage` and `closeSocket` (permission `request`): WeChat's SocketTask over three
/// commands. `connectSocket`'s call lasts as long as the socket and sends its `open`, `message` and `error` events;
/// its answer is the close. The script addresses the socket by the `socketTaskId` it chose; the `connectSocket`
/// global hides all three behind one task object (docs/JS-API.md#sockets).
enum SocketCommands {
    static let definitions: [CommandDefinition<CommandEnvironment>] = [connect, send, close]

    static let connect = CommandDefinition<CommandEnvironment>(
        name: "connectSocket", permission: "request",
        shape: CommandShape(
            "A WebSocket to a ws or wss host in requestDomains; use the connectSocket global, which returns a SocketTask.",
            parameters: [
                CommandField("url", "string", "ws or wss, a host in requestDomains"),
                CommandField("socketTaskId", "number", "the script's id for the socket, unique while it is open"),
                .optional("protocols", "string[]", "sent as Sec-WebSocket-Protocol"),
                .optional("header", "Record<string, string | number | boolean>"),
            ],
            result: [CommandField("code", "number", "the close code; 1006 when the connection ended without a close frame"),
                     CommandField("reason", "string")])
    ) { environment, params, context throws(CommandError) in
        let url = try RequestCommand.checkedURL(params, domains: RequestDomains(environment.requestDomains(context.appId)),
                                                schemes: ["ws", "wss"])
        let id = try SocketCommands.socketTaskId(params)
        var headers = try RequestCommand.checkedHeaders(params)
        if let protocols = try SocketCommands.checkedProtocols(params) { headers.append(("Sec-WebSocket-Protocol", protocols)) }
        // Registered now, on the calling thread, so a `send` made right after `connectSocket` finds the socket.
        let sockets = environment.sockets
        let appId = context.appId
        let connection = try sockets.open(appId: appId, socketTaskId: id)
        let events = context.events
        let handshakeHeaders = headers
        return { () throws(CommandError) in
            defer { sockets.remove(appId: appId, socketTaskId: id) }
            let closed = try await connection.run(url: url, headers: handshakeHeaders, events: events)
            return ["code": .number(Double(closed.code)), "reason": .string(closed.reason)]
        }
    }

    static let send = CommandDefinition<CommandEnvironment>(
        name: "sendSocketMessage", permission: "request",
        shape: CommandShape(
            "Sends a message on a socket of connectSocket; SocketTask.send calls it.",
            parameters: [CommandField("socketTaskId", "number"), CommandField("data", "string", "text, or base64 with binary"),
                         .optional("binary", "boolean", "data is base64 and goes as a binary message")],
            result: [])
    ) { environment, params, context throws(CommandError) in
        let id = try SocketCommands.socketTaskId(params)
        // Queued here, on the calling thread, so messages leave in the order the script sent them.
        let data = try params.requiredString("data")
        let message: SocketMessage
        if try params.optionalBool("binary") ?? false {
            guard let bytes = Data(base64Encoded: data) else {
                throw CommandError(.invalidParameter, "parameter 'data' is not base64, which binary needs")
            }
            message = .binary(bytes)
        } else {
            message = .text(data)
        }
        try environment.sockets.connection(appId: context.appId, socketTaskId: id).send(message)
        return { [:] }
    }

    static let close = CommandDefinition<CommandEnvironment>(
        name: "closeSocket", permission: "request",
        shape: CommandShape(
            "Starts a socket's closing handshake; SocketTask.close calls it, and onClose follows when it is done.",
            parameters: [CommandField("socketTaskId", "number"), .optional("code", "number", "1000, or 3000 to 4999; default 1000"),
                         .optional("reason", "string", "at most 123 bytes")],
            result: [])
    ) { environment, params, context throws(CommandError) in
        let id = try SocketCommands.socketTaskId(params)
        var code = 1000
        if let number = try params.optionalNumber("code") {
            guard let whole = Int(exactly: number), whole == 1000 || (3000...4999).contains(whole) else {
                throw CommandError(.invalidParameter, "parameter 'code' must be 1000 or from 3000 to 4999, got \(JSONValue.number(number).displayText)")
            }
            code = whole
        }
        let reason = try params.optionalString("reason") ?? ""
        guard reason.utf8.count <= 123 else {
            throw CommandError(.invalidParameter, "parameter 'reason' is \(reason.utf8.count) bytes; a close reason holds at most 123")
        }
        try environment.sockets.connection(appId: context.appId, socketTaskId: id).close(code: code, reason: reason)
        return { [:] }
    }

    /// The `socketTaskId` parameter.
    static func socketTaskId(_ params: JSONValue) throws(CommandError) -> Int {
        guard let id = try params.optionalNumber("socketTaskId"), let whole = Int(exactly: id) else {
            throw CommandError(.invalidParameter, "missing required parameter 'socketTaskId' (a whole number)")
        }
        return whole
    }

    /// The `protocols` parameter as a `Sec-WebSocket-Protocol` value; nil when none is given.
    static func checkedProtocols(_ params: JSONValue) throws(CommandError) -> String? {
        guard let protocols = params["protocols"], !protocols.isNull else { return nil }
        guard case .array(let items) = protocols else {
            throw CommandError(.invalidParameter, "parameter 'protocols' must be an array of strings, got \(protocols.typeName)")
        }
        var names: [String] = []
        for (i, item) in items.enumerated() {
            // A protocol is an HTTP token: no separators, which would smuggle a second name or a header.
            guard case .string(let name) = item, !name.isEmpty,
                  name.allSatisfy({ $0.isASCII && !$0.isWhitespace && !",;\"()<>@:/[]?={}\\".contains($0) })
            else {
                throw CommandError(.invalidParameter, "parameter 'protocols[\(i)]' must be a protocol name (an HTTP token)")
            }
            names.append(name)
        }
        return names.isEmpty ? nil : names.joined(separator: ", ")
    }
}
