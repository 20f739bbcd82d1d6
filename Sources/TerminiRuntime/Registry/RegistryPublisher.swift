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
/// `<dir>/apps/<id>/<version>.zip`, each of its files once by content as `<dir>/files/<sha256>`, `<dir>/index.json`
/// and `<dir>/index.json.sig`.
///
/// Order makes it safe for readers: the bundle's files and the archive are renamed into place first, then the
/// signature, then the index, each by write-to-temp + rename, so an index never names a missing file. A reader that catches the index and
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
    /// templates), then publishes it. `minimum` marks the lowest version clients may still run; a new version goes to
    /// `channel` (default stable) and to `rollout` % of installs (default 100). A version already published keeps its
    /// channel and rollout: `promote` and `setRollout` change them.
    public func publish(archive: String, minimum: String? = nil, channel: String? = nil, rollout: Int? = nil) throws(RegistryError) -> PublishResult {
        if let channel, !RegistryIndex.isValidChannel(channel) {
            throw RegistryError(.config, "--channel", "'\(channel)' is not a channel name (lowercase letters, digits and '-', starting with a letter, e.g. beta)")
        }
        if let rollout, let problem = RegistryIndex.rolloutProblem(rollout) { throw RegistryError(.config, "--rollout", problem) }
        let scratch = NSTemporaryDirectory() + "termini-publish-\(getpid())-\(UUID().uuidString)"
        defer { StoreFileOperations.removeTree(scratch) }
        let manifest = try checkBundle(archive, extractingInto: scratch)
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
            if let channel, channel != existing.channel {
                throw RegistryError(.conflict, "--channel", "\(manifest.id) \(manifest.version) is already published on channel \(existing.channel); move it with 'termini promote'")
            }
            if let rollout, rollout != existing.rollout {
                throw RegistryError(.conflict, "--rollout", "\(manifest.id) \(manifest.version) is already published to \(existing.rollout) % of installs; change it with 'termini rollout'")
            }
            if minimum == nil || minimum == app.minimum {
                return PublishResult(id: manifest.id, version: manifest.version, sha256: sha256, size: size,
                                     archivePath: destination, unchanged: true, minimum: app.minimum)
            }
        } else {
            let files = try storeFiles(of: scratch)
            // An archive the index does not name is debris of an interrupted publish: replace it.
            try Self.copyAtomically(archive, to: destination)
            app.releases[manifest.version] = RegistryIndex.Release(
                version: manifest.version, path: relative, sha256: sha256, size: size, engine: manifest.engine,
                published: RegistryIndex.timestamp(), channel: channel ?? RegistryIndex.stableChannel, rollout: rollout ?? 100,
                files: files)
        }
        if let minimum {
            guard let m = SemanticVersion(minimum), app.releases.keys.contains(where: { SemanticVersion($0) == m }) else {
                throw RegistryError(.config, "--minimum", "\(minimum) is not a published version of \(manifest.id)")
            }
            app.minimum = minimum
        }
        index.apps[manifest.id] = app
        try write(index)
        return PublishResult(id: manifest.id, version: manifest.version, sha256: sha256, size: size,
                             archivePath: destination, unchanged: false, minimum: app.minimum)
    }

    /// Signs `index` with the registry key and writes the signature, then the index (each by write-to-temp + rename),
    /// stamping the time. Callers hold the publish lock.
    private func write(_ index: RegistryIndex) throws(RegistryError) {
        var index = index
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
    }

    /// Runs `change` on the current index under the publish lock and writes the result signed; the one path every
    /// index edit but publish takes.
    func editIndex<T>(_ change: (inout RegistryIndex) throws(RegistryError) -> T) throws(RegistryError) -> T {
        do { try StoreFileOperations.makeDirectories(folder) } catch { throw RegistryError(.io, folder, error.message) }
        let lock: StoreLock
        do { lock = try StoreLock(path: folder + "/.publish.lock") } catch { throw RegistryError(.io, folder, error.message) }
        defer { withExtendedLifetime(lock) {} }
        var index = try readIndex()
        let result = try change(&index)
        try write(index)
        return result
    }

    /// Adds a key rotation from `old`'s key to `new` to the index, signed by `old`, and re-signs the index with the
    /// registry key: apps pinned to the old key then accept bundles signed by the new one. Returns false when the
    /// index already held it.
    @discardableResult
    public func rotateKey(from old: BundleSigningKey, to new: BundlePublicKey) throws(RegistryError) -> Bool {
        guard old.publicKey != new else {
            throw RegistryError(.config, "--new", "the new key is the old key \(new.fingerprint); nothing to rotate")
        }
        let rotation: KeyRotation
        do { rotation = try KeyRotation.sign(from: old, to: new) } catch { throw RegistryError(.io, "", error.message) }
        return try editIndex { (index: inout RegistryIndex) throws(RegistryError) -> Bool in
            if index.rotations.contains(where: { $0.from == rotation.from && $0.to == rotation.to }) { return false }
            index.rotations.append(rotation)
            return true
        }
    }

    /// Marks `version` of `id` as withdrawn in the signed index (`termini yank`): clients never install it, and those
    /// running it go back to the newest version that is not withdrawn at their next launch. The archive stays, so
    /// the index never names a missing file. Returns false when it was withdrawn already.
    @discardableResult
    public func yank(id: String, version: String) throws(RegistryError) -> Bool {
        try requireIndex()
        return try editIndex { (index: inout RegistryIndex) throws(RegistryError) -> Bool in
            let found = try release(id, version, in: index)
            if found.withdrawn { return false }
            index.apps[id]?.releases[found.version]?.withdrawn = true
            return true
        }
    }

    /// The published release of `version` of `id` in `index`, or an error naming what is published.
    private func release(_ id: String, _ version: String, in index: RegistryIndex) throws(RegistryError) -> RegistryIndex.Release {
        guard let app = index.apps[id] else {
            let known = index.apps.keys.sorted()
            throw RegistryError(.notFound, id, "no app '\(id)' is published in \(folder) (published: \(known.isEmpty ? "none" : known.joined(separator: ", ")))")
        }
        guard let release = app.release(version) else {
            throw RegistryError(.notFound, id, "\(id) \(version) is not published (published: \(app.versionList))")
        }
        return release
    }

    private func requireIndex() throws(RegistryError) {
        guard FileManager.default.fileExists(atPath: indexPath) else {
            throw RegistryError(.notFound, indexPath, "no registry index here: nothing is published in \(folder)")
        }
    }

    /// Moves `version` of `id` from channel `from` to channel `to` and re-signs the index; the archive is not
    /// touched (`termini promote`). Returns false when it was on `to` already.
    @discardableResult
    public func promote(id: String, version: String, from: String, to: String) throws(RegistryError) -> Bool {
        for (flag, name) in [("--from", from), ("--to", to)] where !RegistryIndex.isValidChannel(name) {
            throw RegistryError(.config, flag, "'\(name)' is not a channel name (lowercase letters, digits and '-', starting with a letter)")
        }
        try requireIndex()
        return try editIndex { (index: inout RegistryIndex) throws(RegistryError) -> Bool in
            let found = try release(id, version, in: index)
            if found.channel == to { return false }
            guard found.channel == from else {
                throw RegistryError(.conflict, id, "\(id) \(found.version) is on channel \(found.channel), not \(from); nothing was changed")
            }
            index.apps[id]?.releases[found.version]?.channel = to
            return true
        }
    }

    /// Sets the percentage of installs `version` of `id` reaches and re-signs the index (`termini rollout`).
    /// Returns false when it was that already.
    @discardableResult
    public func setRollout(id: String, version: String, percent: Int) throws(RegistryError) -> Bool {
        if let problem = RegistryIndex.rolloutProblem(percent) { throw RegistryError(.config, "rollout", problem) }
        try requireIndex()
        return try editIndex { (index: inout RegistryIndex) throws(RegistryError) -> Bool in
            let found = try release(id, version, in: index)
            if found.rollout == percent { return false }
            index.apps[id]?.releases[found.version]?.rollout = percent
            return true
        }
    }

    /// The registry's current index, or an empty one for a new registry.
    public func readIndex() throws(RegistryError) -> RegistryIndex {
        guard let data = FileManager.default.contents(atPath: indexPath) else {
            if FileManager.default.fileExists(atPath: indexPath) { throw RegistryError(.io, indexPath, "cannot be read") }
            return RegistryIndex()
        }
        return try RegistryIndex(data: data, location: indexPath)
    }

    /// Stores every file of the bundle extracted in `folder` as `files/<sha256>`, unless a file of that content is
    /// there already (files are shared between versions and apps), and returns the list the index carries.
    private func storeFiles(of folder: String) throws(RegistryError) -> [String: RegistryIndex.BundleFile] {
        let filesFolder = self.folder + "/files"
        do { try StoreFileOperations.makeDirectories(filesFolder) } catch { throw RegistryError(.io, filesFolder, error.message) }
        var files: [String: RegistryIndex.BundleFile] = [:]
        for path in FileManager.default.subpaths(atPath: folder) ?? [] where !StoreFileOperations.isDirectory(folder + "/" + path) {
            let (sha, size) = try Self.digest(of: folder + "/" + path)
            let stored = self.folder + "/" + RegistryIndex.filePath(sha256: sha)
            // A file whose content does not match its name (a torn copy, an edit) is replaced.
            if (try? Self.digest(of: stored))?.0 != sha { try Self.copyAtomically(folder + "/" + path, to: stored) }
            files[path] = RegistryIndex.BundleFile(sha256: sha, size: size)
        }
        return files
    }

    /// Runs every install check, extracting into `scratch`, so a registry never serves a bundle clients would refuse.
    private func checkBundle(_ archive: String, extractingInto scratch: String) throws(RegistryError) -> BundleManifest {
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
