import Foundation

/// The manifest's `requestDomains` as a matcher. An entry is a bare host (`api.example.com`, any port, http or
/// https), a host with a port (`127.0.0.1:8080`), or an origin (`https://api.example.com[:port]`) that also pins
/// the scheme. Hosts compare case-insensitively and exactly: a subdomain needs its own entry, as in WeChat.
public struct RequestDomains: Sendable {
    private struct Entry: Sendable {
        var scheme: String?
        var host: String
        var port: Int?
    }
    private let entries: [Entry]

    public init(_ list: [String]) {
        entries = list.compactMap { raw in
            let text = raw.trimmingCharacters(in: .whitespaces)
            let hasScheme = text.contains("://")
            guard let parts = URLComponents(string: hasScheme ? text : "http://" + text),
                  let host = parts.host.map(RequestDomains.normalized), !host.isEmpty
            else { return nil }
            return Entry(scheme: hasScheme ? parts.scheme?.lowercased() : nil, host: host, port: parts.port)
        }
    }

    /// Whether a URL with this scheme, host and (effective) port may be requested.
    public func allows(scheme: String, host: String, port: Int) -> Bool {
        let host = Self.normalized(host)
        return entries.contains { entry in
            entry.host == host && (entry.scheme == nil || entry.scheme == scheme) && (entry.port == nil || entry.port == port)
        }
    }

    /// Whether `url` may be requested; also used for each redirect hop.
    public func allows(_ url: URL) -> Bool {
        guard let scheme = url.scheme?.lowercased(), let host = url.host else { return false }
        return allows(scheme: scheme, host: host, port: url.port ?? (scheme == "https" ? 443 : 80))
    }

    /// Lowercase, without IPv6 brackets or a trailing root dot, so `Example.COM.` matches `example.com`.
    static func normalized(_ host: String) -> String {
        var h = host.lowercased()
        if h.hasPrefix("["), h.hasSuffix("]") { h = String(h.dropFirst().dropLast()) }
        if h.hasSuffix(".") { h.removeLast() }
        return h
    }
}
