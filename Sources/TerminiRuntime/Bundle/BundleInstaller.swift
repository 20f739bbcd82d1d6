import Foundation
import TerminiTemplate

/// How an install is checked.
public struct InstallOptions: Sendable {
    /// Keys trusted in addition to `<store>/trusted/*.pub`.
    public var trustedKeys: [BundlePublicKey]
    /// Dev mode: skip the signature check (hashes, paths and limits are still enforced).
    public var skipSignatureCheck: Bool
    public var limits: ExtractionLimits
    /// The version `engine` requirements are checked against; the running engine's by default.
    public var engineVersion: SemanticVersion
    /// `--retry-failed`: install a version even though it failed its first launch here before.
    public var retryFailed: Bool
    /// Key rotations that may hand an app pinned to one publisher key over to another (a registry index's).
    public var rotations: [KeyRotation] = []
    /// Updates from a check (not an install the user asked for): a version whose manifest adds permissions or
    /// request domains is moved into place but held, not made current, until the user approves it.
    public var holdPermissionChanges = false

    public init(trustedKeys: [BundlePublicKey] = [], skipSignatureCheck: Bool = false,
                limits: ExtractionLimits = .standard, engineVersion: SemanticVersion = TerminiEngine.version,
                retryFailed: Bool = false)
    {
        self.trustedKeys = trustedKeys
        self.skipSignatureCheck = skipSignatureCheck
        self.limits = limits
        self.engineVersion = engineVersion
        self.retryFailed = retryFailed
    }
}

/// What an install did.
public struct InstallResult: Equatable, Sendable {
    public var id: String
    public var version: String
    /// The version that was current before, now kept for rollback; nil on a first install.
    public var previousVersion: String?
    /// The installed bundle folder.
    public var folder: String
    /// Set when the version was held for approval instead of made current: what it adds.
    public var held: PermissionChange? = nil
}

/// The points between install steps; tests stop an install at each to prove that a crash there changes nothing.
enum InstallStep: CaseIterable, Sendable {
    case locked, extracted, checked, movedIntoPlace
}

/// Installs bundle archives into an `AppStore`: verify, extract safely, check, move into place, swap the pointer.
///
/// The commit point is the rename of `apps/<id>/current`. Everything before it happens in `<store>/tmp` or in an
/// unreferenced version folder, so a crash at any step leaves the store's visible state unchanged, and the next
/// install (under the lock) removes the debris.
public struct BundleInstaller: Sendable {
    public var store: AppStore
    public var options: InstallOptions
    /// Test hook: returning true at a step abandons the install there without any cleanup, as SIGKILL would.
    var interruption: (@Sendable (InstallStep) -> Bool)?

    public static let maxManifestBytes = 1 << 20

    public init(store: AppStore, options: InstallOptions = InstallOptions()) {
        self.store = store
        self.options = options
    }

    static func interrupted(at step: InstallStep) -> BundleError {
        BundleError(.io, "", "simulated interruption after step \(step)")
    }

    /// A bundle whose entries, signature and manifest have been checked, ready to extract.
    struct VerifiedBundle {
        var contents: any BundleContents
        var manifestBytes: Data
        var manifest: BundleManifest
        /// The trusted key that signed it; nil when the signature check was skipped (`--dev`).
        var signer: BundlePublicKey?
    }

    /// Extracts a bundle archive into `folder` (created; it must not exist) with every install check, but without
    /// touching the store: for running a `.zip` directly. Trusted keys are the options' plus the store's.
    public func extractChecked(archivePath: String, into folder: String) throws(BundleError) -> BundleManifest {
        let verified = try verify(archivePath: archivePath)
        guard mkdir(folder, 0o755) == 0 else {
            throw BundleError(.io, folder, "cannot create the extraction folder: \(String(cString: strerror(errno)))")
        }
        do throws(BundleError) {
            let hashes = try verified.contents.extractAll(into: folder)
            try Self.checkFiles(hashes: hashes, verified: verified, staging: folder)
        } catch {
            StoreFileOperations.removeTree(folder)
            throw error
        }
        return verified.manifest
    }

