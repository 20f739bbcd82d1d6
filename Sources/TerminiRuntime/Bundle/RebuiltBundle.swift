import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A bundle put together from files on disk instead of a zip archive: a file-level update takes the files that did
/// not change from the installed version's folder and the others from downloads. It is installed through the same
/// checks as an archive (`BundleContents`): the signature over `manifest.json`, every file's hash against it, no file
/// unlisted or missing, the size limits, and loading the pages.
struct RebuiltBundle: BundleContents {
    /// One file of the bundle and where its bytes are read from.
    struct File {
        /// The path inside the bundle, already validated as an archive entry's path would be.
        var path: String
        /// The file on disk that holds its bytes: in an installed version's folder, or a download.
        var source: String
        /// Where it came from, for errors: the installed file's path or the URL it was downloaded from.
        var origin: String
    }

    let location: String
    let limits: ExtractionLimits
    let files: [File]

    /// Refuses what an archive reader would refuse before extracting: unsafe or repeated paths, too many files.
    init(location: String, files: [File], limits: ExtractionLimits) throws(BundleError) {
        guard files.count <= limits.maxEntries else { throw BundleError(.limitExceeded, location, "more than \(limits.maxEntries) entries") }
        var seen = Set<String>()
        for file in files {
            guard case .success(let normalised) = BundleEntryPath.validate(file.path), normalised == file.path else {
                throw BundleError(.unsafeEntry, "\(location): \(file.path.debugDescription)", "rejected entry: not a safe relative path")
            }
            guard seen.insert(file.path).inserted else {
                throw BundleError(.unsafeEntry, "\(location): \(file.path)", "rejected entry: the path occurs more than once")
            }
        }
        self.location = location
        self.files = files
        self.limits = limits
    }

    func location(of path: String) -> String {
        guard let file = files.first(where: { $0.path == path }) else { return "\(location): \(path)" }
        return "\(location): \(path) (from \(file.origin))"
    }

    func readSmallFile(_ path: String, maxBytes: Int) throws(BundleError) -> Data? {
        guard let file = files.first(where: { $0.path == path }) else { return nil }
        guard let handle = Self.open(file.source) else { throw BundleError(.io, location(of: path), "cannot be read") }
        defer { try? handle.close() }
        let data: Data
        do { data = try handle.read(upToCount: maxBytes + 1) ?? Data() } catch {
            throw BundleError(.io, location(of: path), "cannot be read: \(error)")
        }
        guard data.count <= maxBytes else { throw BundleError(.limitExceeded, location(of: path), "larger than \(maxBytes) bytes") }
        return data
    }

    func extractAll(into folder: String) throws(BundleError) -> [String: String] {
        var extraction = ExtractionFolder(folder, limits: limits)
        for file in files {
            let where_ = location(of: file.path)
            guard let handle = Self.open(file.source) else { throw BundleError(.io, where_, "cannot be read") }
            defer { try? handle.close() }
            try extraction.write(file.path, location: where_, unreadable: { error in
                BundleError(.io, where_, "cannot be read: \(error)")
            }) { consume in
                while let chunk = try handle.read(upToCount: 64 << 10), !chunk.isEmpty { try consume(chunk) }
            }
        }
        return extraction.hashes
    }

    /// Opens a regular file for reading without following a link: an installed folder holds no links, so one there
    /// was planted.
    private static func open(_ path: String) -> FileHandle? {
        let fd = Glibc.open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        return FileHandle(fileDescriptor: fd, closeOnDealloc: true)
    }
}
