import Foundation
import TerminiTemplate

/// A registry's `index.json`: every app it serves, every published version with the archive's path, SHA-256, size,
/// engine requirement, publish time and the bundle's files (for file-level updates), and optionally the lowest
/// version clients may still run (`minimum`).
///
/// ```json
/// {"format": "termini.registry-index/1", "updated": "2025-01-02T03:04:05Z",
///  "apps": {"todo": {"minimum": "1.2.0", "versions": {"1.2.0": {"path": "apps/todo/1.2.0.zip",
///    "sha256": "…", "size": 5120, "engine": ">=0.1.0", "published": "2025-01-02T03:04:05Z",
///    "files": {"main.js": {"sha256": "…", "size": 812}, "manifest.json": {…}, "signature": {…}}}}}}}
/// ```
/// Its Ed25519 signature is the separate file `index.json.sig` (the bundle signature format, over the exact bytes).
public struct RegistryIndex: Equatable, Sendable {
    public static let format = "termini.registry-index/1"
    /// Clients refuse index files larger than this, so an endless response cannot fill memory.
    public static let maxBytes = 8 << 20

    /// One file of a published bundle, served as `files/<sha256>` (`RegistryIndex.filePath`).
    public struct BundleFile: Equatable, Sendable {
        /// Lowercase hex SHA-256 of the file's bytes: also its name under `files/`.
        public var sha256: String
        /// The file's size in bytes.
        public var size: Int64

        public init(sha256: String, size: Int64) {
            self.sha256 = sha256
            self.size = size
        }
    }

    /// One published archive of one version.
    public struct Release: Equatable, Sendable {
        public var version: String
        /// Relative to the registry's base URL: `apps/<id>/<version>.zip`.
        public var path: String
        /// Lowercase hex SHA-256 of the archive.
        public var sha256: String
        /// The archive's size in bytes.
        public var size: Int64
        /// The bundle's engine requirement, e.g. `>=0.1.0`.
        public var engine: String
        /// When it was published, ISO 8601 in UTC.
        public var published: String
        /// Pulled by the publisher (`termini yank`): never installed, and clients running it go back.
        public var withdrawn: Bool = false
        /// The channel it is published to (`publish --channel`, `termini promote`); `stable` reaches every client.
        public var channel: String = RegistryIndex.stableChannel
        /// The percentage of installs that take it (`publish --rollout`, `termini rollout`): see `StagedRollout`.
        public var rollout: Int = 100
        /// Every file of the bundle by its path (`manifest.json` and `signature` included), each also stored once as
        /// `files/<sha256>`: a client that has an older version downloads only the files it lacks. Nil for versions
        /// published before file-level updates, which are installed from the archive.
        public var files: [String: BundleFile]? = nil

        /// Whether a client following `channel` sees it: its own channel's releases and every stable one.
        public func isVisible(on channel: String) -> Bool { self.channel == channel || self.channel == RegistryIndex.stableChannel }
    }

    /// The channel every client follows unless `registry add --channel` says otherwise.
    public static let stableChannel = "stable"

    /// A channel name: lowercase letters, digits and `-`, starting with a letter, at most 32 characters.
    public static func isValidChannel(_ name: String) -> Bool {
        guard let first = name.first, first.isLowercase, first.isASCII, name.count <= 32 else { return false }
        return name.allSatisfy { ($0.isASCII && ($0.isLowercase || $0.isNumber)) || $0 == "-" }
    }

    /// Why `percent` is no rollout percentage, or nil when it is one: the one wording for publish, rollout and the
    /// index.
    public static func rolloutProblem(_ percent: Int) -> String? {
        (0...100).contains(percent) ? nil : "must be a whole percentage from 0 to 100, got \(percent)"
    }

    /// One app's releases.
    public struct App: Equatable, Sendable {
        /// Versions older than this must not run any more: a launch waits for the update instead.
        public var minimum: String?
        public var releases: [String: Release]

        public init(minimum: String? = nil, releases: [String: Release] = [:]) {
            self.minimum = minimum
            self.releases = releases
        }

        /// The release of `version`, compared as semver.
        public func release(_ version: String) -> Release? {
            guard let wanted = SemanticVersion(version) else { return nil }
            return releases.values.first { SemanticVersion($0.version) == wanted }
        }

        /// Every published version, lowest first, for messages.
        public var versionList: String {
            releases.keys.sorted { SemanticVersion($0)! < SemanticVersion($1)! }.joined(separator: ", ")
        }

        /// The highest release that is not withdrawn, that this engine can run and that `include` accepts, or nil.
        public func newest(runnableBy engine: SemanticVersion, where include: (Release) -> Bool = { _ in true }) -> Release? {
            releases.values
                .filter { !$0.withdrawn && (EngineRequirement($0.engine)?.isSatisfied(by: engine) ?? false) && include($0) }
                .max { SemanticVersion($0.version)! < SemanticVersion($1.version)! }
        }
    }

