import Foundation
import NIOSSH

/// The public keys an OpenSSH `authorized_keys` file lets in. A line may start with options (`no-pty,from="…"`),
/// which are not applied: the server runs apps only, so what they restrict is never offered.
public struct AuthorizedKeys: Sendable {
    /// The keys, by their fingerprint.
    public let fingerprints: Set<String>
    /// Lines that were skipped, as `file:line: warning: …` (key types the SSH library cannot check, such as ssh-rsa).
    public let warnings: [String]

    /// Key types the SSH library verifies.
    static let supportedTypes: Set<String> = ["ssh-ed25519", "ecdsa-sha2-nistp256", "ecdsa-sha2-nistp384", "ecdsa-sha2-nistp521"]
    /// Key types OpenSSH knows that are skipped with a warning instead of stopping the start.
    static let knownUnsupportedTypes: Set<String> = ["ssh-rsa", "ssh-dss", "sk-ssh-ed25519@openssh.com", "sk-ecdsa-sha2-nistp256@openssh.com"]

    /// Reads `path`; a malformed line is an error naming the file and line.
    public static func load(path: String) throws(ServeError) -> AuthorizedKeys {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
            throw ServeError("\(path): error: cannot read the authorized keys file")
        }
        return try parse(text, source: path)
    }

    /// Reads the text of an authorized_keys file; `source` names it in messages.
    public static func parse(_ text: String, source: String) throws(ServeError) -> AuthorizedKeys {
        var fingerprints = Set<String>()
        var warnings: [String] = []
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.trimmingCharacters(in: .whitespaces)
            if line.isEmpty || line.hasPrefix("#") { continue }
            let place = "\(source):\(index + 1)"
            let tokens = line.split(whereSeparator: \.isWhitespace).map(String.init)
            guard let typeIndex = tokens.firstIndex(where: { supportedTypes.contains($0) || knownUnsupportedTypes.contains($0) }),
                  typeIndex + 1 < tokens.count
            else { throw ServeError("\(place): error: no public key on this line (expected 'ssh-ed25519 AAAA… comment')") }
            let type = tokens[typeIndex]
            if knownUnsupportedTypes.contains(type) {
                warnings.append("\(place): warning: \(type) keys are not supported; the line is skipped (use ssh-ed25519 or ecdsa)")
                continue
            }
            do {
                let key = try NIOSSHPublicKey(openSSHPublicKey: type + " " + tokens[typeIndex + 1])
                fingerprints.insert(SSHKeyFingerprint.of(key))
            } catch {
                throw ServeError("\(place): error: the \(type) key does not decode: \(error)")
            }
        }
        return AuthorizedKeys(fingerprints: fingerprints, warnings: warnings)
    }
}
