import Foundation
import TerminiHTTP
import TerminiClock
import TerminiTemplate

/// `connectEventSource({url, header, timeout})`: a Server-Sent Events stream from a host in `requestDomains`
/// (permission `request`). The call lasts as long as the source: it sends `open` when a connection is accepted,
/// `message` ({event, data, id}) for each event, and `error` ({errMsg}) when a connection drops, after which it
/// reconnects when the `retry` delay has passed, sending `Last-Event-ID`. It fails, ending the source, when the
/// server answers with a status other than 200 or a type other than `text/event-stream` (as the standard says), or
/// when a limit is reached. The script's `close()` aborts it.
///
/// `timeout` (ms, default 60000) is the longest silence before the connection counts as dropped; each connection
/// may deliver up to `RequestLimits.maxStreamBytes`.
public struct EventSourceCommand: Sendable {
    static let definition = CommandDefinition<CommandEnvironment>(
        name: "connectEventSource", permission: "request", shape: shape
    ) { environment, params, context throws(CommandError) in
        var command = EventSourceCommand(context: context, params: params,
                                         requestDomains: environment.requestDomains(context.appId),
                                         limits: environment.requestLimits)
        try command.checkAndParse()
        return { [command] () throws(CommandError) in try await command.run() }
    }

    public static let shape = CommandShape(
        "A Server-Sent Events stream; use the connectEventSource global, which returns {onOpen, onMessage, onError, close}.",
        parameters: [
            CommandField("url", "string", "http or https, a host in requestDomains"),
            .optional("header", "Record<string, string | number | boolean>"),
            .optional("timeout", "number", "ms of silence before the connection counts as dropped, default 60000"),
        ],
        result: [])
    /// The reconnection delay before the server sets one with `retry:`, in milliseconds.
    static let defaultRetryMilliseconds = 3000

    private let params: JSONValue
    private let domains: RequestDomains
    private let limits: RequestLimits
    private let events: CommandEvents
    private var url: URL?
    private var headers: [(String, String)] = []
    private var timeout = 60.0

    public init(context: CommandContext, params: JSONValue, requestDomains: [String], limits: RequestLimits) {
        self.params = params
        self.domains = RequestDomains(requestDomains)
        self.limits = limits
        self.events = context.events
    }

    public mutating func checkAndParse() throws(CommandError) {
        url = try RequestCommand.checkedURL(params, domains: domains)
        headers = try RequestCommand.checkedHeaders(params)
        if let ms = try params.optionalNumber("timeout") {
            guard ms > 0 else { throw CommandError(.invalidParameter, "parameter 'timeout' must be a positive number of milliseconds") }
            timeout = ms / 1000
        }
    }

    /// Runs the source until it is closed or refused, sending its events through the context's events.
    public func run() async throws(CommandError) -> [String: JSONValue] {
        let events = self.events
        guard let url else { throw CommandError(.internal, "connectEventSource ran without checkAndParse") }
        let parser = Locked(EventStreamParser())
        let domains = self.domains
        while true {
            if Task.isCancelled { throw CommandError(.cancelled, "closed") }
            var request = HTTPRequest(url: url)
            request.setValue("text/event-stream", forHeader: "Accept")
            request.setValue("no-cache", forHeader: "Cache-Control")
            for (name, value) in headers { request.setValue(value, forHeader: name) }
            let lastEventId = parser.withLock { $0.lastEventId }
            if !lastEventId.isEmpty { request.setValue(lastEventId, forHeader: "Last-Event-ID") }

            // A refusal ends the source; only a lost connection is retried.
            let refused = Locked(false)
            let transport = RequestTransport(
                request: request, timeout: timeout, maxBytes: limits.maxStreamBytes, maxRedirects: limits.maxRedirects,
                redirectAllowed: { domains.allows($0) },
                headersReceived: { head in
                    if let refusal = Self.refusal(head) {
                        refused.value = true
                        return refusal
                    }
                    events.send("open", ["statusCode": .number(Double(head.statusCode))])
                    return nil
                },
                streaming: RequestStreaming { bytes in
                    let messages: [EventStreamMessage]
                    do { messages = try parser.withLock { p throws(EventStreamParser.LineTooLong) in try p.feed(bytes) } } catch {
                        return CommandError(.limitReached, "an event stream line is over 1 MB")
                    }
                    for m in messages {
                        events.send("message", ["event": .string(m.event), "data": .string(m.data), "id": .string(m.id)])
                    }
                    return nil
                })
            var dropped: CommandError
            do {
                _ = try await transport.perform()
                dropped = CommandError(.network, "the server ended the stream")
            } catch {
                // A refusal (status, type, permission, size) ends the source; a lost connection is retried.
                switch error.code {
                case .timeout, .network where !refused.value: dropped = error
                default: throw error
                }
            }
            let retry = parser.withLock { p in
                p.reset()
                return p.retryMilliseconds ?? Self.defaultRetryMilliseconds
            }
            events.send("error", ["errMsg": .string("connectEventSource:fail \(dropped.reason); reconnecting in \(retry) ms")])
            do { try await Task.sleep(nanoseconds: UInt64(retry) * 1_000_000) } catch {
                throw CommandError(.cancelled, "closed")
            }
        }
    }

    /// Why a response cannot be an event stream, as the standard has it: a status other than 200, or a type other
    /// than `text/event-stream`.
    static func refusal(_ head: HTTPResponseHead) -> CommandError? {
        guard head.statusCode == 200 else {
            return CommandError(.network, "the server answered HTTP \(head.statusCode), not an event stream")
        }
        let type = head.value(forHeader: "Content-Type") ?? ""
        let mime = type.split(separator: ";").first?.trimmingCharacters(in: .whitespaces).lowercased() ?? ""
        guard mime == "text/event-stream" else {
            return CommandError(.network, "the server answered Content-Type '\(type)', not text/event-stream")
        }
        return nil
    }
}