    public var apps: [String: App]
    /// When the index was last written, ISO 8601 in UTC.
    public var updated: String
    /// Publisher key rotations (`termini rotate-key`), each signed by the key it leaves: an app pinned to that key
    /// accepts bundles signed by the new one.
    public var rotations: [KeyRotation]

    public init(apps: [String: App] = [:], updated: String = "", rotations: [KeyRotation] = []) {
        self.apps = apps
        self.updated = updated
        self.rotations = rotations
    }

    /// The file's bytes: sorted keys and indentation, so that a registry kept in git diffs well.
    public var data: Data {
        let apps: [String: JSONValue] = apps.mapValues { app in
            var o: [String: JSONValue] = ["versions": .object(app.releases.mapValues { r in
                var members: [String: JSONValue] = [
                    "path": .string(r.path), "sha256": .string(r.sha256), "size": .number(Double(r.size)),
                    "engine": .string(r.engine), "published": .string(r.published),
                ]
                if r.withdrawn { members["withdrawn"] = .bool(true) }
                if r.channel != Self.stableChannel { members["channel"] = .string(r.channel) }
                if r.rollout != 100 { members["rollout"] = .number(Double(r.rollout)) }
                if let files = r.files {
                    members["files"] = .object(files.mapValues { .object(["sha256": .string($0.sha256), "size": .number(Double($0.size))]) })
                }
                return .object(members)
            })]
            if let minimum = app.minimum { o["minimum"] = .string(minimum) }
            return .object(o)
        }
        var members: [String: JSONValue] = ["format": .string(Self.format), "updated": .string(updated), "apps": .object(apps)]
        if !rotations.isEmpty {
            members["rotations"] = .array(rotations.map { r in
                .object(["from": .string(r.from.rawRepresentation.base64EncodedString()),
                         "to": .string(r.to.rawRepresentation.base64EncodedString()),
                         "signature": .string(r.signature.base64EncodedString())])
            })
        }
        let json: JSONValue = .object(members)
        return Data((json.prettySerialized() + "\n").utf8)
    }

    /// Parses and checks an index: every id, version, path and hash must be safe to use as a file or URL part.
    public init(data: Data, location: String) throws(RegistryError) {
        func bad(_ m: String) -> RegistryError { RegistryError(.badIndex, location, m) }
        guard data.count <= Self.maxBytes else { throw bad("larger than \(Self.maxBytes) bytes") }
        guard let text = String(data: data, encoding: .utf8) else { throw bad("not UTF-8") }
        let json: JSONValue
        do { json = try JSONValue.parse(text) } catch { throw bad("line \(error.line):\(error.column): \(error.message)") }
        guard json["format"]?.stringValue == Self.format else { throw bad("$.format is not \"\(Self.format)\"") }
        guard case .object(let appsJSON)? = json["apps"] else { throw bad("$.apps is not an object") }
        var apps: [String: App] = [:]
        for (id, appJSON) in appsJSON {
            guard BundleManifest.isValidIdentifier(id) else { throw bad("$.apps: '\(id)' is not a valid app id") }
            var app = App()
            if let minimum = appJSON["minimum"] {
                guard let m = minimum.stringValue, SemanticVersion(m) != nil else { throw bad("$.apps.\(id).minimum is not a version") }
                app.minimum = m
            }
            guard case .object(let versions)? = appJSON["versions"] else { throw bad("$.apps.\(id).versions is not an object") }
            for (version, r) in versions {
                let at = "$.apps.\(id).versions.\(version)"
                guard SemanticVersion(version) != nil else { throw bad("\(at): not a semantic version") }
                guard let path = r["path"]?.stringValue, path == Self.archivePath(id: id, version: version) else {
                    throw bad("\(at).path must be \"\(Self.archivePath(id: id, version: version))\"")
                }
                guard let sha = r["sha256"]?.stringValue, Self.isSHA256(sha) else {
                    throw bad("\(at).sha256 is not a lowercase hex SHA-256")
                }
                guard let size = r["size"]?.intValue, size > 0 else { throw bad("\(at).size is not a positive integer") }
                guard let engine = r["engine"]?.stringValue, EngineRequirement(engine) != nil else {
                    throw bad("\(at).engine is not a version requirement")
                }
                var withdrawn = false
                if let flag = r["withdrawn"] {
                    guard let value = flag.boolValue else { throw bad("\(at).withdrawn is not true or false") }
                    withdrawn = value
                }
                var channel = Self.stableChannel
                if let c = r["channel"] {
                    guard let name = c.stringValue, Self.isValidChannel(name) else {
                        throw bad("\(at).channel is not a channel name (lowercase letters, digits and '-')")
                    }
                    channel = name
                }
                var rollout = 100
                if let value = r["rollout"] {
                    guard let percent = value.intValue else { throw bad("\(at).rollout is not a whole number") }
                    if let problem = Self.rolloutProblem(percent) { throw bad("\(at).rollout \(problem)") }
                    rollout = percent
                }
                let files = try r["files"].map { value throws(RegistryError) in try Self.bundleFiles(value, at: "\(at).files", location: location) }
                app.releases[version] = Release(version: version, path: path, sha256: sha, size: Int64(size), engine: engine,
                                                published: r["published"]?.stringValue ?? "", withdrawn: withdrawn,
                                                channel: channel, rollout: rollout, files: files)
            }
            apps[id] = app
        }
        var rotations: [KeyRotation] = []
        if let list = json["rotations"] {
            guard case .array(let items) = list else { throw bad("$.rotations is not an array") }
            for (i, item) in items.enumerated() {
                func key(_ name: String) throws(RegistryError) -> BundlePublicKey {
                    guard let b64 = item[name]?.stringValue, let raw = Data(base64Encoded: b64),
                          let key = try? BundlePublicKey(rawRepresentation: raw) else {
                        throw bad("$.rotations[\(i)].\(name) is not an Ed25519 public key")
                    }
                    return key
                }
                guard let b64 = item["signature"]?.stringValue, let signature = Data(base64Encoded: b64), signature.count == 64 else {
                    throw bad("$.rotations[\(i)].signature is not a base64 Ed25519 signature")
                }
                let rotation = KeyRotation(from: try key("from"), to: try key("to"), signature: signature)
                guard rotation.isValid else {
                    throw bad("$.rotations[\(i)]: the signature is not made by the key it rotates from (\(rotation.from.fingerprint)); the rotation was altered")
                }
                rotations.append(rotation)
            }
        }
        self.init(apps: apps, updated: json["updated"]?.stringValue ?? "", rotations: rotations)
    }

