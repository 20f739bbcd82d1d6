import TerminiTemplate
import TerminiUI

/// `manifest.json` of a bundle: identity, entry script, pages, permissions, request domains, preload and file hashes.
public struct BundleManifest: Equatable, Sendable {
    public var id: String
    public var name: String
    public var version: String
    /// The engine version range the bundle needs, e.g. ">=0.1.0".
    public var engine: String
    public var entry: String
    /// Page names; the first is the launch page.
    public var pages: [String]
    public var permissions: [String]
    public var requestDomains: [String]
    /// The most one streamed response (`enableChunked`, an event stream) may deliver, in MB
    /// (`"requestStreamLimitMB"`, 1 to `maxRequestStreamLimitMB`); nil: the engine's 100 MB.
    public var requestStreamLimitMB: Int?
    /// The highest `requestStreamLimitMB` a manifest may ask for.
    public static let maxRequestStreamLimitMB = 4096
    /// The largest WebSocket message, sent or received, in MB (`"socketMessageLimitMB"`, 1 to 64); nil: 1 MB.
    public var socketMessageLimitMB: Int?
    /// How many WebSockets the app may have open at once (`"openSocketLimit"`, 1 to 64); nil: 5.
    public var openSocketLimit: Int?
    public var preload: [String: [PreloadRequest]]
    /// App-wide key bindings (`"keys": [{"key", "handler", "label"}]`): they call the visible page's method, or else
    /// the `App({...})` method of that name.
    public var keys: [KeyBinding] = []
    /// The tab strip and the pages it switches between (`"tabBar"`), if the app has one.
    public var tabBar: TabBar?
    /// The app's themes (`"themes"`), the first the one it starts with; empty when it declares none.
    public var themes = ThemeSet()
    /// Relative path to lowercase hex SHA-256.
    public var files: [String: String]
    /// The quota of the app's files and storage together, in MB (`"quota"`), when it asks for more than the
    /// default 50; the host caps it (`EngineOptions.maxQuotaBytes`).
    public var quotaMegabytes: Int?
    /// Hosts `openURL` may open besides `requestDomains` (`"openDomains"`), in the same forms.
    public var openDomains: [String] = []

    /// One request to start while the JS context boots.
    public struct PreloadRequest: Equatable, Sendable {
        public var url: String
        public var key: String
    }

    public init(id: String, name: String, version: String, engine: String = ">=0.1.0", entry: String = "main.js",
                pages: [String], permissions: [String] = [], requestDomains: [String] = [],
                preload: [String: [PreloadRequest]] = [:], files: [String: String] = [:])
    {
        self.id = id
        self.name = name
        self.version = version
        self.engine = engine
        self.entry = entry
        self.pages = pages
        self.permissions = permissions
        self.requestDomains = requestDomains
        self.preload = preload
        self.files = files
    }
}

/// A manifest field that is missing or of the wrong type, named by its JSON path.
public struct ManifestError: Error, Equatable, CustomStringConvertible, Sendable {
    public var file: String
    public var message: String
    public var description: String { "\(file): \(message)" }
}

