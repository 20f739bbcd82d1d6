import Foundation
import TerminiTemplate

/// A registry a store installs and updates from: its name, base URL, the keys its index must be signed with, and
/// the hosts its redirects may go to besides its own.
///
/// Kept in the store (see `RegistrySources` for the layout) as `registry.json`:
/// ```json
/// {"format": "termini.registry-source/1", "name": "main", "url": "https://apps.example.com/termini/",
///  "trust": ["<base64 Ed25519 public key>"], "allowRedirectHosts": ["cdn.example.net"], "channel": "stable"}
/// ```
public struct RegistrySource: Equatable, Sendable {
    public static let format = "termini.registry-source/1"
    public var name: String
    /// The base URL, always ending in `/`; `index.json` and `apps/…` are relative to it.
    public var url: URL
    public var trust: [BundlePublicKey]
    /// Hosts a redirect may lead to besides the registry's own (e.g. a CDN's).
    public var allowRedirectHosts: [String]
    /// The channel this client follows (`registry add --channel`): its releases and every stable one.
    public var channel: String

    public init(name: String, url: String, trust: [BundlePublicKey], allowRedirectHosts: [String] = [],
                channel: String = RegistryIndex.stableChannel) throws(RegistryError)
    {
        guard BundleManifest.isValidIdentifier(name) else {
            throw RegistryError(.config, name, "not a valid registry name (letters, digits, '-', '_' and '.', starting with a letter)")
        }
        let base = url.hasSuffix("/") ? url : url + "/"
        guard let parsed = URL(string: base), let scheme = parsed.scheme?.lowercased(), scheme == "https" || scheme == "http",
              let host = parsed.host, !host.isEmpty, parsed.query == nil, parsed.fragment == nil else {
            throw RegistryError(.config, url, "not an http(s) URL of a registry folder (e.g. https://apps.example.com/termini/)")
        }
        guard !trust.isEmpty else { throw RegistryError(.config, name, "a registry needs at least one trusted key (--trust <prefix>.pub)") }
        guard RegistryIndex.isValidChannel(channel) else {
            throw RegistryError(.config, channel, "not a channel name (lowercase letters, digits and '-', starting with a letter, e.g. beta)")
        }
        self.channel = channel
        self.name = name
        self.url = parsed
        self.trust = trust
        self.allowRedirectHosts = allowRedirectHosts.map { $0.lowercased() }
    }

    public var indexURL: URL { url.appendingPathComponent("index.json") }
    public var signatureURL: URL { url.appendingPathComponent(RegistryIndexSignature.fileName) }
    public func archiveURL(_ release: RegistryIndex.Release) -> URL { URL(string: release.path, relativeTo: url)!.absoluteURL }
    /// A bundle file stored by its content: `files/<sha256>`.
    public func fileURL(sha256: String) -> URL { URL(string: RegistryIndex.filePath(sha256: sha256), relativeTo: url)!.absoluteURL }

    /// The redirect rule of docs/DISTRIBUTION.md: https→https to the registry's own host or an allowed host. An
    /// http registry (a development server) may redirect over http to the same hosts; nothing may go from https
    /// to http.
    public func allowsRedirect(to target: URL) -> Bool {
        guard let scheme = target.scheme?.lowercased(), let host = target.host?.lowercased() else { return false }
        let ownScheme = url.scheme!.lowercased(), ownHost = url.host!.lowercased()
        let hostAllowed = host == ownHost || allowRedirectHosts.contains(host)
        if scheme == "https" { return hostAllowed }
        return ownScheme == "http" && scheme == "http" && hostAllowed
    }

    var data: Data {
        let json: JSONValue = .object([
            "format": .string(Self.format), "name": .string(name), "url": .string(url.absoluteString),
            "trust": .array(trust.map { .string($0.rawRepresentation.base64EncodedString()) }),
            "allowRedirectHosts": .array(allowRedirectHosts.map { .string($0) }), "channel": .string(channel),
        ])
        return Data((json.prettySerialized() + "\n").utf8)
    }

    init(data: Data, path: String) throws(RegistryError) {
        func bad(_ m: String) -> RegistryError { RegistryError(.config, path, "corrupt registry file: \(m)") }
        guard let text = String(data: data, encoding: .utf8), let json = try? JSONValue.parse(text) else { throw bad("not JSON") }
        guard json["format"]?.stringValue == Self.format else { throw bad("$.format is not \"\(Self.format)\"") }
        guard let name = json["name"]?.stringValue, let url = json["url"]?.stringValue else { throw bad("$.name or $.url missing") }
        var keys: [BundlePublicKey] = []
        for item in json["trust"]?.arrayValue ?? [] {
            guard let b64 = item.stringValue, let raw = Data(base64Encoded: b64), let key = try? BundlePublicKey(rawRepresentation: raw) else {
                throw bad("$.trust holds something that is not an Ed25519 public key")
            }
            keys.append(key)
        }
        let hosts = (json["allowRedirectHosts"]?.arrayValue ?? []).compactMap(\.stringValue)
        try self.init(name: name, url: url, trust: keys, allowRedirectHosts: hosts,
                      channel: json["channel"]?.stringValue ?? RegistryIndex.stableChannel)
    }
}

