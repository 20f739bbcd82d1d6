import Foundation

/// What `termini run`, `snapshot` and the gallery were asked to open: an installed app by `minigame://` URL, a bundle
/// archive run without installing, or a bundle or project folder.
public enum LaunchTarget: Equatable, Sendable {
    case installed(id: String, page: String?, query: [String: String])
    case archive(path: String)
    case folder(path: String)

    public static let scheme = "minigame://"

    /// Classifies `text`: a `minigame://` URL, a path ending in `.zip` that is a file, or anything else as a folder.
    public static func parse(_ text: String) throws(LaunchError) -> LaunchTarget {
        if text.lowercased().hasPrefix(scheme) { return try parseURL(text) }
        var isDir: ObjCBool = false
        if text.lowercased().hasSuffix(".zip"), FileManager.default.fileExists(atPath: text, isDirectory: &isDir), !isDir.boolValue {
            return .archive(path: text)
        }
        return .folder(path: text)
    }

    /// `minigame://<id>[/<page>][?k=v&...]`; percent-escapes in the page and query are decoded.
    static func parseURL(_ text: String) throws(LaunchError) -> LaunchTarget {
        let rest = text.dropFirst(scheme.count)
        let (pathPart, queryPart) = rest.firstIndex(of: "?").map { (rest[..<$0], rest[rest.index(after: $0)...]) } ?? (rest, "")
        let components = pathPart.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        guard let id = components.first else {
            throw LaunchError("\(text): the URL names no app; expected minigame://<id>/<page>?k=v")
        }
        guard BundleManifest.isValidIdentifier(id) else {
            throw LaunchError("\(text): '\(id)' is not a valid app id (letters, digits, '-', '_' and '.', starting with a letter)")
        }
        guard components.count <= 2 else {
            throw LaunchError("\(text): too many path parts; expected minigame://<id>/<page>?k=v")
        }
        let page = components.count == 2 ? (components[1].removingPercentEncoding ?? components[1]) : nil
        return .installed(id: id, page: page, query: parseQuery(String(queryPart)))
    }

    /// `a=1&b=two` as a dictionary; percent-escapes and `+` (space) are decoded; a key without `=` maps to "".
    public static func parseQuery(_ text: String) -> [String: String] {
        var items: [String: String] = [:]
        for pair in text.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            func decode(_ s: Substring) -> String {
                let spaced = s.replacingOccurrences(of: "+", with: " ")
                return spaced.removingPercentEncoding ?? spaced
            }
            let key = decode(parts[0])
            guard !key.isEmpty else { continue }
            items[key] = parts.count > 1 ? decode(parts[1]) : ""
        }
        return items
    }
}

/// Why a launch target could not be opened, as one message for the user.
public struct LaunchError: Error, Equatable, CustomStringConvertible, Sendable {
    public var description: String
    public init(_ message: String) { description = message }
}
