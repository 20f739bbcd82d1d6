import Foundation

/// A bundle's files as an install reads them, whether they come from a zip archive (`BundleArchiveReader`) or are
/// rebuilt from an installed version's files and downloaded ones (`RebuiltBundle`): the installer verifies and
/// checks both the same way, so a file-level update is trusted exactly as far as a full install.
protocol BundleContents {
    /// Where the bundle comes from, for errors: an archive's path or URL.
    var location: String { get }
    /// Where one of its files comes from, for errors that name that file.
    func location(of path: String) -> String
    /// One small file fully in memory (e.g. `manifest.json`); nil when the bundle has no such file.
    func readSmallFile(_ path: String, maxBytes: Int) throws(BundleError) -> Data?
    /// Writes every file into `folder` (which must exist and be empty) and returns each one's SHA-256, in hex.
    func extractAll(into folder: String) throws(BundleError) -> [String: String]
}