    /// Step 1, before touching the store: a rejected bundle never creates or changes anything.
    func verify(archivePath: String) throws(BundleError) -> VerifiedBundle {
        try verify(try BundleArchiveReader(path: archivePath, limits: options.limits))
    }

    /// Step 1 for any bundle, archive or rebuilt: the signature over `manifest.json` and the manifest itself.
    func verify(_ contents: any BundleContents) throws(BundleError) -> VerifiedBundle {
        let location = contents.location
        guard let manifestBytes = try contents.readSmallFile("manifest.json", maxBytes: Self.maxManifestBytes) else {
            throw BundleError(.invalidBundle, location, "no manifest.json at the top of the archive: not a Termini bundle")
        }
        var signer: BundlePublicKey?
        if !options.skipSignatureCheck {
            guard let signatureBytes = try contents.readSmallFile("signature", maxBytes: 4096) else {
                throw BundleError(.missingSignature, location, "the bundle is not signed (pack it with --key, or install with --dev to skip verification)")
            }
            let signature = try BundleSignature(fileBytes: signatureBytes, location: contents.location(of: "signature"))
            let trusted = options.trustedKeys + (try store.trustedKeys())
            signer = try signature.verify(manifestBytes: manifestBytes, trusted: trusted, location: location)
        }
        let manifest = try Self.checkManifest(manifestBytes, location: contents.location(of: "manifest.json"), engineVersion: options.engineVersion)
        return VerifiedBundle(contents: contents, manifestBytes: manifestBytes, manifest: manifest, signer: signer)
    }

    public func install(archivePath: String) throws(BundleError) -> InstallResult {
        try install(verify(archivePath: archivePath))
    }

