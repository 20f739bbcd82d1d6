import Foundation

/// A file-level update (docs/DISTRIBUTION.md): of the files the signed index lists for a release, those whose
/// SHA-256 the installed version already has are taken from its folder, and only the others are downloaded, from
/// `files/<sha256>`, each checked against its name and size. The bundle rebuilt from both goes through every check
/// an archive install makes (`RebuiltBundle`), so it is trusted exactly as far and installs the same bytes.
struct FileLevelUpdate {
    let id: String
    let release: RegistryIndex.Release
    /// The release's files by path, from the index.
    let files: [String: RegistryIndex.BundleFile]
    /// The installed version's files by SHA-256 (from its verified manifest): the file in its folder.
    let installed: [String: String]
    /// One entry per SHA-256 the installed version lacks, in path order.
    let downloads: [RegistryIndex.BundleFile]

    /// Paths whose bytes are downloaded (the "3" of "3 of 120 files changed").
    var changedFiles: Int { files.values.filter { installed[$0.sha256] == nil }.count }
    /// Bytes of the files to download.
    var downloadBytes: Int64 { downloads.reduce(0) { $0 + $1.size } }

    /// What one request costs besides its body (headers both ways, a round trip), in bytes, when a file-level update
    /// is weighed against one archive download.
    static let requestCost: Int64 = 1024

    /// The update from the app's installed current version to `release`, or why the whole archive is downloaded
    /// instead: the index lists no files for it, nothing usable is installed, or the changed files, with a
    /// `requestCost` for each request, come to more than half the archive (a small bundle, or most files changed:
    /// one archive request is then as good).
    static func plan(id: String, release: RegistryIndex.Release, store: AppStore) -> Plan {
        guard let files = release.files else { return .wholeArchive(because: "the index lists no files for \(release.version)") }
        guard let pointer = try? store.pointer(for: id) else { return .wholeArchive(because: "no installed version to take files from") }
        let folder = store.versionFolder(id, pointer.current)
        guard let manifest = try? BundleLoader.readManifest(folder: folder) else {
            return .wholeArchive(because: "the installed version \(pointer.current) has no readable manifest.json to take files from")
        }
        var installed: [String: String] = [:]
        for (path, sha) in manifest.files { installed[sha] = folder + "/" + path }
        var seen = Set<String>()
        let downloads = files.sorted { $0.key < $1.key }.map(\.value).filter { installed[$0.sha256] == nil && seen.insert($0.sha256).inserted }
        let update = FileLevelUpdate(id: id, release: release, files: files, installed: installed, downloads: downloads)
        guard update.downloadBytes + requestCost * Int64(downloads.count) <= release.size / 2 else {
            return .wholeArchive(because: "the \(downloads.count) changed files, \(DownloadReport.size(update.downloadBytes)), would save less than half the archive")
        }
        return .files(update)
    }

    /// How a release is downloaded: its changed files, or the whole archive and why.
    enum Plan {
        case files(FileLevelUpdate)
        case wholeArchive(because: String)
    }

    /// Downloads the missing files into `<store>/downloads/` (removed afterwards), rebuilds the bundle and hands it
    /// to `install`. `report` counts the bytes received, also when a later step fails.
    func install(client: RegistryClient, from source: RegistrySource, report: inout DownloadReport,
                 cancellation: RegistryCancellation, progress: DownloadProgress?,
                 install: (RebuiltBundle) throws(RegistryError) -> InstallResult) throws(RegistryError) -> InstallResult
    {
        var downloaded: [String: (file: String, url: URL)] = [:]
        defer { for piece in downloaded.values { unlink(piece.file) } }
        let total = downloadBytes
        var received: Int64 = 0
        for file in downloads {
            let url = source.fileURL(sha256: file.sha256)
            // Progress runs over all the files to download, not each one.
            var onBytes: DownloadProgress?
            if let progress { onBytes = { [received] bytes, _ in progress(received + bytes, total) } }
            let path = try client.downloadVerified(url, size: file.size, sha256: file.sha256, name: "\(id)-\(release.version)-\(file.sha256.prefix(16))",
                                                   from: source, cancellation: cancellation, progress: onBytes) { sha in
                "its content hashes to \(sha.prefix(12))…, not to the SHA-256 it is named by: the file was altered; refused"
            }
            downloaded[file.sha256] = (path, url)
            received += file.size
            report.downloaded = received
        }
        var parts: [RebuiltBundle.File] = []
        for (path, file) in files.sorted(by: { $0.key < $1.key }) {
            if let piece = downloaded[file.sha256] {
                parts.append(RebuiltBundle.File(path: path, source: piece.file, origin: piece.url.absoluteString))
            } else if let local = installed[file.sha256] {
                parts.append(RebuiltBundle.File(path: path, source: local, origin: local))
            }
        }
        let location = "\(id) \(release.version) rebuilt from \(source.url.absoluteString)\(RegistryIndex.filePath(sha256: ""))"
        let rebuilt: RebuiltBundle
        do { rebuilt = try RebuiltBundle(location: location, files: parts, limits: .standard) } catch {
            throw RegistryError(.install, error.location, error.message)
        }
        let result = try install(rebuilt)
        report.changedFiles = changedFiles
        report.totalFiles = files.count
        return result
    }
}
