import Foundation

/// The `signature` file of a bundle: an Ed25519 signature over the exact bytes of `manifest.json`.
///
/// Format (UTF-8 text):
/// ```
/// termini-signature/1 ed25519
/// key <base64 public key of the signer>
/// sig <base64 64-byte signature>
/// ```
/// The `key` line is only a hint that lets the installer tell "signed by a key you do not trust" apart from
/// "the manifest was altered"; trust always comes from the installer's own key list, never from this line.
public struct BundleSignature: Sendable {
    public static let header = "termini-signature/1 ed25519"
    public var signer: BundlePublicKey
    public var signature: Data

    public init(signer: BundlePublicKey, signature: Data) {
        self.signer = signer
        self.signature = signature
    }

    public static func sign(manifestBytes: Data, with key: BundleSigningKey) throws(BundleError) -> BundleSignature {
        BundleSignature(signer: key.publicKey, signature: try key.signature(for: manifestBytes))
    }

    public var fileText: String {
        "\(Self.header)\nkey \(signer.rawRepresentation.base64EncodedString())\nsig \(signature.base64EncodedString())\n"
    }

    public init(fileBytes: Data, location: String) throws(BundleError) {
        func bad(_ m: String) -> BundleError { BundleError(.badSignature, location, m) }
        guard fileBytes.count < 4096, let text = String(data: fileBytes, encoding: .utf8) else { throw bad("not a Termini signature file") }
        let lines = text.split(whereSeparator: \.isNewline).map(String.init)
        guard lines.count == 3, lines[0] == Self.header, lines[1].hasPrefix("key "), lines[2].hasPrefix("sig ") else {
            throw bad("not a Termini signature file (expected '\(Self.header)', 'key …' and 'sig …' lines)")
        }
        guard let keyBytes = Data(base64Encoded: String(lines[1].dropFirst(4))),
              let signer = try? BundlePublicKey(rawRepresentation: keyBytes) else { throw bad("line 2: malformed signer key") }
        guard let sig = Data(base64Encoded: String(lines[2].dropFirst(4))), sig.count == 64 else {
            throw bad("line 3: malformed signature (expected 64 bytes in base64)")
        }
        self.init(signer: signer, signature: sig)
    }

    /// Checks the signature against the trusted keys only, and returns the trusted key that made it. Distinguishes a
    /// bad signature from an untrusted signer.
    @discardableResult
    public func verify(manifestBytes: Data, trusted: [BundlePublicKey], location: String) throws(BundleError) -> BundlePublicKey {
        if let key = trusted.first(where: { $0.isValidSignature(signature, for: manifestBytes) }) { return key }
        if signer.isValidSignature(signature, for: manifestBytes) {
            throw BundleError(.untrustedKey, location,
                              "signed by key \(signer.fingerprint), which is not trusted (pass its .pub with --trust, or copy it into <store>/trusted/)")
        }
        throw BundleError(.badSignature, location, "the signature does not match manifest.json: the manifest or the signature was altered")
    }
}
