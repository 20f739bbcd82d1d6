/// Why packing, signing, installing or a store operation failed: a kind callers can branch on, plus a message that
/// names the file or archive entry at fault.
public struct BundleError: Error, Equatable, CustomStringConvertible, Sendable {
    /// The failure classes; the CLI maps them to messages, the host to recovery (e.g. offer `--dev`).
    public enum Kind: String, Sendable {
        case badKey, keyExists
        case missingSignature, badSignature, untrustedKey
        case notAnArchive, unsafeEntry, limitExceeded
        case badManifest, hashMismatch, unlistedFile, missingFile, invalidBundle, engineMismatch
        case alreadyInstalled, failedBefore, publisherMismatch, storeUnavailable, notInstalled, nothingToRollBack
        case badProject, compileFailed, io
    }

    public var kind: Kind
    /// Where: a file path, `archive.zip: entry`, or a store path.
    public var location: String
    public var message: String

    public init(_ kind: Kind, _ location: String, _ message: String) {
        self.kind = kind
        self.location = location
        self.message = message
    }

    public var description: String { location.isEmpty ? message : "\(location): \(message)" }
}

extension BundleError: DiagnosticConvertible {
    public var diagnostic: Diagnostic { Diagnostic(.error, location, message, kind: kind.rawValue) }
}
