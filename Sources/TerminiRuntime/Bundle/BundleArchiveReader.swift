import Crypto
import Foundation
import ZIPFoundation

/// A bundle zip opened for reading, with every entry checked before anything is extracted: safe relative paths,
/// no links, no duplicates, the entry count limit, and deflate streams that end (`DeflateStreamCheck`). Byte limits are
/// enforced while inflating.
struct BundleArchiveReader: BundleContents {
    let archive: Archive
    /// The archive path, used as the location of errors.
    let location: String
    let limits: ExtractionLimits
    /// Regular-file entries by normalised path, in archive order.
    let files: [(path: String, entry: Entry)]

    init(path: String, limits: ExtractionLimits) throws(BundleError) {
        location = path
        self.limits = limits
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
            throw BundleError(.notAnArchive, path, "no such file")
        }
        // ZIPFoundation never returns from scanning a folder for a zip directory.
        guard !isFolder.boolValue else { throw BundleError(.notAnArchive, path, "is a folder, not a zip archive") }
        // Before ZIPFoundation, which would scan the whole of a large file that is not a zip.
        if let problem = ZipEndRecord.problem(inFileAt: path) { throw BundleError(.notAnArchive, path, problem) }
        do { archive = try Archive(url: URL(fileURLWithPath: path), accessMode: .read) } catch {
            throw BundleError(.notAnArchive, path, "not a zip archive, or the archive is truncated or corrupt")
        }
        var files: [(String, Entry)] = []
        var seen = Set<String>()
        var count = 0
        var listed: [Entry] = []
        for entry in archive {
            count += 1
            listed.append(entry)
            if count > limits.maxEntries {
                throw BundleError(.limitExceeded, path, "more than \(limits.maxEntries) entries")
            }
            let raw = entry.path
            let normalised: String
            switch BundleEntryPath.validate(raw) {
            case .success(let p): normalised = p
            case .failure(let reason): throw BundleError(.unsafeEntry, "\(path): \(raw.debugDescription)", "rejected entry: \(reason)")
            }
            switch entry.type {
            case .symlink:
                throw BundleError(.unsafeEntry, "\(path): \(raw)", "rejected entry: symbolic links are not allowed in bundles")
            case .directory:
                continue
            case .file:
                break
            }
            guard seen.insert(normalised).inserted else {
                throw BundleError(.unsafeEntry, "\(path): \(raw)", "rejected entry: the path occurs more than once")
            }
            // Cheap early rejection from the header; the real check happens on inflated bytes.
            if entry.uncompressedSize > UInt64(limits.maxFileBytes) {
                throw BundleError(.limitExceeded, "\(path): \(raw)", "entry is larger than the \(Self.megabytes(limits.maxFileBytes)) per-file limit")
            }
            files.append((normalised, entry))
        }
        // Before anything is inflated: ZIPFoundation never returns from a deflate stream that outlasts the file.
        try DeflateStreamCheck.check(path: path, entries: listed, maxFileBytes: limits.maxFileBytes)
        self.files = files
    }

    func entry(_ path: String) -> Entry? { files.first { $0.path == path }?.entry }

    /// Reads one small entry fully into memory, e.g. `manifest.json`; nil when the archive has no such file.
    func readSmallFile(_ path: String, maxBytes: Int) throws(BundleError) -> Data? {
        guard let entry = entry(path) else { return nil }
        var data = Data()
        do {
            _ = try archive.extract(entry, skipCRC32: false) { chunk in
                data.append(chunk)
                if data.count > maxBytes { throw BundleError(.limitExceeded, "\(location): \(path)", "larger than \(maxBytes) bytes") }
            }
        } catch let e as BundleError { throw e } catch {
            throw BundleError(.notAnArchive, "\(location): \(path)", "cannot be read: \(error)")
        }
        return data
    }

    /// Inflates every file into `folder` (which must exist and be empty) and returns the SHA-256 of each, in hex.
    /// Sizes are counted on the inflated bytes, so a header that lies about the size does not help a zip bomb.
    func extractAll(into folder: String) throws(BundleError) -> [String: String] {
        var extraction = ExtractionFolder(folder, limits: limits)
        for (path, entry) in files {
            let where_ = location(of: path)
            try extraction.write(path, location: where_, unreadable: { error in
                BundleError(.notAnArchive, where_, "cannot be inflated (the archive is corrupt or truncated): \(error)")
            }) { consume in
                _ = try archive.extract(entry, bufferSize: 64 << 10, skipCRC32: true) { chunk in try consume(chunk) }
            }
        }
        return extraction.hashes
    }

    func location(of path: String) -> String { "\(location): \(path)" }

    static func hex(_ digest: SHA256.Digest) -> String {
        var s = ""
        s.reserveCapacity(64)
        for byte in digest {
            s.append(hexDigits[Int(byte >> 4)])
            s.append(hexDigits[Int(byte & 0xf)])
        }
        return s
    }

    private static let hexDigits: [Character] = Array("0123456789abcdef")

    static func megabytes(_ bytes: Int64) -> String {
        if bytes >= 1 << 20 && bytes % (1 << 20) == 0 { return "\(bytes >> 20) MB" }
        if bytes >= 1 << 10 && bytes % (1 << 10) == 0 { return "\(bytes >> 10) KB" }
        return "\(bytes)-byte"
    }
}
