import Foundation

/// One HTTP request as an app's command or the registry client makes it: method, URL, header fields and body.
public struct HTTPRequest: Sendable {
    public var url: URL
    public var method: String
    /// Header fields in the order they were set; names are unique, compared case-insensitively.
    public private(set) var headers: [(name: String, value: String)] = []
    public var body: Data?

    public init(url: URL, method: String = "GET", body: Data? = nil) {
        self.url = url
        self.method = method
        self.body = body
    }

    /// The value of the header field `name`, looked up case-insensitively.
    public func value(forHeader name: String) -> String? {
        headers.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.value
    }

    /// Sets the header field `name`, replacing one of the same name in any case.
    public mutating func setValue(_ value: String, forHeader name: String) {
        if let index = headers.firstIndex(where: { $0.name.caseInsensitiveCompare(name) == .orderedSame }) {
            headers[index] = (name, value)
        } else {
            headers.append((name, value))
        }
    }

    /// Removes the header field `name`, in any case.
    public mutating func removeValue(forHeader name: String) {
        headers.removeAll { $0.name.caseInsensitiveCompare(name) == .orderedSame }
    }
}

extension URL {
    /// `host:port` (the port only when the URL names one), for messages that say where a transfer went.
    public var hostAndPort: String { "\(host ?? "?")\(port.map { ":\($0)" } ?? "")" }
}

/// The head of a response: its status and header fields as the server sent them.
public struct HTTPResponseHead: Sendable {
    public var statusCode: Int
    /// Header fields by the name the server sent; repeated fields are joined with ", ".
    public var headers: [String: String]

    public init(statusCode: Int, headers: [String: String]) {
        self.statusCode = statusCode
        self.headers = headers
    }

    /// The value of the header field `name`, looked up case-insensitively.
    public func value(forHeader name: String) -> String? {
        headers.first { $0.key.caseInsensitiveCompare(name) == .orderedSame }?.value
    }

    /// The body's length as `Content-Length` announces it; nil when it does not.
    public var contentLength: Int64? { value(forHeader: "Content-Length").flatMap { Int64($0.trimmingCharacters(in: .whitespaces)) } }
}

/// Why a transfer failed, in the terms its owner's message needs, with libcurl's own words in `detail`.
public struct HTTPFailure: Error, Sendable, CustomStringConvertible {
    /// What kind of failure, whatever libcurl code was behind it.
    public enum Kind: Sendable {
        case cannotResolveHost, cannotConnect, timedOut, tlsFailed, connectionLost, badURL, tooManyRedirects
        /// libcurl could not be opened.
        case unavailable
        case other
    }

    public var kind: Kind
    public var detail: String

    public init(_ kind: Kind, _ detail: String) {
        self.kind = kind
        self.detail = detail
    }

    public var description: String { detail }
}