extension BundleManifest {
    /// Decodes `manifest.json` (or a project's `app.json`, which has the same identity fields and no file hashes).
    /// `text` is the JSON as written, for the order of the themes; `manifest.json` records it in `themeOrder`.
    public init(json: JSONValue, file: String, text: String? = nil) throws(ManifestError) {
        func fail(_ m: String) -> ManifestError { ManifestError(file: file, message: m) }
        guard case .object(let o) = json else { throw fail("expected a JSON object at $") }
        func string(_ key: String, default def: String? = nil) throws(ManifestError) -> String {
            switch o[key] {
            case .string(let s)?: return s
            case nil where def != nil: return def!
            case nil: throw fail("$.\(key): missing")
            case let v?: throw fail("$.\(key): expected a string, found \(v.typeName)")
            }
        }
        func strings(_ key: String) throws(ManifestError) -> [String] {
            guard let v = o[key] else { return [] }
            guard case .array(let items) = v else { throw fail("$.\(key): expected an array, found \(v.typeName)") }
            var out: [String] = []
            for (i, item) in items.enumerated() {
                guard case .string(let s) = item else { throw fail("$.\(key)[\(i)]: expected a string, found \(item.typeName)") }
                out.append(s)
            }
            return out
        }
        id = try string("id")
        guard BundleManifest.isValidIdentifier(id) else {
            throw fail("$.id: '\(id)' is not a valid app id (letters, digits, '-', '_' and '.', starting with a letter)")
        }
        name = try string("name", default: id)
        version = try string("version")
        engine = try string("engine", default: ">=0.1.0")
        entry = try string("entry", default: "main.js")
        pages = try strings("pages")
        if pages.isEmpty { throw fail("$.pages: the app declares no pages") }
        permissions = try strings("permissions")
        requestDomains = try strings("requestDomains")
        openDomains = try strings("openDomains")
        if let q = o["quota"] {
            guard case .number(let n) = q, n == n.rounded(), n >= 1, n <= 1_000_000 else {
                throw fail("$.quota: expected a whole number of MB from 1 to 1000000, found \(q.serialized())")
            }
            quotaMegabytes = Int(n)
        }
        if let limit = o["requestStreamLimitMB"] {
            guard let mb = limit.intValue, (1...Self.maxRequestStreamLimitMB).contains(mb) else {
                throw fail("$.requestStreamLimitMB: expected a whole number of megabytes from 1 to \(Self.maxRequestStreamLimitMB), found \(limit.serialized())")
            }
            requestStreamLimitMB = mb
        }
        func wholeNumber(_ key: String, in range: ClosedRange<Int>) throws(ManifestError) -> Int? {
            guard let limit = o[key] else { return nil }
            guard let value = limit.intValue, range.contains(value) else {
                throw fail("$.\(key): expected a whole number from \(range.lowerBound) to \(range.upperBound), found \(limit.serialized())")
            }
            return value
        }
        socketMessageLimitMB = try wholeNumber("socketMessageLimitMB", in: 1...64)
        openSocketLimit = try wholeNumber("openSocketLimit", in: 1...64)
        preload = [:]
        if let p = o["preload"] {
            guard case .object(let byPage) = p else { throw fail("$.preload: expected an object, found \(p.typeName)") }
            for (page, list) in byPage {
                guard case .array(let items) = list else { throw fail("$.preload.\(page): expected an array") }
                var requests: [PreloadRequest] = []
                for (i, item) in items.enumerated() {
                    guard let url = item["url"]?.stringValue, let key = item["key"]?.stringValue else {
                        throw fail("$.preload.\(page)[\(i)]: expected {url, key} strings")
                    }
                    requests.append(PreloadRequest(url: url, key: key))
                }
                preload[page] = requests
            }
        }
        if let k = o["keys"] {
            do { keys = try KeyBinding.decodeList(k, path: "$.keys") } catch { throw fail(error.description) }
        }
        if let t = o["tabBar"] {
            do { tabBar = try TabBar(json: t, pages: pages) } catch { throw fail(error.text) }
        }
        if let t = o["themes"] {
            let order = try o["themeOrder"].map { _ throws(ManifestError) in try strings("themeOrder") }
                ?? text.map { JSONKeyOrder.keys(ofMember: "themes", in: $0) } ?? []
            do { themes = try ThemeSet(json: t, order: order) } catch {
                // A theme's mistake names its line too: a file of many themes is hard to search by JSON path alone.
                let line = error.keys.isEmpty ? nil : text.flatMap { JSONKeyOrder.line(ofKeyPath: ["themes"] + error.keys, in: $0) }
                throw ManifestError(file: line.map { "\(file):\($0)" } ?? file, message: error.description)
            }
        }
        files = [:]
        if let f = o["files"] {
            guard case .object(let entries) = f else { throw fail("$.files: expected an object, found \(f.typeName)") }
            for (path, hash) in entries {
                guard case .string(let h) = hash else { throw fail("$.files.\(path): expected a hex SHA-256 string") }
                files[path] = h
            }
        }
    }

    public var json: JSONValue {
        var o: [String: JSONValue] = [
            "id": .string(id), "name": .string(name), "version": .string(version), "engine": .string(engine),
            "entry": .string(entry), "pages": .array(pages.map { .string($0) }),
            "permissions": .array(permissions.map { .string($0) }),
            "requestDomains": .array(requestDomains.map { .string($0) }),
        ]
        if !preload.isEmpty {
            o["preload"] = .object(preload.mapValues { list in
                .array(list.map { .object(["url": .string($0.url), "key": .string($0.key)]) })
            })
        }
        if !files.isEmpty { o["files"] = .object(files.mapValues { .string($0) }) }
        if !openDomains.isEmpty { o["openDomains"] = .array(openDomains.map { .string($0) }) }
        if let quotaMegabytes { o["quota"] = .number(Double(quotaMegabytes)) }
        if let requestStreamLimitMB { o["requestStreamLimitMB"] = .number(Double(requestStreamLimitMB)) }
        if let socketMessageLimitMB { o["socketMessageLimitMB"] = .number(Double(socketMessageLimitMB)) }
        if let openSocketLimit { o["openSocketLimit"] = .number(Double(openSocketLimit)) }
        if !keys.isEmpty { o["keys"] = .array(keys.map(\.json)) }
        if let tabBar { o["tabBar"] = tabBar.json }
        if !themes.themes.isEmpty {
            o["themes"] = themes.json
            o["themeOrder"] = .array(themes.names.map { .string($0) })
        }
        return .object(o)
    }

    static func isValidIdentifier(_ s: String) -> Bool {
        guard let first = s.unicodeScalars.first, first.properties.isAlphabetic, first.isASCII, s.count <= 64 else { return false }
        return s.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "-_.".unicodeScalars.contains($0)) }
    }
}
