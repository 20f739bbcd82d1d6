import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import TerminiTemplate

/// `request({url, method = 'GET', header, data, timeout})` → `{statusCode, header, data}`: real HTTP to the hosts in
/// the manifest's `requestDomains` (permission `request`).
///
/// `data` that is a string is sent as-is; any other JSON is sent as JSON with `Content-Type: application/json`
/// (unless the page set one), except for GET and HEAD, where an object becomes the query string as in WeChat.
/// `timeout` is in milliseconds. A response body is parsed as JSON when its content type says JSON (falling back to
/// the text if it does not parse), else returned as a string.
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
            .optional("timeout", "number", "ms for the whole request, default 10000"),
        ],
        result: [CommandField("statusCode", "number"), CommandField("header", "Record<string, string>"),
                 CommandField("data", "any", "parsed JSON when the response says JSON, else the text")])
    static let methods: Set<String> = ["GET", "HEAD", "POST", "PUT", "DELETE", "PATCH", "OPTIONS"]

    private let params: JSONValue
    private let domains: RequestDomains
    private let limits: RequestLimits
    private let fixtures: RequestFixtures?
    private var urlRequest: URLRequest?
    private var timeout: Double = 10

    /// With `fixtures`, the answer comes from them instead of the network (after the same checks).
    public init(context: CommandContext, params: JSONValue, requestDomains: [String], limits: RequestLimits,
                fixtures: RequestFixtures? = nil)
    {
        self.params = params
        self.domains = RequestDomains(requestDomains)
        self.limits = limits
        self.fixtures = fixtures
        self.timeout = limits.defaultTimeout
    }

    public mutating func checkAndParse() throws(CommandError) {
        let text = try params.requiredString("url")
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased() else {
            throw CommandError(.invalidParameter, "parameter 'url' is not a valid URL: '\(text)'")
        }
        guard scheme == "http" || scheme == "https" else {
            throw CommandError(.invalidParameter, "parameter 'url' must be http or https, got '\(scheme)'")
        }
        guard let host = url.host, !host.isEmpty else {
            throw CommandError(.invalidParameter, "parameter 'url' has no host: '\(text)'")
        }
        guard domains.allows(url) else {
            throw CommandError(.permissionDenied, "host '\(host)' is not in the manifest's requestDomains")
        }

        let method = (try params.optionalString("method") ?? "GET").uppercased()
        guard Self.methods.contains(method) else {
            throw CommandError(.invalidParameter,
                               "parameter 'method' must be one of \(Self.methods.sorted().joined(separator: ", ")), got '\(method)'")
        }
        if let ms = try params.optionalNumber("timeout") {
            guard ms > 0 else { throw CommandError(.invalidParameter, "parameter 'timeout' must be a positive number of milliseconds") }
            timeout = ms / 1000
        }

        var headers: [(String, String)] = []
        if let header = params["header"], !header.isNull {
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
        }

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

        var request = URLRequest(url: target)
        request.httpMethod = method
        request.timeoutInterval = timeout + 1
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        if let defaultContentType, !headers.contains(where: { $0.0.caseInsensitiveCompare("Content-Type") == .orderedSame }) {
            request.setValue(defaultContentType, forHTTPHeaderField: "Content-Type")
        }
        request.httpBody = body
        urlRequest = request
    }

    public func run() async throws(CommandError) -> [String: JSONValue] {
        guard let urlRequest else { throw CommandError(.internal, "request ran without checkAndParse") }
        if Task.isCancelled { throw CommandError(.cancelled, "cancelled before it started") }
        let domains = self.domains
        let response: RequestResponse
        if let fixtures {
            response = try fixtures.response(for: urlRequest)
        } else {
            let transport = RequestTransport(request: urlRequest, timeout: timeout, maxBytes: limits.maxResponseBytes,
                                             redirectAllowed: { domains.allows($0) })
            response = try await transport.perform()
        }
        var header: [String: JSONValue] = [:]
        for (name, value) in response.headers { header[name] = .string(value) }
        return [
            "statusCode": .number(Double(response.statusCode)),
            "header": .object(header),
            "data": Self.decodeBody(response.body, contentType: response.contentType),
        ]
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
