import Foundation
import TerminiTemplate

/// The contents of `<store>/apps/<id>/current`: which version runs, the earlier versions to roll back to, and
/// whether the current version has completed a launch.
///
/// It is one small JSON file replaced by write-to-temp + rename, rather than a symlink, because a single rename then
/// switches the current version *and* the rollback history together. It is the store's only source of truth: a
/// version folder that this file does not name is debris from an interrupted install and is removed by cleanup.
///
/// ```json
/// {"format": "termini.app-pointer/1", "current": "1.1.0", "previous": ["1.0.0"], "launchConfirmed": false}
/// ```
public struct AppPointer: Equatable, Sendable {
    public static let format = "termini.app-pointer/1"
    public var current: String
    /// Older versions, most recent last; `rollback` returns to the last one.
    public var previous: [String]
    /// Set by the host once the current version has shown its first frame (CodePush's notifyAppReady).
    public var launchConfirmed: Bool

    public init(current: String, previous: [String] = [], launchConfirmed: Bool = false) {
        self.current = current
        self.previous = previous
        self.launchConfirmed = launchConfirmed
    }

    /// Every version this pointer keeps on disk.
    public var versions: [String] { previous + [current] }

    var data: Data {
        let json: JSONValue = .object([
            "format": .string(Self.format), "current": .string(current),
            "previous": .array(previous.map { .string($0) }), "launchConfirmed": .bool(launchConfirmed),
        ])
        return Data((json.prettySerialized() + "\n").utf8)
    }

    init(data: Data, path: String) throws(BundleError) {
        func bad(_ m: String) -> BundleError { BundleError(.storeUnavailable, path, "corrupt app pointer: \(m)") }
        guard let text = String(data: data, encoding: .utf8), let json = try? JSONValue.parse(text) else { throw bad("not JSON") }
        guard json["format"]?.stringValue == Self.format else { throw bad("$.format is not \"\(Self.format)\"") }
        guard let current = json["current"]?.stringValue, SemanticVersion(current) != nil else { throw bad("$.current is not a version") }
        guard case .array(let items)? = json["previous"] else { throw bad("$.previous is not an array") }
        var previous: [String] = []
        for item in items {
            guard let v = item.stringValue, SemanticVersion(v) != nil else { throw bad("$.previous holds a non-version") }
            previous.append(v)
        }
        self.init(current: current, previous: previous, launchConfirmed: json["launchConfirmed"]?.isTruthy ?? false)
    }
}
