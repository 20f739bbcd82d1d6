import Crypto
import Foundation
import NIOSSH

/// The server's Ed25519 host key in its file: read when the file exists, else generated and written with mode 0600.
///
/// The file is one line, `termini-ed25519-host-key <base64 of the 32-byte private key>`: the key never leaves this
/// server, so it needs no format another program reads. Clients see its public half and fingerprint, printed at start.
public struct HostKeyFile: Sendable {
    static let header = "termini-ed25519-host-key"

    /// The private key for the SSH handshake.
    public let privateKey: NIOSSHPrivateKey
    /// `ssh-ed25519 AAAA…`, for a client's known_hosts.
    public let publicKeyLine: String
    /// `SHA256:…`, as the client shows it on first connect.
    public let fingerprint: String
    /// Whether this start generated the key.
    public let generated: Bool

    /// Loads the key at `path`, or generates one there when no file exists.
    public static func loadOrGenerate(path: String) throws(ServeError) -> HostKeyFile {
        if FileManager.default.fileExists(atPath: path) { return try load(path: path) }
        let key = Curve25519.Signing.PrivateKey()
        let text = "\(header) \(key.rawRepresentation.base64EncodedString())\n"
        let folder = (path as NSString).deletingLastPathComponent
        do {
            if !folder.isEmpty { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) }
        } catch { throw ServeError("\(path): error: cannot create its folder: \(error.localizedDescription)") }
        // Created with 0600 from the start: the key is never readable by others, not even for a moment.
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL, 0o600)
        guard fd >= 0 else { throw ServeError("\(path): error: cannot create the host key: \(String(cString: strerror(errno)))") }
        let written = text.utf8CString.withUnsafeBufferPointer { write(fd, $0.baseAddress, $0.count - 1) }
        close(fd)
        guard written == text.utf8.count else { throw ServeError("\(path): error: cannot write the host key") }
        return HostKeyFile(key: key, generated: true)
    }

    private static func load(path: String) throws(ServeError) -> HostKeyFile {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
            throw ServeError("\(path): error: cannot read the host key")
        }
        let fields = text.split(whereSeparator: \.isWhitespace)
        guard fields.count == 2, fields[0] == header, let raw = Data(base64Encoded: String(fields[1])),
              let key = try? Curve25519.Signing.PrivateKey(rawRepresentation: raw)
        else { throw ServeError("\(path):1: error: not a termini host key (expected '\(header) <base64>'); move it away to generate a new one") }
        var info = stat()
        if stat(path, &info) == 0, info.st_mode & 0o077 != 0 {
            throw ServeError("\(path): error: the host key is readable by others (mode \(String(info.st_mode & 0o777, radix: 8))); chmod 600 it")
        }
        return HostKeyFile(key: key, generated: false)
    }

    private init(key: Curve25519.Signing.PrivateKey, generated: Bool) {
        privateKey = NIOSSHPrivateKey(ed25519Key: key)
        publicKeyLine = String(openSSHPublicKey: privateKey.publicKey)
        fingerprint = SSHKeyFingerprint.of(privateKey.publicKey)
        self.generated = generated
    }
}
