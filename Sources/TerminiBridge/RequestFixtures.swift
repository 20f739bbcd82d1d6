import Foundation
import TerminiHTTP
import TerminiTemplate

/// Canned answers for `request` (`termini snapshot --mock request=fixtures.json`), so a snapshot of an app that
/// calls the network is repeatable. The file is a JSON array of
/// `{ "url": "https://api.example.com/items*", "method": "GET", "statusCode": 200, "header": {…}, "data": … }`:
/// `url` is matched against the whole request URL (query included), `*` standing for any run of characters; the
/// first match answers. `method` (any when absent), `statusCode` (200), `header` and `data` are optional; `data`
/// that is not a string is sent as JSON. A request that no fixture matches fails like a network error, naming the
/// URL. `requestDomains` still applies.
public struct RequestFixtures: Sendable {
    struct Fixture: Sendable {
        var pattern: String
        var method: String?
        var statusCode: Int
        var headers: [String: String]
        var body: Data
    }

    let fixtures: [Fixture]
    /// Where the fixtures came from, for the message of an unmatched request.
    let source: String

    /// Reads and checks a fixtures file; errors name the file and the line and column, or the entry.
    public static func load(path: String) throws(FixtureError) -> RequestFixtures {
        guard let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8) else {
            throw FixtureError("\(path): cannot read the request fixtures")
        }
        let json: JSONValue
        do { json = try JSONValue.parse(text) } catch { throw FixtureError("\(path):\(error.line):\(error.column): \(error.message)") }
        return try RequestFixtures(json: json, file: path)
    }

    init(json: JSONValue, file: String) throws(FixtureError) {
        guard case .array(let entries) = json else {
            throw FixtureError("\(file): expected a JSON array of {url, method, statusCode, header, data}, found \(json.typeName)")
        }
        var fixtures: [Fixture] = []
        for (i, entry) in entries.enumerated() {
            func fail(_ message: String) -> FixtureError { FixtureError("\(file): $[\(i)]\(message)") }
            guard case .object(let o) = entry else { throw fail(": expected an object, found \(entry.typeName)") }
            guard case .string(let pattern)? = o["url"], !pattern.isEmpty else { throw fail(".url: expected a URL pattern") }
            var method: String?
            if let m = o["method"] {
                guard case .string(let name) = m else { throw fail(".method: expected a string, found \(m.typeName)") }
                method = name.uppercased()
            }
            var status = 200
            if let s = o["statusCode"] {
                guard let code = s.intValue, (100...599).contains(code) else { throw fail(".statusCode: expected a number from 100 to 599") }
                status = code
            }
            var headers: [String: String] = [:]
            if let h = o["header"] {
                guard case .object(let members) = h else { throw fail(".header: expected an object, found \(h.typeName)") }
                for (name, value) in members {
                    guard case .string(let text) = value else { throw fail(".header.\(name): expected a string, found \(value.typeName)") }
                    headers[name] = text
                }
            }
            var body = Data()
            switch o["data"] {
            case nil, .null?: break
            case .string(let text)?:
                body = Data(text.utf8)
                if !headers.keys.contains(where: { $0.caseInsensitiveCompare("Content-Type") == .orderedSame }) {
                    headers["Content-Type"] = "text/plain; charset=utf-8"
                }
            case let value?:
                body = Data(value.serialized().utf8)
                if !headers.keys.contains(where: { $0.caseInsensitiveCompare("Content-Type") == .orderedSame }) {
                    headers["Content-Type"] = "application/json"
                }
            }
            fixtures.append(Fixture(pattern: pattern, method: method, statusCode: status, headers: headers, body: body))
        }
        self.fixtures = fixtures
        source = file
    }

    /// The first fixture's answer for `request`, or a network failure naming what nothing matched.
    func response(for request: HTTPRequest) throws(CommandError) -> RequestResponse {
        let url = request.url.absoluteString
        let method = request.method
        guard let fixture = fixtures.first(where: { ($0.method == nil || $0.method == method) && Self.matches(url, $0.pattern) }) else {
            throw CommandError(.network, "no fixture in \(source) matches \(method) \(url)")
        }
        return RequestResponse(statusCode: fixture.statusCode, headers: fixture.headers, body: fixture.body)
    }

    /// Whether `text` matches `pattern`, in which `*` stands for any run of characters.
    static func matches(_ text: String, _ pattern: String) -> Bool {
        let parts = pattern.split(separator: "*", omittingEmptySubsequences: false).map(String.init)
        guard parts.count > 1 else { return text == pattern }
        guard text.hasPrefix(parts[0]) else { return false }
        var rest = text.dropFirst(parts[0].count)
        for part in parts.dropFirst().dropLast() where !part.isEmpty {
            guard let range = rest.range(of: part) else { return false }
            rest = rest[range.upperBound...]
        }
        let last = parts[parts.count - 1]
        return rest.count >= last.count && rest.hasSuffix(last)
    }
}

/// A fixtures file that cannot be used, with the file and the place in it.
public struct FixtureError: Error, CustomStringConvertible, Sendable {
    public var description: String
    init(_ description: String) { self.description = description }
}
