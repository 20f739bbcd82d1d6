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
    /// Receives warnings: a file-level update that failed and fell back to the whole archive. The CLI writes them to
    /// standard error, the background check to the log.
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

    /// Downloads `release`'s archive into `<store>/downloads/` and checks its size and SHA-256 against the index.
    /// Returns the file, which the caller removes. The response is cut at the index's size plus `sizeMargin`.
    func download(_ release: RegistryIndex.Release, id: String, from source: RegistrySource,
                  cancellation: RegistryCancellation, progress: DownloadProgress?) throws(RegistryError) -> String
    {
        try downloadVerified(source.archiveURL(release), size: release.size, sha256: release.sha256, name: "\(id)-\(release.version).zip",
                             from: source, cancellation: cancellation, progress: progress) { sha in
            "SHA-256 \(sha.prefix(12))… does not match the index (\(release.sha256.prefix(12))…): the archive was altered; refused"
        }
    }

    /// Downloads `url` into a new file in `<store>/downloads/` named after `name`, then checks that exactly `size`
    /// bytes with SHA-256 `sha256` arrived; `altered` words the error for other bytes (given their SHA-256). The
    /// response is cut at `size` plus `sizeMargin`. Returns the file, which the caller removes.
    func downloadVerified(_ url: URL, size: Int64, sha256: String, name: String, from source: RegistrySource,
                          cancellation: RegistryCancellation, progress: DownloadProgress?,
                          altered: (String) -> String) throws(RegistryError) -> String
    {
        let path = try newDownloadFile(name)
        var kept = false
        defer { if !kept { unlink(path) } }
        guard let file = FileHandle(forWritingAtPath: path) else { throw RegistryError(.io, path, "cannot be written") }
        var onBytes: RegistryHTTP.Progress?
        if let progress { onBytes = { received, _ in progress(received, size) } }
        let transfer = RegistryHTTP(url: url, timeout: timeout, maxBytes: size + Self.sizeMargin,
                                    expected: size, allowsRedirect: source.allowsRedirect, file: file, progress: onBytes)
        let response: RegistryHTTP.Response
        do {
            defer { try? file.close() }
            response = try cancellation.run(transfer)
        }
        guard response.status == 200 else { throw RegistryError(.network, url.absoluteString, "HTTP \(response.status)") }
        let (sha, received) = try RegistryPublisher.digest(of: path)
        guard received == size else {
            throw RegistryError(.mismatch, url.absoluteString, "\(received) bytes arrived but the index says \(size); refused")
        }
        guard sha == sha256 else { throw RegistryError(.mismatch, url.absoluteString, altered(sha)) }
        kept = true
        return path
    }

    /// The bytes installing `release` of `id` is expected to download: the changed files when a file-level update
    /// applies, else the whole archive. Progress starts from it.
    public func expectedDownload(of release: RegistryIndex.Release, id: String) -> Int64 {
        if case .files(let update) = FileLevelUpdate.plan(id: id, release: release, store: store) { return update.downloadBytes }
        return release.size
    }

    /// Installs `release` of `id` as the app's current version (the previous one is kept for rollback; the first
    /// launch of the new one is on probation), and records the registry as the app's origin. When an older version
    /// is installed and the index lists the release's files, only the files that changed are downloaded and the
    /// bundle is rebuilt (`FileLevelUpdate`); any failure of that, but a refusal the archive would meet too, falls
    /// back to the whole archive with a warning. The report says what was downloaded.
    public func install(id: String, release: RegistryIndex.Release, from source: RegistrySource, retryFailed: Bool = false,
                        rotations: [KeyRotation] = [], holdPermissionChanges: Bool = false, cancellation: RegistryCancellation = RegistryCancellation(),
                        progress: DownloadProgress? = nil) throws(RegistryError) -> (result: InstallResult, download: DownloadReport)
    {
        // Checked again under the store's lock by the installer; this only saves the download.
        if !retryFailed, let failure = (try? store.pointer(for: id))??.failure(of: release.version) {
            throw RegistryError(.conflict, id, BundleInstaller.failedBeforeMessage(id, failure))
        }
        let location = source.archiveURL(release).absoluteString
        let matchesIndex = { (manifest: BundleManifest) throws(RegistryError) in
            guard manifest.id == id, SemanticVersion(manifest.version) == SemanticVersion(release.version) else {
                throw RegistryError(.mismatch, location,
                                    "the bundle holds \(manifest.id) \(manifest.version), but the index lists it as \(id) \(release.version); refused")
            }
        }
        func installBundle(_ open: () throws(BundleError) -> any BundleContents, replacing local: String? = nil) throws(RegistryError) -> InstallResult {
            try installContents(open, replacing: local, location: location, trust: source.trust, retryFailed: retryFailed,
                                rotations: rotations, holdPermissionChanges: holdPermissionChanges, check: matchesIndex)
        }
        var report = DownloadReport(archiveSize: release.size)
        var installed: InstallResult?
        switch FileLevelUpdate.plan(id: id, release: release, store: store) {
        case .files(let update):
            do throws(RegistryError) {
                installed = try update.install(client: self, from: source, report: &report, cancellation: cancellation,
                                               progress: progress) { rebuilt throws(RegistryError) in try installBundle({ rebuilt }) }
            } catch where error.kind != .conflict && !cancellation.isCancelled {
                warn("\(id) \(release.version): the file-level update failed: \(error); downloading the whole archive instead")
                report.archiveReason = "the file-level update failed: \(error.message)"
            }
        case .wholeArchive(let reason):
            report.archiveReason = reason
        }
        if installed == nil {
            let path = try download(release, id: id, from: source, cancellation: cancellation, progress: progress)
            defer { unlink(path) }
            report.downloaded += release.size
            let limits = ExtractionLimits.standard
            installed = try installBundle({ () throws(BundleError) in try BundleArchiveReader(path: path, limits: limits) }, replacing: path)
        }
        try sources.recordOrigin(id, registry: source.name)
        return (installed!, report)
    }

    /// Downloads one archive from a URL (no index: the bundle's own signature is the only check, as for a local file)
    /// and installs it.
    public func install(url: URL, trust: [BundlePublicKey], skipSignatureCheck: Bool = false, retryFailed: Bool = false,
                        cancellation: RegistryCancellation = RegistryCancellation(),
                        progress: (@Sendable (Int64, Int64?) -> Void)? = nil) throws(RegistryError) -> InstallResult
    {
        let path = try newDownloadFile("url.zip")
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
        let limits = ExtractionLimits.standard
        return try installContents({ () throws(BundleError) in try BundleArchiveReader(path: path, limits: limits) }, replacing: path,
                                   location: url.absoluteString, trust: trust, skipSignatureCheck: skipSignatureCheck,
                                   retryFailed: retryFailed) { _ in }
    }

    /// Verifies the bundle `open` gives, runs `check` on its manifest, and installs it: the one install path for a
    /// downloaded archive and a rebuilt bundle. Error locations name `location` instead of the local file `local`.
    private func installContents(_ open: () throws(BundleError) -> any BundleContents, replacing local: String? = nil,
                                 location: String, trust: [BundlePublicKey], skipSignatureCheck: Bool = false,
                                 retryFailed: Bool, rotations: [KeyRotation] = [], holdPermissionChanges: Bool = false,
                                 check: (BundleManifest) throws(RegistryError) -> Void) throws(RegistryError) -> InstallResult
    {
        var options = InstallOptions(trustedKeys: trust, skipSignatureCheck: skipSignatureCheck, retryFailed: retryFailed)
        options.rotations = rotations
        options.holdPermissionChanges = holdPermissionChanges
        let installer = BundleInstaller(store: store, options: options)
        func named(_ error: BundleError) -> RegistryError {
            let at = local.map { error.location.replacingOccurrences(of: $0, with: location) } ?? error.location
            return RegistryError([.alreadyInstalled, .failedBefore, .publisherMismatch].contains(error.kind) ? .conflict : .install, at, error.message)
        }
        let verified: BundleInstaller.VerifiedBundle
        do { verified = try installer.verify(try open()) } catch { throw named(error) }
        try check(verified.manifest)
        do { return try installer.install(verified) } catch { throw named(error) }
    }

    /// A new file in `<store>/downloads/`, named after this process so that files of killed processes can be told
    /// apart and removed.
    private func newDownloadFile(_ name: String) throws(RegistryError) -> String {
        let folder = sources.downloadsFolder
        do { try StoreFileOperations.makeDirectories(folder) } catch { throw RegistryError(.io, folder, error.message) }
        removeDownloadsOfDeadProcesses()
        let path = folder + "/\(getpid())-\(UInt32.random(in: 0 ... .max))-\(name)"
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