    /// Installs a bundle `verify` accepted: the one install path for archives and rebuilt bundles alike.
    func install(_ verified: VerifiedBundle) throws(BundleError) -> InstallResult {
        let (contents, manifest) = (verified.contents, verified.manifest)
        return try store.withLock { () throws(BundleError) -> InstallResult in
            store.removeDebris()
            if stop(.locked) { throw Self.interrupted(at: .locked) }
            // A pointer that does not read is replaced: installing again is how `termini list` says to repair it.
            let old = (try? store.pointer(for: manifest.id)) ?? nil
            var pointerIsFolder: ObjCBool = false
            if old == nil, FileManager.default.fileExists(atPath: store.pointerPath(manifest.id), isDirectory: &pointerIsFolder),
               pointerIsFolder.boolValue
            {
                StoreFileOperations.removeTree(store.pointerPath(manifest.id))
            }
            // Compared as semver, so `1.0.0+build.2` counts as the installed `1.0.0`.
            let incoming = SemanticVersion(manifest.version)
            if let old, let held = old.held, SemanticVersion(held) == incoming {
                throw BundleError(.alreadyInstalled, store.versionFolder(manifest.id, held),
                                  "\(manifest.id) \(held) is already downloaded and waits for approval ('termini update --approve \(manifest.id)'); nothing was changed")
            }
            if let old, let same = old.versions.first(where: { SemanticVersion($0) == incoming }) {
                let role = old.current == same ? "the current version" : "kept for rollback"
                throw BundleError(.alreadyInstalled, store.versionFolder(manifest.id, same),
                                  "\(manifest.id) \(same) is already installed (\(role)); nothing was changed")
            }
            if let old, let failure = old.failure(of: manifest.version), !options.retryFailed {
                throw BundleError(.failedBefore, store.appFolder(manifest.id), Self.failedBeforeMessage(manifest.id, failure))
            }

            // 2. Extract into the store's own tmp folder: same file system, so step 4 is an atomic rename.
            let staging = store.stagingFolder + "/install-\(getpid())-\(UInt32.random(in: 0 ... .max))"
            guard mkdir(staging, 0o755) == 0 else {
                throw BundleError(.storeUnavailable, staging, "cannot create a staging folder: \(String(cString: strerror(errno)))")
            }
            var committed = false
            var abandoned = false
            defer { if !committed && !abandoned { StoreFileOperations.removeTree(staging) } }
            let hashes = try contents.extractAll(into: staging)
            if stop(.extracted) { abandoned = true; throw Self.interrupted(at: .extracted) }

            // 3. Check the extracted bytes themselves against the verified manifest.
            try Self.checkFiles(hashes: hashes, verified: verified, staging: staging)
            if stop(.checked) { abandoned = true; throw Self.interrupted(at: .checked) }
            // After the integrity checks, so that a tampered bundle is named as such whoever signed it.
            if let pinned = old?.signer { try checkPublisher(manifest.id, pinned: pinned, signer: verified.signer) }

            // 4. Move into place. An unreferenced folder of the same name is debris and was removed above.
            let appFolder = store.appFolder(manifest.id)
            try StoreFileOperations.makeDirectories(appFolder)
            let destination = store.versionFolder(manifest.id, manifest.version)
            try StoreFileOperations.rename(staging, to: destination)
            committed = true // staging no longer exists; a failure below leaves an unreferenced folder.
            if stop(.movedIntoPlace) { throw Self.interrupted(at: .movedIntoPlace) }

            // An update that asks for more than the running version has is held for the user's approval.
            if options.holdPermissionChanges, let old,
               let running = try? BundleLoader.readManifest(folder: store.versionFolder(manifest.id, old.current))
            {
                let adds = PermissionChange(from: running, to: manifest)
                if !adds.isEmpty {
                    var pointer = old
                    let replaced = old.held
                    pointer.held = manifest.version
                    do throws(BundleError) { try StoreFileOperations.writeAtomically(pointer.data, to: store.pointerPath(manifest.id)) } catch {
                        StoreFileOperations.removeTree(destination)
                        throw error
                    }
                    if let replaced { StoreFileOperations.removeTree(store.versionFolder(manifest.id, replaced)) }
                    return InstallResult(id: manifest.id, version: manifest.version, previousVersion: old.current,
                                         folder: destination, held: adds)
                }
            }

            // 5. Swap the pointer: the single atomic commit.
            var pointer = AppPointer(current: manifest.version, signer: verified.signer ?? old?.signer)
            if let old {
                pointer.previous = old.previous + [old.current]
                // A retried version is on probation again; should it fail again, it is recorded again.
                pointer.failed = old.failed.filter { SemanticVersion($0.key) != incoming }
                pointer.kept = old.kept
                pointer.held = old.held.flatMap { SemanticVersion($0)! > incoming! ? $0 : nil }
            }
            do throws(BundleError) { try StoreFileOperations.writeAtomically(pointer.data, to: store.pointerPath(manifest.id)) } catch {
                StoreFileOperations.removeTree(destination)
                throw error
            }
            return InstallResult(id: manifest.id, version: manifest.version, previousVersion: old?.current, folder: destination)
        }
    }

    private func stop(_ step: InstallStep) -> Bool { interruption?(step) ?? false }

    /// An app is pinned to the key that signed its first install: a bundle signed by another key (or not checked at
    /// all) may not replace it and take over its storage, unless a rotation signed by the pinned key allows it.
    private func checkPublisher(_ id: String, pinned: BundlePublicKey, signer: BundlePublicKey?) throws(BundleError) {
        guard let signer else {
            throw BundleError(.publisherMismatch, store.appFolder(id),
                              "\(id) is pinned to publisher key \(pinned.fingerprint), which signed its first install; a bundle whose signature was not checked (--dev) cannot replace it")
        }
        guard signer != pinned, !KeyRotation.allows(from: pinned, to: signer, through: options.rotations) else { return }
        throw BundleError(.publisherMismatch, store.appFolder(id),
                          "\(id) is pinned to publisher key \(pinned.fingerprint), which signed its first install, but this bundle is signed by key \(signer.fingerprint); refused (a key rotation signed by \(pinned.fingerprint), 'termini rotate-key', allows the change)")
    }

