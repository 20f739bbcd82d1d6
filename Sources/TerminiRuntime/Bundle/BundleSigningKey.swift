import Crypto
import Foundation

/// An Ed25519 public key that bundles are verified against, read from a `.pub` file.
///
/// Key file format (both files are UTF-8 text, two lines):
/// ```
/// termini-ed25519-public-key/1        (or termini-ed25519-private-key/1)
/// <base64 of the 32-byte raw key>
/// ```
/// The private file holds the raw 32-byte seed (`Curve25519.Signing.PrivateKey.rawRepresentation`).
public struct BundlePublicKey: Hashable, Sendable {
    public static let header = "termini-ed25519-public-key/1"
    public let rawRepresentation: Data

    init(derived key: Curve25519.Signing.PublicKey) { rawRepresentation = key.rawRepresentation }

    public init(rawRepresentation: Data) throws(BundleError) {
        guard (try? Curve25519.Signing.PublicKey(rawRepresentation: rawRepresentation)) != nil else {
            throw BundleError(.badKey, "", "not a 32-byte Ed25519 public key")
        }
        self.rawRepresentation = rawRepresentation
    }

    /// Short, stable name for messages: the first 8 bytes of the key's SHA-256, in hex.
    public var fingerprint: String { SHA256.hash(data: rawRepresentation).prefix(8).map { String(format: "%02x", $0) }.joined() }

    public var fileText: String { "\(Self.header)\n\(rawRepresentation.base64EncodedString())\n" }

    public init(fileText: String, path: String) throws(BundleError) {
        let raw = try KeyFileFormat.decode(fileText, header: Self.header, path: path)
        do { try self.init(rawRepresentation: raw) } catch { throw BundleError(.badKey, path, error.message) }
    }

    public static func load(path: String) throws(BundleError) -> BundlePublicKey {
        try BundlePublicKey(fileText: try KeyFileFormat.read(path), path: path)
    }

    public func isValidSignature(_ signature: Data, for message: Data) -> Bool {
        guard let key = try? Curve25519.Signing.PublicKey(rawRepresentation: rawRepresentation) else { return false }
        return key.isValidSignature(signature, for: message)
    }
}

/// An Ed25519 private key that signs bundle manifests, read from or written to a `.key` file (mode 0600).
public struct BundleSigningKey: Sendable {
    public static let header = "termini-ed25519-private-key/1"
    /// The 32-byte seed; swift-crypto's key type is not Sendable, so it is rebuilt from this when signing.
    let seed: Data
    public let publicKey: BundlePublicKey

    public static func generate() -> BundleSigningKey { BundleSigningKey(key: Curve25519.Signing.PrivateKey()) }

    init(key: Curve25519.Signing.PrivateKey) {
        seed = key.rawRepresentation
        publicKey = BundlePublicKey(derived: key.publicKey)
    }

    public init(fileText: String, path: String) throws(BundleError) {
        let raw = try KeyFileFormat.decode(fileText, header: Self.header, path: path)
        guard let key = try? Curve25519.Signing.PrivateKey(rawRepresentation: raw) else {
            throw BundleError(.badKey, path, "not a 32-byte Ed25519 private key")
        }
        self.init(key: key)
    }

    public static func load(path: String) throws(BundleError) -> BundleSigningKey {
        try BundleSigningKey(fileText: try KeyFileFormat.read(path), path: path)
    }

    public var fileText: String { "\(Self.header)\n\(seed.base64EncodedString())\n" }

    public func signature(for message: Data) throws(BundleError) -> Data {
        do { return try Curve25519.Signing.PrivateKey(rawRepresentation: seed).signature(for: message) } catch {
            throw BundleError(.badKey, "", "signing failed: \(error)")
        }
    }

    /// Writes `<prefix>.key` (0600) and `<prefix>.pub` (0644). Refuses to replace either file, so an existing
    /// key that signed released bundles can never be lost by a repeated `keygen`.
    public func write(prefix: String) throws(BundleError) {
        let keyPath = prefix + ".key", pubPath = prefix + ".pub"
        for path in [keyPath, pubPath] where FileManager.default.fileExists(atPath: path) {
            throw BundleError(.keyExists, path, "already exists; refusing to overwrite a key (choose another --out)")
        }
        try KeyFileFormat.createExclusively(keyPath, contents: fileText, mode: 0o600)
        do { try KeyFileFormat.createExclusively(pubPath, contents: publicKey.fileText, mode: 0o644) } catch {
            unlink(keyPath)
            throw error
        }
    }
}

/// Reading and writing the two-line key files.
enum KeyFileFormat {
    static func decode(_ text: String, header: String, path: String) throws(BundleError) -> Data {
        let lines = text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
        guard lines.count == 2, lines[0] == header else {
            throw BundleError(.badKey, path, "not a Termini key file (expected the header line '\(header)' and one base64 line)")
        }
        guard let raw = Data(base64Encoded: lines[1]) else {
            throw BundleError(.badKey, "\(path):2", "the key is not valid base64")
        }
        return raw
    }

    static func read(_ path: String) throws(BundleError) -> String {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw BundleError(.badKey, path, "cannot be read (missing or not permitted)")
        }
        guard data.count < 4096, let text = String(data: data, encoding: .utf8) else {
            throw BundleError(.badKey, path, "not a Termini key file")
        }
        return text
    }

    static func createExclusively(_ path: String, contents: String, mode: mode_t) throws(BundleError) {
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode)
        guard fd >= 0 else {
            let reason = String(cString: strerror(errno))
            throw BundleError(errno == EEXIST ? .keyExists : .io, path, "cannot create: \(reason)")
        }
        defer { close(fd) }
        // open() applies the umask; set the mode explicitly so a private key is never group-readable.
        fchmod(fd, mode)
        let bytes = Array(contents.utf8)
        guard write(fd, bytes, bytes.count) == bytes.count else {
            unlink(path)
            throw BundleError(.io, path, "write failed: \(String(cString: strerror(errno)))")
        }
    }
}