/// The registries a store knows, their cached signed indexes, and which registry each app was installed from.
///
/// Layout, next to the store's `apps/`:
/// ```
/// <store>/registries/<name>/registry.json    the RegistrySource
/// <store>/registries/<name>/index.json       the last index whose signature checked out, with
/// <store>/registries/<name>/index.json.sig   its signature and
/// <store>/registries/<name>/etag             its ETag, sent as If-None-Match
/// <store>/origins/<id>                       the name of the registry <id> was installed from
/// <store>/downloads/                         archives being downloaded (debris of a killed process is removed)
/// ```
public struct RegistrySources: Sendable {
    public let store: AppStore

    public init(store: AppStore) { self.store = store }

    var folder: String { store.root + "/registries" }
    func folder(_ name: String) -> String { folder + "/" + name }
    var originsFolder: String { store.root + "/origins" }
    var downloadsFolder: String { store.root + "/downloads" }

    /// Every registry, sorted by name.
    public func list() throws(RegistryError) -> [RegistrySource] {
        var sources: [RegistrySource] = []
        for name in StoreFileOperations.children(folder) where BundleManifest.isValidIdentifier(name) {
            if let source = try source(named: name) { sources.append(source) }
        }
        return sources
    }

    public func source(named name: String) throws(RegistryError) -> RegistrySource? {
        guard BundleManifest.isValidIdentifier(name) else { return nil }
        let path = folder(name) + "/registry.json"
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        return try RegistrySource(data: data, path: path)
    }

    /// Adds a registry; refuses to replace one of the same name (remove it first), so a typo never changes trust.
    public func add(_ source: RegistrySource) throws(RegistryError) {
        if try self.source(named: source.name) != nil {
            throw RegistryError(.config, source.name, "a registry with this name already exists (remove it first with 'termini registry remove \(source.name)')")
        }
        try write(source.data, to: folder(source.name) + "/registry.json")
    }

    /// Removes a registry and its cached index. Installed apps stay; they are no longer updated from it.
    public func remove(_ name: String) throws(RegistryError) {
        guard try source(named: name) != nil else {
            let known = ((try? list()) ?? []).map(\.name)
            throw RegistryError(.notFound, name, "no such registry (" + (known.isEmpty ? "none are added" : "added: " + known.joined(separator: ", ")) + ")")
        }
        // The registry.json goes first: a crash halfway leaves only cache files, which no list shows.
        unlink(folder(name) + "/registry.json")
        StoreFileOperations.removeTree(folder(name))
    }

    /// The registry `id` was installed from, if it is still added.
    public func origin(of id: String) -> RegistrySource? {
        guard let data = FileManager.default.contents(atPath: originsFolder + "/" + id),
              let name = String(data: data, encoding: .utf8)?.trimmingCharacters(in: .whitespacesAndNewlines) else { return nil }
        return (try? source(named: name)) ?? nil
    }

    func recordOrigin(_ id: String, registry: String) throws(RegistryError) {
        try write(Data((registry + "\n").utf8), to: originsFolder + "/" + id)
    }

    func write(_ data: Data, to path: String) throws(RegistryError) {
        do {
            try StoreFileOperations.makeDirectories((path as NSString).deletingLastPathComponent)
            try StoreFileOperations.writeAtomically(data, to: path)
        } catch {
            throw RegistryError(.io, error.location, error.message)
        }
    }

    // MARK: The cached index

    /// The last index of `name` whose signature checked out, re-verified from disk; nil when there is none.
    func cachedIndex(_ source: RegistrySource) -> (index: RegistryIndex, bytes: Data, signature: Data, etag: String?)? {
        let dir = folder(source.name)
        guard let bytes = FileManager.default.contents(atPath: dir + "/index.json"),
              let signature = FileManager.default.contents(atPath: dir + "/" + RegistryIndexSignature.fileName),
              (try? RegistryIndexSignature.verify(indexBytes: bytes, signatureBytes: signature, trusted: source.trust, location: dir)) != nil,
              let index = try? RegistryIndex(data: bytes, location: dir + "/index.json") else { return nil }
        let etag = FileManager.default.contents(atPath: dir + "/etag").flatMap { String(data: $0, encoding: .utf8) }
        return (index, bytes, signature, etag.flatMap { $0.isEmpty ? nil : $0 })
    }

    /// Saves a verified index: the etag goes last, so a crash never pairs an etag with an older index.
    func saveIndex(_ source: RegistrySource, bytes: Data, signature: Data, etag: String?) {
        let dir = folder(source.name)
        unlink(dir + "/etag")
        try? write(signature, to: dir + "/" + RegistryIndexSignature.fileName)
        try? write(bytes, to: dir + "/index.json")
        if let etag { try? write(Data(etag.utf8), to: dir + "/etag") }
    }
}