    /// Where an archive lives in a registry, relative to its root: the one layout both sides agree on.
    public static func archivePath(id: String, version: String) -> String { "apps/\(id)/\(version).zip" }

    /// Where a bundle file is stored once, by its content, relative to the registry's root.
    public static func filePath(sha256: String) -> String { "files/\(sha256)" }

    /// Whether `text` is a lowercase hex SHA-256: safe as a file name and a URL part.
    static func isSHA256(_ text: String) -> Bool { text.utf8.count == 64 && text.allSatisfy { "0123456789abcdef".contains($0) } }

    /// A release's `files`: each path safe inside a bundle folder (as an archive entry must be), each with a hash
    /// and a size, no more entries than an install accepts.
    private static func bundleFiles(_ value: JSONValue, at: String, location: String) throws(RegistryError) -> [String: BundleFile] {
        func bad(_ m: String) -> RegistryError { RegistryError(.badIndex, location, m) }
        guard case .object(let entries) = value else { throw bad("\(at) is not an object") }
        guard entries.count <= ExtractionLimits.standard.maxEntries else {
            throw bad("\(at) lists more than \(ExtractionLimits.standard.maxEntries) files")
        }
        var files: [String: BundleFile] = [:]
        for (path, entry) in entries {
            guard case .success(let normalised) = BundleEntryPath.validate(path), normalised == path else {
                throw bad("\(at): \(path.debugDescription) is not a safe relative path")
            }
            guard let sha = entry["sha256"]?.stringValue, isSHA256(sha) else {
                throw bad("\(at).\(path).sha256 is not a lowercase hex SHA-256")
            }
            guard let size = entry["size"]?.intValue, size >= 0 else { throw bad("\(at).\(path).size is not a whole number of bytes") }
            files[path] = BundleFile(sha256: sha, size: Int64(size))
        }
        return files
    }

    /// The current time in the index's ISO 8601 form.
    static func timestamp(_ date: Date = Date()) -> String {
        let f = ISO8601DateFormatter()
        f.formatOptions = [.withInternetDateTime]
        f.timeZone = TimeZone(identifier: "UTC")
        return f.string(from: date)
    }
}

/// `index.json.sig`: an Ed25519 signature over the exact bytes of `index.json`, in the bundle signature's file format.
public enum RegistryIndexSignature {
    public static let fileName = "index.json.sig"

    public static func sign(_ indexBytes: Data, with key: BundleSigningKey) throws(RegistryError) -> Data {
        do { return Data(try BundleSignature.sign(manifestBytes: indexBytes, with: key).fileText.utf8) } catch {
            throw RegistryError(.io, "", error.message)
        }
    }

    /// Checks the signature against the registry's trusted keys only.
    public static func verify(indexBytes: Data, signatureBytes: Data?, trusted: [BundlePublicKey],
                              location: String) throws(RegistryError)
    {
        guard let signatureBytes else { throw RegistryError(.badSignature, location, "the index has no \(fileName)") }
        do {
            let signature = try BundleSignature(fileBytes: signatureBytes, location: location)
            if trusted.contains(where: { $0.isValidSignature(signature.signature, for: indexBytes) }) { return }
            if signature.signer.isValidSignature(signature.signature, for: indexBytes) {
                throw RegistryError(.badSignature, location,
                                    "the index is signed by key \(signature.signer.fingerprint), which this registry is not trusted with (add its .pub with 'termini registry add … --trust')")
            }
            throw RegistryError(.badSignature, location, "the signature does not match index.json: the index or its signature was altered")
        } catch let error as RegistryError {
            throw error
        } catch {
            throw RegistryError(.badSignature, location, "\(error)")
        }
    }
}
