/// Validation of relative paths inside a bundle (archive entries and manifest `files` keys).
///
/// Only plain relative paths are accepted: no leading `/`, no `.`/`..`/empty components, no backslashes or control
/// characters. This is what stops zip-slip: an accepted path can only name something inside the extraction folder.
public enum BundleEntryPath {
    public static let maxBytes = 1024
    public static let maxComponentBytes = 255

    /// Why a path was rejected, as a short phrase such as "absolute path".
    public struct Rejection: Error, CustomStringConvertible, Sendable {
        public var description: String
    }

    /// Returns the normalised path (a directory entry's trailing `/` removed) or the reason it is rejected.
    public static func validate(_ raw: String) -> Result<String, Rejection> {
        if raw.isEmpty { return .failure(Rejection(description: "empty path")) }
        if raw.utf8.count > maxBytes { return .failure(Rejection(description: "path longer than \(maxBytes) bytes")) }
        if raw.hasPrefix("/") { return .failure(Rejection(description: "absolute path")) }
        if raw.unicodeScalars.contains(where: { $0 == "\\" || $0.value < 0x20 || $0.value == 0x7f }) {
            return .failure(Rejection(description: "backslash or control character in path"))
        }
        var path = Substring(raw)
        if path.hasSuffix("/") { path = path.dropLast() }
        let components = path.split(separator: "/", omittingEmptySubsequences: false)
        for c in components {
            if c.isEmpty { return .failure(Rejection(description: "empty path component")) }
            if c == "." || c == ".." { return .failure(Rejection(description: "'\(c)' path component")) }
            if c.utf8.count > maxComponentBytes { return .failure(Rejection(description: "path component longer than \(maxComponentBytes) bytes")) }
        }
        return .success(String(path))
    }
}
