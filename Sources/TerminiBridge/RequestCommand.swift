import Foundation
import TerminiHTTP
import TerminiTemplate

/// `request({url, method = 'GET', header, data, timeout})` → `{statusCode, header, data}`: real HTTP to the hosts in
/// the manifest's `requestDomains` (permission `request`).
///
/// `data` that is a string is sent as-is; any other JSON is sent as JSON with `Content-Type: application/json`
/// (unless the page set one), except for GET and HEAD, where an object becomes the query string as in WeChat.
/// `timeout` is in milliseconds. A response body is parsed as JSON when its content type says JSON (falling back to
/// the text if it does not parse), else returned as a string; with `responseType: 'arraybuffer'` it is base64.
///
/// The call is a task (docs/COMMANDS.md#request): it reports `headersReceived` when the status and headers arrive,
/// and with `enableChunked: true` the body as `chunkReceived` events instead of in the answer, gathered per frame
/// and bounded by `RequestLimits.maxStreamBytes`; `timeout` is then the longest wait between chunks.
public struct RequestCommand: Sendable {
    /// The command's name, permission and shape, as the tools list it.
    public static var signature: CommandSignature { definition.signature }

    static let definition = CommandDefinition<CommandEnvironment>(
        name: "request", permission: "request", shape: shape
    ) { environment, params, context throws(CommandError) in
        var command = RequestCommand(context: context, params: params, requestDomains: environment.requestDomains(context.appId),
                                     limits: environment.requestLimits, fixtures: environment.requestFixtures)
        try command.checkAndParse()
        return { [command] () throws(CommandError) in try await command.run() }
    }

    public static let shape = CommandShape(
        "An HTTP request to a host in the manifest's requestDomains; any HTTP status resolves.",
        parameters: [
            CommandField("url", "string", "http or https"),
            .optional("method", "'GET' | 'HEAD' | 'POST' | 'PUT' | 'DELETE' | 'PATCH' | 'OPTIONS'", "default GET"),
            .optional("header", "Record<string, string | number | boolean>"),
            .optional("data", "unknown", "a string is sent as is, other values as JSON (a query string for GET and HEAD)"),
            .optional("timeout", "number", "ms for the whole request (between chunks with enableChunked), default 10000"),
            .optional("enableChunked", "boolean", "deliver the body through onChunkReceived as it arrives"),
            .optional("responseType", "'text' | 'arraybuffer'", "arraybuffer: the body and chunks as base64"),
        ],
        result: [CommandField("statusCode", "number"), CommandField("header", "Record<string, string>"),
                 CommandField("data", "any", "parsed JSON when the response says JSON, else the text; '' with enableChunked")])
    static let methods: Set<String> = ["GET", "HEAD", "POST", "PUT", "DELETE", "PATCH", "OPTIONS"]

    private let params: JSONValue
    private let domains: RequestDomains
    private let limits: RequestLimits
    private let fixtures: RequestFixtures?
    private let events: CommandEvents
    private var urlRequest: HTTPRequest?
    private var timeout: Double = 10
    private var chunked = false
    private var encoding = ChunkEncoding.text

    /// With `fixtures`, the answer comes from them instead of the network (after the same checks).
    public init(context: CommandContext, params: JSONValue, requestDomains: [String], limits: RequestLimits,
                fixtures: RequestFixtures? = nil)
    {
        self.params = params
        self.domains = RequestDomains(requestDomains)
        self.limits = limits
        self.fixtures = fixtures
        self.events = context.events
        self.timeout = limits.defaultTimeout
    }

    public mutating func checkAndParse() throws(CommandError) {
        let url = try Self.checkedURL(params, domains: domains)

        let method = (try params.optionalString("method") ?? "GET").uppercased()
        guard Self.methods.contains(method) else {
            throw CommandError(.invalidParameter,
                               "parameter 'method' must be one of \(Self.methods.sorted().joined(separator: ", ")), got '\(method)'")
        }
        if let ms = try params.optionalNumber("timeout") {
            guard ms > 0 else { throw CommandError(.invalidParameter, "parameter 'timeout' must be a positive number of milliseconds") }
            timeout = ms / 1000
        }

        chunked = try params.optionalBool("enableChunked") ?? false
        switch try params.optionalString("responseType") ?? "text" {
        case "text": encoding = .text
        case "arraybuffer": encoding = .base64
        case let other: throw CommandError(.invalidParameter, "parameter 'responseType' must be 'text' or 'arraybuffer', got '\(other)'")
        }

        let headers = try Self.checkedHeaders(params)

        var target = url
        var body: Data?
        var defaultContentType: String?
        switch params["data"] {
        case nil, .null?:
            break
        case .string(let s)?:
            body = Data(s.utf8)
        case .object(let members)? where method == "GET" || method == "HEAD":
            target = Self.appendingQuery(members.dictionary, to: url)
        case let value?:
            body = Data(value.serialized().utf8)
            defaultContentType = "application/json"
        }

        var request = HTTPRequest(url: target, method: method, body: body)
        for (name, value) in headers { request.setValue(value, forHeader: name) }
        if let defaultContentType, request.value(forHeader: "Content-Type") == nil {
            request.setValue(defaultContentType, forHeader: "Content-Type")
        }
        urlRequest = request
    }

