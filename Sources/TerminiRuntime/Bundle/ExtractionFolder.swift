import Crypto
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Writes a bundle's files into an empty extraction folder: the one way both an archive and a rebuilt bundle are
/// unpacked. A file is never written through something that already exists (a link planted by another entry), the
/// size limits are counted on the bytes actually written (a header that lies about a size does not help a zip
/// bomb), and each file's SHA-256 is taken from those same bytes.
struct ExtractionFolder {
    let folder: String
    let limits: ExtractionLimits
    /// SHA-256 (hex) of every file written so far, by path.
    private(set) var hashes: [String: String] = [:]
    private var total: Int64 = 0
    private var createdDirectories = Set<String>()

    init(_ folder: String, limits: ExtractionLimits) {
        self.folder = folder
        self.limits = limits
    }

    /// Creates `path` (a validated relative path) and fills it with the chunks `produce` hands to its argument.
    /// `location` names the file in errors; `unreadable` turns a failure of `produce` itself into an error.
    mutating func write(_ path: String, location: String, unreadable: (any Error) -> BundleError,
                        produce: (_ consume: (Data) throws -> Void) throws -> Void) throws(BundleError)
    {
        let target = folder + "/" + path
        if let slash = path.lastIndex(of: "/") {
            let dir = String(path[..<slash])
            if !createdDirectories.contains(dir) {
                do { try FileManager.default.createDirectory(atPath: folder + "/" + dir, withIntermediateDirectories: true) } catch {
                    throw BundleError(.unsafeEntry, location, "conflicts with another entry (a file where a folder is needed)")
                }
                createdDirectories.insert(dir)
            }
        }
        // O_EXCL|O_NOFOLLOW: never write through something that already exists, link or not.
        let fd = open(target, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
        guard fd >= 0 else {
            throw BundleError(.unsafeEntry, location, "cannot be created (\(String(cString: strerror(errno)))); it conflicts with another entry")
        }
        var hasher = SHA256()
        var written: Int64 = 0
        var total = self.total
        let limits = self.limits
        do {
            defer { close(fd) }
            try produce { chunk in
                written += Int64(chunk.count)
                total += Int64(chunk.count)
                if written > limits.maxFileBytes {
                    throw BundleError(.limitExceeded, location, "inflates to more than the \(BundleArchiveReader.megabytes(limits.maxFileBytes)) per-file limit")
                }
                if total > limits.maxTotalBytes {
                    throw BundleError(.limitExceeded, location, "the bundle inflates to more than the \(BundleArchiveReader.megabytes(limits.maxTotalBytes)) total limit")
                }
                hasher.update(data: chunk)
                try chunk.withUnsafeBytes { buffer in
                    var offset = 0
                    while offset < buffer.count {
                        let n = Glibc.write(fd, buffer.baseAddress! + offset, buffer.count - offset)
                        if n < 0 {
                            if errno == EINTR { continue }
                            throw BundleError(.io, location, "write failed: \(String(cString: strerror(errno)))")
                        }
                        offset += n
                    }
                }
            }
        } catch let e as BundleError { throw e } catch {
            throw unreadable(error)
        }
        self.total = total
        hashes[path] = BundleArchiveReader.hex(hasher.finalize())
    }
}
