import Foundation

/// What an install from a registry downloaded, against the whole archive: `termini update -v` prints it, and the
/// background check logs it.
public struct DownloadReport: Equatable, Sendable {
    /// Bytes received for this install: the files of a file-level update, plus the archive when it was downloaded
    /// (after a file-level update that fell back, both).
    public var downloaded: Int64 = 0
    /// The size of the whole archive, as the index gives it.
    public var archiveSize: Int64
    /// Files downloaded, when a file-level update installed the version; nil when the archive did.
    public var changedFiles: Int?
    /// Files in the bundle, `manifest.json` and `signature` included.
    public var totalFiles: Int?
    /// Why the whole archive was downloaded, when it was.
    public var archiveReason: String?

    public init(archiveSize: Int64) { self.archiveSize = archiveSize }

    /// "downloaded 12 KB of 2.0 MB (3 of 120 files changed; 2.0 MB saved)", or for an archive install
    /// "downloaded 2.0 MB of 2.0 MB: the whole archive (the index lists no files for this version)".
    public var summary: String {
        let amounts = "downloaded \(Self.size(downloaded)) of \(Self.size(archiveSize))"
        if let changedFiles, let totalFiles {
            return amounts + " (\(changedFiles) of \(totalFiles) files changed; \(Self.size(max(archiveSize - downloaded, 0))) saved)"
        }
        return amounts + ": the whole archive" + (archiveReason.map { " (\($0))" } ?? "")
    }

    /// A byte count as download messages write it: "812 bytes", "12 KB", "2.0 MB".
    public static func size(_ bytes: Int64) -> String {
        if bytes < 1 << 10 { return "\(bytes) bytes" }
        return bytes >= 1 << 20 ? String(format: "%.1f MB", Double(bytes) / 1048576) : String(format: "%.0f KB", Double(bytes) / 1024)
    }
}