    /// Does the request, sending its headers and chunks to the caller through the context's events.
    public func run() async throws(CommandError) -> [String: JSONValue] {
        let events = self.events
        guard let urlRequest else { throw CommandError(.internal, "request ran without checkAndParse") }
        if Task.isCancelled { throw CommandError(.cancelled, "cancelled before it started") }
        let domains = self.domains
        let reportHeaders: @Sendable (HTTPResponseHead) -> CommandError? = { head in
            events.send("headersReceived", ["statusCode": .number(Double(head.statusCode)), "header": Self.headerObject(head.headers)])
            return nil
        }
        let coalescer = chunked ? ChunkCoalescer(interval: limits.chunkInterval, maxChunkBytes: limits.maxChunkBytes,
                                                 encoding: encoding) { events.send("chunkReceived", ["data": .string($0)]) }
                                : nil
        let response: RequestResponse
        if let fixtures {
            response = try fixtures.response(for: urlRequest)
            _ = reportHeaders(HTTPResponseHead(statusCode: response.statusCode, headers: response.headers))
            coalescer?.append(response.body)
        } else {
            let transport = RequestTransport(
                request: urlRequest, timeout: timeout, maxBytes: chunked ? limits.maxStreamBytes : limits.maxResponseBytes,
                maxRedirects: limits.maxRedirects, redirectAllowed: { domains.allows($0) }, headersReceived: reportHeaders,
                streaming: coalescer.map { c in RequestStreaming { c.append($0); return nil } })
            do { response = try await transport.perform() } catch {
                coalescer?.discard()
                throw error
            }
        }
        coalescer?.finish()
        let data: JSONValue
        if chunked {
            data = .string("")
        } else if encoding == .base64 {
            data = .string(response.body.base64EncodedString())
        } else {
            data = Self.decodeBody(response.body, contentType: response.contentType)
        }
        return ["statusCode": .number(Double(response.statusCode)), "header": Self.headerObject(response.headers), "data": data]
    }

    static func headerObject(_ headers: [String: String]) -> JSONValue {
        .object(JSONObject(headers.mapValues { JSONValue.string($0) }))
    }

    /// The `url` parameter, checked: a URL with one of `schemes` and a host that `domains` allows.
    static func checkedURL(_ params: JSONValue, domains: RequestDomains, schemes: Set<String> = ["http", "https"])
        throws(CommandError) -> URL
    {
        let text = try params.requiredString("url")
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased() else {
            throw CommandError(.invalidParameter, "parameter 'url' is not a valid URL: '\(text)'")
        }
        guard schemes.contains(scheme) else {
            throw CommandError(.invalidParameter, "parameter 'url' must be \(schemes.sorted().joined(separator: " or ")), got '\(scheme)'")
        }
        guard let host = url.host, !host.isEmpty else {
            throw CommandError(.invalidParameter, "parameter 'url' has no host: '\(text)'")
        }
        guard domains.allows(url) else {
            throw CommandError(.permissionDenied, "host '\(host)' is not in the manifest's requestDomains")
        }
        return url
    }

    /// The `header` parameter as name-value pairs, sorted by name; a name or value that could smuggle a header fails.
    static func checkedHeaders(_ params: JSONValue) throws(CommandError) -> [(String, String)] {
        var headers: [(String, String)] = []
        guard let header = params["header"], !header.isNull else { return [] }
        guard case .object(let members) = header else {
            throw CommandError(.invalidParameter, "parameter 'header' must be an object, got \(header.typeName)")
        }
        for (name, value) in members.sorted(by: { $0.key < $1.key }) {
            let text: String
            switch value {
            case .string(let s): text = s
            case .number, .bool: text = value.displayText
            default:
                throw CommandError(.invalidParameter, "parameter 'header.\(name)' must be a string, got \(value.typeName)")
            }
            // CR or LF would let a page smuggle extra headers or a second request.
            if name.isEmpty || name.contains(where: { $0.isNewline || $0 == ":" }) || text.contains(where: \.isNewline) {
                throw CommandError(.invalidParameter, "parameter 'header.\(name)' has a malformed name or value")
            }
            headers.append((name, text))
        }
        return headers
    }

    /// JSON when the content type says so and the body parses; otherwise the body as (lossily decoded) UTF-8 text.
    static func decodeBody(_ body: Data, contentType: String?) -> JSONValue {
        let text = String(decoding: body, as: UTF8.self)
        let mime = contentType?.split(separator: ";").first?.trimmingCharacters(in: .whitespaces).lowercased() ?? ""
        if mime == "application/json" || mime == "text/json" || mime.hasSuffix("+json"), !body.isEmpty,
           let value = try? JSONValue.parse(text)
        {
            return value
        }
        return .string(text)
    }

    private static func appendingQuery(_ members: [String: JSONValue], to url: URL) -> URL {
        guard var parts = URLComponents(url: url, resolvingAgainstBaseURL: false) else { return url }
        var items = parts.queryItems ?? []
        for (name, value) in members.sorted(by: { $0.key < $1.key }) {
            let text: String
            switch value {
            case .string(let s): text = s
            case .number, .bool, .null: text = value.displayText
            default: text = value.serialized()
            }
            items.append(URLQueryItem(name: name, value: text))
        }
        parts.queryItems = items
        return parts.url ?? url
    }
}