    /// Why a version that failed its first launch is not installed, and how to install it anyway: the one wording
    /// for local, URL and registry installs.
    public static func failedBeforeMessage(_ id: String, _ failure: FailedVersion) -> String {
        "\(id) \(failure.version) failed its first launch here at \(failure.at) (\(failure.reason)) and is not installed again; "
            + "install it anyway with --retry-failed"
    }

    /// Decodes the verified manifest and checks what can be checked before extraction: the version is a semver
    /// (it becomes a folder name), every listed path is safe, and the engine requirement holds.
    static func checkManifest(_ bytes: Data, location: String, engineVersion: SemanticVersion) throws(BundleError) -> BundleManifest {
        guard let text = String(data: bytes, encoding: .utf8) else { throw BundleError(.badManifest, location, "not UTF-8") }
        let json: JSONValue
        do { json = try JSONValue.parse(text) } catch {
            throw BundleError(.badManifest, "\(location):\(error.line):\(error.column)", error.message)
        }
        let manifest: BundleManifest
        do { manifest = try BundleManifest(json: json, file: location) } catch { throw BundleError(.badManifest, location, error.message) }
        guard SemanticVersion(manifest.version) != nil else {
            throw BundleError(.badManifest, location, "$.version: '\(manifest.version)' is not a semantic version (MAJOR.MINOR.PATCH)")
        }
        guard let requirement = EngineRequirement(manifest.engine) else {
            throw BundleError(.badManifest, location, "$.engine: '\(manifest.engine)' is not a version requirement (e.g. \">=0.1.0\")")
        }
        guard requirement.isSatisfied(by: engineVersion) else {
            throw BundleError(.engineMismatch, location,
                              "\(manifest.id) \(manifest.version) needs engine \(manifest.engine), but this is engine \(engineVersion); update termini to install it")
        }
        for (path, hash) in manifest.files {
            if case .failure(let reason) = BundleEntryPath.validate(path) {
                throw BundleError(.badManifest, location, "$.files: \(path.debugDescription): \(reason)")
            }
            guard hash.count == 64, hash.allSatisfy({ "0123456789abcdef".contains($0) }) else {
                throw BundleError(.badManifest, location, "$.files.\(path): not a lowercase hex SHA-256")
            }
        }
        return manifest
    }

    static let unhashedFiles: Set<String> = ["manifest.json", "signature"]

    static func checkFiles(hashes: [String: String], verified: VerifiedBundle, staging: String) throws(BundleError) {
        let (contents, manifest) = (verified.contents, verified.manifest)
        // The extracted manifest must be the very bytes whose signature was checked.
        guard FileManager.default.contents(atPath: staging + "/manifest.json") == verified.manifestBytes else {
            throw BundleError(.hashMismatch, contents.location(of: "manifest.json"), "differs from the manifest that was verified")
        }
        for path in hashes.keys.sorted() where !unhashedFiles.contains(path) {
            guard let expected = manifest.files[path] else {
                throw BundleError(.unlistedFile, contents.location(of: path), "the file is not listed in manifest.json")
            }
            guard hashes[path] == expected else {
                throw BundleError(.hashMismatch, contents.location(of: path), "SHA-256 does not match manifest.json (the file was altered)")
            }
        }
        for path in manifest.files.keys.sorted() where hashes[path] == nil {
            throw BundleError(.missingFile, contents.location(of: path), "listed in manifest.json but missing from the bundle")
        }
        do { _ = try BundleLoader.load(folder: staging) } catch {
            let file = error.file.hasPrefix(staging + "/") ? String(error.file.dropFirst(staging.count + 1)) : error.file
            throw BundleError(.invalidBundle, contents.location(of: file), error.message)
        }
    }
}
