import Foundation

/// Lets another thread stop a registry transfer: the background check at exit, Ctrl-C in `termini update`.
public final class RegistryCancellation: @unchecked Sendable {
    private let lock = NSLock()
    private var cancelled = false
    private var current: RegistryHTTP?

    public init() {}

    public func cancel() {
        lock.lock()
        cancelled = true
        let transfer = current
        lock.unlock()
        transfer?.cancel()
    }

    public var isCancelled: Bool {
        lock.lock(); defer { lock.unlock() }
        return cancelled
    }

    func run(_ transfer: RegistryHTTP) throws(RegistryError) -> RegistryHTTP.Response {
        lock.lock()
        if cancelled { lock.unlock(); throw RegistryError(.network, "", "cancelled") }
        current = transfer
        lock.unlock()
        defer { lock.lock(); current = nil; lock.unlock() }
        return try transfer.perform()
    }
}

/// Bytes of an archive received so far and its size from the index.
public typealias DownloadProgress = @Sendable (_ received: Int64, _ total: Int64) -> Void

/// Talks to registries for one store: fetches and verifies indexes (with ETags), downloads and verifies archives,
/// and installs them. Every step that fails leaves the store's apps as they were (docs/DISTRIBUTION.md).
public struct RegistryClient: Sendable {
    public var sources: RegistrySources
    /// `--timeout`: seconds any transfer (index, signature, archive) may go without a byte before it is given up.
    /// Each also has an overall deadline that scales with its size (`RegistryHTTP.deadline(timeout:size:)`).
    public var timeout: Double = 10
    /// How far past its size in the index an archive response may run before it is cut.
    public static let sizeMargin: Int64 = 64 << 10
    /// The largest archive URL install accepts: the installer's inflated-size limit plus the margin.
    public static let maxArchiveBytes: Int64 = ExtractionLimits.standard.maxTotalBytes + sizeMargin
    /// Receives warnings (an index whose signature did not check out); the CLI writes them to the log.
    public var warn: @Sendable (String) -> Void = { _ in }

    public init(store: AppStore) { sources = RegistrySources(store: store) }

    public var store: AppStore { sources.store }

    /// Whether the fetched index was new or confirmed by a 304.
    public enum Freshness: Equatable, Sendable { case downloaded, notModified }

    /// The registry's index: sent with If-None-Match when one is cached, so an unchanged index costs one 304. A new
    /// index is accepted only when its signature checks out against the registry's keys; a mismatch is retried once
    /// (a publish may have landed between the two files), then reported. Nothing is cached from a bad index.
    public func fetchIndex(_ source: RegistrySource, cancellation: RegistryCancellation = RegistryCancellation())
        throws(RegistryError) -> (index: RegistryIndex, freshness: Freshness)
    {
        let cached = sources.cachedIndex(source)
        var attempt = 0
        while true {
            attempt += 1
            let useCache = attempt == 1 ? cached : nil
            let headers = useCache?.etag.map { ["If-None-Match": $0] } ?? [:]
            let response = try cancellation.run(RegistryHTTP(
                url: source.indexURL, headers: headers, timeout: timeout, maxBytes: Int64(RegistryIndex.maxBytes),
                allowsRedirect: source.allowsRedirect))
            if response.status == 304, let useCache { return (useCache.index, .notModified) }
            guard response.status == 200 else {
                throw RegistryError(.network, source.indexURL.absoluteString, "HTTP \(response.status)")
            }
            let signature = try cancellation.run(RegistryHTTP(
                url: source.signatureURL, timeout: timeout, maxBytes: 4096, allowsRedirect: source.allowsRedirect))
            let location = "registry '\(source.name)' (\(source.indexURL.absoluteString))"
            do {
                try RegistryIndexSignature.verify(indexBytes: response.body,
                                                  signatureBytes: signature.status == 200 ? signature.body : nil,
                                                  trusted: source.trust, location: location)
            } catch {
                if attempt < 2 {
                    Thread.sleep(forTimeInterval: 0.3)
                    continue
                }
                throw error
            }
            let index = try RegistryIndex(data: response.body, location: location)
            sources.saveIndex(source, bytes: response.body, signature: signature.body, etag: response.etag)
            return (index, .downloaded)
        }
    }

    /// Downloads `release` into `<store>/downloads/` and checks its size and SHA-256 against the index. Returns the
    /// file, which the caller removes. The response is cut at the index's size plus `sizeMargin`.
    func download(_ release: RegistryIndex.Release, id: String, from source: RegistrySource,
                  cancellation: RegistryCancellation, progress: DownloadProgress?) throws(RegistryError) -> String
    {
        let url = source.archiveURL(release)
        let path = try newDownloadFile(id: id, version: release.version)
        var kept = false
        defer { if !kept { unlink(path) } }
        guard let file = FileHandle(forWritingAtPath: path) else { throw RegistryError(.io, path, "cannot be written") }
        let total = release.size
        var onBytes: RegistryHTTP.Progress?
        if let progress { onBytes = { received, _ in progress(received, total) } }
        let transfer = RegistryHTTP(url: url, timeout: timeout, maxBytes: release.size + Self.sizeMargin,
                                    expected: release.size, allowsRedirect: source.allowsRedirect, file: file, progress: onBytes)
        let response: RegistryHTTP.Response
        do {
            defer { try? file.close() }
            response = try cancellation.run(transfer)
        }
        guard response.status == 200 else { throw RegistryError(.network, url.absoluteString, "HTTP \(response.status)") }
        let (sha, size) = try RegistryPublisher.digest(of: path)
        guard size == release.size else {
            throw RegistryError(.mismatch, url.absoluteString, "\(size) bytes arrived but the index says \(release.size); refused")
        }
        guard sha == release.sha256 else {
            throw RegistryError(.mismatch, url.absoluteString, "SHA-256 \(sha.prefix(12))… does not match the index (\(release.sha256.prefix(12))…): the archive was altered; refused")
        }
        kept = true
        return path
    }

