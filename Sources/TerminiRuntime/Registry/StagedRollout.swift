import Crypto
import Foundation

/// Staged rollout: a release with `rollout: N` reaches N % of installs. Each store has a stable random install id
/// (`<store>/install-id`); an install takes a release when the SHA-256 of its id, the app id and the version falls
/// in the first N % of the hash range. So the same install always gets the same answer for the same version, the
/// installs that get one version are a fresh draw from those that get the next, raising N only adds installs, and
/// 100 % reaches everyone.
public enum StagedRollout {
    /// Where in 0..<100 this install falls for `version` of `id`, in steps of 0.01.
    public static func position(installId: String, id: String, version: String) -> Double {
        let digest = SHA256.hash(data: Data("\(installId)\n\(id)\n\(version)".utf8))
        let value = digest.prefix(8).reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
        return Double(value % 10_000) / 100
    }

    /// Whether the install `installId` takes `version` of `id` rolled out to `percent` %.
    public static func includes(_ percent: Int, installId: String, id: String, version: String) -> Bool {
        percent >= 100 || position(installId: installId, id: id, version: version) < Double(percent)
    }
}

extension AppStore {
    /// This store's install id for staged rollouts: 32 random hex digits made on first use and kept in
    /// `<store>/install-id`. A store that cannot keep one (read-only) gets a fresh id each time, which still decides
    /// each check fairly.
    public func installId() -> String {
        let path = root + "/install-id"
        func read() -> String? {
            guard let data = FileManager.default.contents(atPath: path),
                  let text = String(data: data, encoding: .utf8)?.trimmingCharacters(in: .whitespacesAndNewlines),
                  text.count == 32, text.allSatisfy(\.isHexDigit) else { return nil }
            return text
        }
        if let id = read() { return id }
        let fresh = (0..<16).map { _ in String(format: "%02x", UInt8.random(in: 0 ... .max)) }.joined()
        // Two processes making it at once: the first rename wins and both use what is on disk afterwards.
        try? StoreFileOperations.makeDirectories(root)
        try? StoreFileOperations.writeAtomically(Data((fresh + "\n").utf8), to: path)
        return read() ?? fresh
    }
}
