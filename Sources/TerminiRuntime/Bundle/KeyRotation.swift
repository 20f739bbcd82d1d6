import Foundation

/// A statement, signed by an old publisher key, that bundles signed by a new key may replace apps pinned to the old
/// one: the registry's key rotation, applied per app. Kept in the registry's signed index (`rotations`); made with
/// `termini rotate-key`.
///
/// The signature is over the exact bytes `termini.key-rotation/1\n<old key, base64>\n<new key, base64>\n`, so a
/// rotation cannot be turned around or pointed at another key without the old key.
public struct KeyRotation: Equatable, Sendable {
    public static let format = "termini.key-rotation/1"
    public var from: BundlePublicKey
    public var to: BundlePublicKey
    /// Ed25519 signature by `from` over `statement`.
    public var signature: Data

    public init(from: BundlePublicKey, to: BundlePublicKey, signature: Data) {
        self.from = from
        self.to = to
        self.signature = signature
    }

    /// Signs a rotation from `old`'s key to `new`.
    public static func sign(from old: BundleSigningKey, to new: BundlePublicKey) throws(BundleError) -> KeyRotation {
        KeyRotation(from: old.publicKey, to: new, signature: try old.signature(for: statement(from: old.publicKey, to: new)))
    }

    static func statement(from: BundlePublicKey, to: BundlePublicKey) -> Data {
        Data("\(format)\n\(from.rawRepresentation.base64EncodedString())\n\(to.rawRepresentation.base64EncodedString())\n".utf8)
    }

    /// Whether the old key really signed this rotation.
    public var isValid: Bool { from.isValidSignature(signature, for: Self.statement(from: from, to: to)) }

    /// Whether `rotations` hand `pinned` over to `signer`, directly or through a chain of rotations, each signed by
    /// the key it leaves. Invalid rotations never count.
    public static func allows(from pinned: BundlePublicKey, to signer: BundlePublicKey, through rotations: [KeyRotation]) -> Bool {
        var reached: Set<BundlePublicKey> = [pinned]
        var frontier = [pinned]
        let valid = rotations.filter(\.isValid)
        while let key = frontier.popLast() {
            if key == signer { return true }
            for rotation in valid where rotation.from == key && !reached.contains(rotation.to) {
                reached.insert(rotation.to)
                frontier.append(rotation.to)
            }
        }
        return false
    }
}
