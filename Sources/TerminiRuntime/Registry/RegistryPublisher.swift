import Crypto
import Foundation

/// What `publish` did.
public struct PublishResult: Equatable, Sendable {
    public var id: String
    public var version: String
    public var sha256: String
    public var size: Int64
    /// The archive inside the registry folder.
    public var archivePath: String
    /// True when this very archive was already published: nothing changed.
    public var unchanged: Bool
    /// The app's `minimum` after publishing.
    public var minimum: String?
}

/// Adds signed bundles to a registry folder that any static HTTP server can serve (docs/DISTRIBUTION.md):
/// `<dir>/apps/<id>/<version>.zip`, `<dir>/index.json` and `<dir>/index.json.sig`.
///
/// Order makes it safe for readers: the archive is renamed into place first, then the signature, then the index,
/// each by write-to-temp + rename, so an index never names a missing archive. A reader that catches the index and
/// its signature from different publishes sees a mismatch and retries once (`RegistryClient`). Concurrent
/// publishers are serialised by `flock` on `<dir>/.publish.lock`.
public struct RegistryPublisher: Sendable {
    public var folder: String
    public var key: BundleSigningKey
    /// Keys besides the registry's own that may have signed the bundle (clients must trust them too).
    public var bundleKeys: [BundlePublicKey]

    public init(folder: String, key: BundleSigningKey, bundleKeys: [BundlePublicKey] = []) {
        self.folder = folder.count > 1 && folder.hasSuffix("/") ? String(folder.dropLast()) : folder
        self.key = key
        self.bundleKeys = bundleKeys
    }

    public var indexPath: String { folder + "/index.json" }
    public var signaturePath: String { folder + "/" + RegistryIndexSignature.fileName }

    /// Checks `archive` as `termini install` would (signature by the registry key or `bundleKeys`, hashes, paths,
    /// templates), then publishes it. `minimum` marks the lowest version clients may still run.
    public func publish(archive: String, minimum: String? = nil) throws(RegistryError) -> PublishResult {
        let manifest = try checkBundle(archive)
        if let minimum, SemanticVersion(minimum) == nil {
            throw RegistryError(.config, "--minimum", "'\(minimum)' is not a semantic version (MAJOR.MINOR.PATCH)")
        }
        let (sha256, size) = try Self.digest(of: archive)
        do { try StoreFileOperations.makeDirectories(folder + "/apps/" + manifest.id) } catch {
            throw RegistryError(.io, folder, error.message)
        }
        let lock: StoreLock
        do { lock = try StoreLock(path: folder + "/.publish.lock") } catch { throw RegistryError(.io, folder, error.message) }
        defer { withExtendedLifetime(lock) {} }

        var index = try readIndex()
        var app = index.apps[manifest.id] ?? RegistryIndex.App()
        let relative = RegistryIndex.archivePath(id: manifest.id, version: manifest.version)
        let destination = folder + "/" + relative
        if let existing = app.releases[manifest.version] {
            guard existing.sha256 == sha256 else {
                throw RegistryError(.conflict, destination,
                                    "\(manifest.id) \(manifest.version) is already published with different bytes (sha256 \(existing.sha256.prefix(12))…); publish a new version instead")
            }
            if minimum == nil || minimum == app.minimum {
                return PublishResult(id: manifest.id, version: manifest.version, sha256: sha256, size: size,
                                     archivePath: destination, unchanged: true, minimum: app.minimum)
            }
        } else {
            // An archive the index does not name is debris of an interrupted publish: replace it.
            try Self.copyAtomically(archive, to: destination)
            app.releases[manifest.version] = RegistryIndex.Release(
                version: manifest.version, path: relative, sha256: sha256, size: size, engine: manifest.engine,
                published: RegistryIndex.timestamp())
        }
        if let minimum {
            guard let m = SemanticVersion(minimum), app.releases.keys.contains(where: { SemanticVersion($0) == m }) else {
                throw RegistryError(.config, "--minimum", "\(minimum) is not a published version of \(manifest.id)")
            }
            app.minimum = minimum
        }
        index.apps[manifest.id] = app
        index.updated = RegistryIndex.timestamp()
        let bytes = index.data
        do {
            try StoreFileOperations.writeAtomically(try RegistryIndexSignature.sign(bytes, with: key), to: signaturePath)
            try StoreFileOperations.writeAtomically(bytes, to: indexPath)
        } catch let error as BundleError {
            throw RegistryError(.io, error.location, error.message)
        } catch let error as RegistryError {
            throw error
        } catch {
            throw RegistryError(.io, indexPath, "\(error)")
        }
        return PublishResult(id: manifest.id, version: manifest.version, sha256: sha256, size: size,
                             archivePath: destination, unchanged: false, minimum: app.minimum)
    }

    /// The registry's current index, or an empty one for a new registry.
    public func readIndex() throws(RegistryError) -> RegistryIndex {
        guard let data = FileManager.default.contents(atPath: indexPath) else {
            if FileManager.default.fileExists(atPath: indexPath) { throw RegistryError(.io, indexPath, "cannot be read") }
            return RegistryIndex()
        }
        return try RegistryIndex(data: data, location: indexPath)
    }

    /// Runs every install check in a scratch folder, so a registry never serves a bundle clients would refuse.
    private func checkBundle(_ archive: String) throws(RegistryError) -> BundleManifest {
        let scratch = NSTemporaryDirectory() + "termini-publish-\(getpid())-\(UUID().uuidString)"
        defer { StoreFileOperations.removeTree(scratch) }
        let installer = BundleInstaller(store: AppStore(root: scratch + "-store"),
                                        options: InstallOptions(trustedKeys: [key.publicKey] + bundleKeys))
        do { return try installer.extractChecked(archivePath: archive, into: scratch) } catch {
            if error.kind == .untrustedKey {
                throw RegistryError(.install, archive, error.message.replacingOccurrences(
                    of: "(pass its .pub with --trust, or copy it into <store>/trusted/)",
                    with: "and not the registry key \(key.publicKey.fingerprint) (sign the bundle with the registry key, or pass the signer's .pub with --trust; clients must trust it too)"))
            }
            throw RegistryError(.install, error.location, error.message)
        }
    }

    /// SHA-256 (hex) and size of a file, read in chunks.
    static func digest(of path: String) throws(RegistryError) -> (String, Int64) {
        guard let handle = FileHandle(forReadingAtPath: path) else { throw RegistryError(.io, path, "cannot be read") }
        defer { try? handle.close() }
        var hasher = SHA256()
        var size: Int64 = 0
        while true {
            let chunk = handle.readData(ofLength: 1 << 20)
            if chunk.isEmpty { break }
            hasher.update(data: chunk)
            size += Int64(chunk.count)
        }
        return (BundleArchiveReader.hex(hasher.finalize()), size)
    }

    static func copyAtomically(_ source: String, to destination: String) throws(RegistryError) {
        guard let data = FileManager.default.contents(atPath: source) else { throw RegistryError(.io, source, "cannot be read") }
        do { try StoreFileOperations.writeAtomically(data, to: destination) } catch {
            throw RegistryError(.io, error.location, error.message)
        }
    }
}
