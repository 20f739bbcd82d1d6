import Crypto
import Foundation
import NIOSSH

/// OpenSSH's `SHA256:…` fingerprint of a public key: the SHA-256 of its wire form, in base64 without padding, as
/// `ssh-keygen -l` prints it. It names a user's storage folder and shows in the log.
public enum SSHKeyFingerprint {
    /// `SHA256:<base64>` of `key`.
    public static func of(_ key: NIOSSHPublicKey) -> String {
        // The OpenSSH text form is `type base64(wire form)`: decoding its second field gives the wire form back.
        let fields = String(openSSHPublicKey: key).split(separator: " ")
        let wire = fields.count > 1 ? Data(base64Encoded: String(fields[1])) ?? Data() : Data()
        let digest = Data(SHA256.hash(data: wire)).base64EncodedString()
        return "SHA256:" + digest.replacingOccurrences(of: "=", with: "")
    }

    /// The fingerprint as a file name: base64's `/` and `+` would make a path or an odd name.
    public static func folderName(_ fingerprint: String) -> String {
        fingerprint.replacingOccurrences(of: "SHA256:", with: "sha256-")
            .replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "+", with: "-")
    }
}