    /// Downloads, verifies and installs `release` of `id` as the app's current version (the previous one is kept for
    /// rollback; the first launch of the new one is on probation), and records the registry as the app's origin.
    public func install(id: String, release: RegistryIndex.Release, from source: RegistrySource, retryFailed: Bool = false,
                        rotations: [KeyRotation] = [], holdPermissionChanges: Bool = false, cancellation: RegistryCancellation = RegistryCancellation(),
                        progress: DownloadProgress? = nil) throws(RegistryError) -> InstallResult
    {
        // Checked again under the store's lock by the installer; this only saves the download.
        if !retryFailed, let failure = (try? store.pointer(for: id))??.failure(of: release.version) {
            throw RegistryError(.conflict, id, BundleInstaller.failedBeforeMessage(id, failure))
        }
        let path = try download(release, id: id, from: source, cancellation: cancellation, progress: progress)
        defer { unlink(path) }
        let location = source.archiveURL(release).absoluteString
        let result = try installArchive(path, location: location, trust: source.trust, retryFailed: retryFailed,
                                        rotations: rotations, holdPermissionChanges: holdPermissionChanges) { manifest throws(RegistryError) in
            guard manifest.id == id, SemanticVersion(manifest.version) == SemanticVersion(release.version) else {
                throw RegistryError(.mismatch, location,
                                    "the archive holds \(manifest.id) \(manifest.version), but the index lists it as \(id) \(release.version); refused")
            }
        }
        try sources.recordOrigin(id, registry: source.name)
        return result
    }

    /// Downloads one archive from a URL (no index: the bundle's own signature is the only check, as for a local file)
    /// and installs it.
    public func install(url: URL, trust: [BundlePublicKey], skipSignatureCheck: Bool = false, retryFailed: Bool = false,
                        cancellation: RegistryCancellation = RegistryCancellation(),
                        progress: (@Sendable (Int64, Int64?) -> Void)? = nil) throws(RegistryError) -> InstallResult
    {
        let path = try newDownloadFile(id: "url", version: "0")
        defer { unlink(path) }
        guard let file = FileHandle(forWritingAtPath: path) else { throw RegistryError(.io, path, "cannot be written") }
        let host = url.host?.lowercased()
        // Same rule as registries: the URL's own host, never https to http.
        let scheme = url.scheme?.lowercased()
        let transfer = RegistryHTTP(url: url, timeout: timeout, maxBytes: Self.maxArchiveBytes,
                                    allowsRedirect: { target in
                                        target.host?.lowercased() == host && (target.scheme?.lowercased() == scheme || target.scheme?.lowercased() == "https")
                                    },
                                    file: file, progress: progress)
        let response: RegistryHTTP.Response
        do {
            defer { try? file.close() }
            response = try cancellation.run(transfer)
        }
        guard response.status == 200 else { throw RegistryError(.network, url.absoluteString, "HTTP \(response.status)") }
        return try installArchive(path, location: url.absoluteString, trust: trust, skipSignatureCheck: skipSignatureCheck,
                                  retryFailed: retryFailed) { _ in }
    }

    private func installArchive(_ path: String, location: String, trust: [BundlePublicKey], skipSignatureCheck: Bool = false,
                                retryFailed: Bool, rotations: [KeyRotation] = [], holdPermissionChanges: Bool = false,
                                check: (BundleManifest) throws(RegistryError) -> Void) throws(RegistryError) -> InstallResult
    {
        var options = InstallOptions(trustedKeys: trust, skipSignatureCheck: skipSignatureCheck, retryFailed: retryFailed)
        options.rotations = rotations
        options.holdPermissionChanges = holdPermissionChanges
        let installer = BundleInstaller(store: store, options: options)
        func named(_ error: BundleError) -> RegistryError {
            RegistryError([.alreadyInstalled, .failedBefore, .publisherMismatch].contains(error.kind) ? .conflict : .install,
                          error.location.replacingOccurrences(of: path, with: location), error.message)
        }
        do { try check(try installer.verify(archivePath: path).manifest) } catch let error as BundleError {
            throw named(error)
        } catch let error as RegistryError {
            throw error
        } catch {
            throw RegistryError(.install, location, "\(error)")
        }
        do { return try installer.install(archivePath: path) } catch { throw named(error) }
    }

    /// A new file in `<store>/downloads/`, named after this process so that files of killed processes can be told
    /// apart and removed.
    private func newDownloadFile(id: String, version: String) throws(RegistryError) -> String {
        let folder = sources.downloadsFolder
        do { try StoreFileOperations.makeDirectories(folder) } catch { throw RegistryError(.io, folder, error.message) }
        removeDownloadsOfDeadProcesses()
        let path = folder + "/\(getpid())-\(UInt32.random(in: 0 ... .max))-\(id)-\(version).zip"
        guard FileManager.default.createFile(atPath: path, contents: nil) else {
            throw RegistryError(.io, path, "cannot be created")
        }
        return path
    }

    /// A process killed during a download leaves its partial file behind; the next download removes it.
    func removeDownloadsOfDeadProcesses() {
        let folder = sources.downloadsFolder
        for name in StoreFileOperations.children(folder) {
            guard let pid = Int32(name.prefix { $0 != "-" }) else { continue }
            if pid != getpid(), kill(pid, 0) != 0, errno == ESRCH { unlink(folder + "/" + name) }
        }
    }
}
