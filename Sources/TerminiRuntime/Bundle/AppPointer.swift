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
/// {"format": "termini.app-pointer/1", "current": "1.1.0", "previous": ["1.0.0"], "launchConfirmed": false,
///  "launchAttempt": {"pid": 4242, "started": "123456"},
///  "failed": {"1.0.2": {"reason": "Script error: boom at main.js:1", "at": "2025-01-02T03:04:05Z"}},
///  "signer": "<base64 Ed25519 public key>", "kept": ["0.9.0"], "held": "1.2.0"}
/// ```
/// `launchAttempt`, `failed`, `signer`, `kept` and `held` are optional, so a pointer written before they existed still reads.
public struct AppPointer: Equatable, Sendable {
    public static let format = "termini.app-pointer/1"
    public var current: String
    /// Older versions, most recent last; `rollback` returns to the last one.
    public var previous: [String]
    /// Set by the host once the current version has shown its first frame (CodePush's notifyAppReady).
    public var launchConfirmed: Bool
    /// The process running the current version's unconfirmed first launch. If that process has ended and the launch
    /// is still unconfirmed, it died before a clean frame (a crash, a kill): the next start rolls back.
    public var launchAttempt: LaunchAttempt?
    /// Versions that failed their first launch here, by version: updates never install them again.
    public var failed: [String: FailedVersion]
    /// Versions pinned with `termini keep`: never pruned while pinned.
    public var kept: [String] = []
    /// A downloaded update that adds permissions or request domains, on disk but not current until the user approves
    /// it (`AppStore.approveHeld`).
    public var held: String?
    /// The publisher key the app is pinned to: the one that signed its first signed install. An install signed by
    /// another key is refused unless a rotation signed by this key allows it (`KeyRotation`).
    public var signer: BundlePublicKey?

    public init(current: String, previous: [String] = [], launchConfirmed: Bool = false,
                launchAttempt: LaunchAttempt? = nil, failed: [String: FailedVersion] = [:], signer: BundlePublicKey? = nil)
    {
        self.signer = signer
        self.current = current
        self.previous = previous
        self.launchConfirmed = launchConfirmed
        self.launchAttempt = launchAttempt
        self.failed = failed
    }

    /// Every version this pointer keeps on disk.
    public var versions: [String] { previous + [current] }

    /// The failure recorded for `version`, compared as semver (so `1.0.2+build.7` is `1.0.2`).
    public func failure(of version: String) -> FailedVersion? {
        guard let wanted = SemanticVersion(version) else { return nil }
        return failed.values.first { SemanticVersion($0.version) == wanted }
    }

    var data: Data {
        var members: [String: JSONValue] = [
            "format": .string(Self.format), "current": .string(current),
            "previous": .array(previous.map { .string($0) }), "launchConfirmed": .bool(launchConfirmed),
        ]
        if let launchAttempt {
            members["launchAttempt"] = .object(["pid": .number(Double(launchAttempt.pid)),
                                                "started": .string(launchAttempt.started)])
        }
        if !failed.isEmpty {
            members["failed"] = .object(failed.mapValues { .object(["reason": .string($0.reason), "at": .string($0.at)]) })
        }
        if let held { members["held"] = .string(held) }
        if !kept.isEmpty { members["kept"] = .array(kept.map { .string($0) }) }
        if let signer { members["signer"] = .string(signer.rawRepresentation.base64EncodedString()) }
        return Data((JSONValue.object(members).prettySerialized() + "\n").utf8)
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
        var attempt: LaunchAttempt?
        if let a = json["launchAttempt"] {
            guard let pid = a["pid"]?.intValue, pid > 0, pid <= Int(Int32.max), let started = a["started"]?.stringValue else {
                throw bad("$.launchAttempt needs a positive pid and a started string")
            }
            attempt = LaunchAttempt(pid: Int32(pid), started: started)
        }
        var failed: [String: FailedVersion] = [:]
        if let f = json["failed"] {
            guard case .object(let entries) = f else { throw bad("$.failed is not an object") }
            for (version, entry) in entries {
                guard SemanticVersion(version) != nil else { throw bad("$.failed holds a non-version key") }
                failed[version] = FailedVersion(version: version, reason: entry["reason"]?.stringValue ?? "",
                                                at: entry["at"]?.stringValue ?? "")
            }
        }
        var signer: BundlePublicKey?
        if let s = json["signer"] {
            guard let b64 = s.stringValue, let raw = Data(base64Encoded: b64), let key = try? BundlePublicKey(rawRepresentation: raw) else {
                throw bad("$.signer is not an Ed25519 public key")
            }
            signer = key
        }
        self.init(current: current, previous: previous, launchConfirmed: json["launchConfirmed"]?.isTruthy ?? false,
                  launchAttempt: attempt, failed: failed, signer: signer)
        if let h = json["held"] {
            guard let v = h.stringValue, SemanticVersion(v) != nil else { throw bad("$.held is not a version") }
            held = v
        }
        if let list = json["kept"] {
            guard case .array(let items) = list else { throw bad("$.kept is not an array") }
            for item in items {
                guard let v = item.stringValue, SemanticVersion(v) != nil else { throw bad("$.kept holds a non-version") }
                kept.append(v)
            }
        }
    }
}

/// A version that failed its first launch in this store, why, and when: the store's memory that keeps updates from
/// installing it again (CodePush's failed-update list).
public struct FailedVersion: Equatable, Sendable {
    public var version: String
    /// What the user was told: the script error, the invalid template, or how the process ended.
    public var reason: String
    /// When it failed, ISO 8601 in UTC.
    public var at: String

    public init(version: String, reason: String, at: String) {
        self.version = version
        self.reason = reason
        self.at = at
    }
}

/// The process that started an unconfirmed first launch: its pid and its start time, so that a pid reused by an
/// unrelated process later is not mistaken for the launch still running.
public struct LaunchAttempt: Equatable, Sendable {
    public var pid: Int32
    /// The process's start time in clock ticks since boot (`/proc/<pid>/stat`, field 22); "" when unknown.
    public var started: String

    public init(pid: Int32, started: String) {
        self.pid = pid
        self.started = started
    }

    /// This process.
    public static var current: LaunchAttempt { LaunchAttempt(pid: getpid(), started: startTime(of: getpid()) ?? "") }

    /// Whether the process that made this attempt is still running: the same pid with the same start time.
    public var isRunning: Bool {
        guard kill(pid, 0) == 0 || errno == EPERM else { return false }
        guard !started.isEmpty, let now = Self.startTime(of: pid) else { return true }
        return now == started
    }

    /// Field 22 of `/proc/<pid>/stat`, read after the command name's closing parenthesis (the name may hold spaces).
    static func startTime(of pid: Int32) -> String? {
        guard let data = FileManager.default.contents(atPath: "/proc/\(pid)/stat"),
              let text = String(data: data, encoding: .utf8), let close = text.lastIndex(of: ")") else { return nil }
        let fields = text[text.index(after: close)...].split(separator: " ")
        // After ")": state is field 3, so field 22 is at index 19.
        return fields.count > 19 ? String(fields[19]) : nil
    }
}
