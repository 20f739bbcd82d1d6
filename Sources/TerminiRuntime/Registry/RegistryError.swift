/// Why publishing, a registry command, an update check or a download failed: a kind callers branch on (the
/// launch-time check ignores network kinds quietly, warns about signatures) and a message naming the step at fault.
public struct RegistryError: Error, Equatable, CustomStringConvertible, Sendable {
    /// The failure classes.
    public enum Kind: String, Sendable {
        /// A registry name, URL, key or stored registry file is unusable.
        case config
        /// The registry could not be reached: refused, DNS, timeout, lost connection, an HTTP error status.
        case network
        /// index.json is not a registry index, or names something impossible.
        case badIndex
        /// index.json's signature is wrong, missing, or made by a key the registry is not trusted with.
        case badSignature
        /// No such app or version in the index, or no registry lists the app.
        case notFound
        /// A downloaded archive's size or SHA-256 differs from the index, or its manifest from the index entry.
        case mismatch
        /// A response was larger than it may be (index limit, or archive size in the index plus a margin).
        case tooLarge
        /// A redirect left the registry's scheme and host.
        case redirectRefused
        /// Publishing the same version again with different bytes.
        case conflict
        /// The downloaded bundle failed an install check (signature, hashes, paths, limits, engine).
        case install
        /// A local file could not be read or written.
        case io
    }

    public var kind: Kind
    /// Where: a URL, a registry name, a file.
    public var location: String
    public var message: String

    public init(_ kind: Kind, _ location: String, _ message: String) {
        self.kind = kind
        self.location = location
        self.message = message
    }

    public var description: String { location.isEmpty ? message : "\(location): \(message)" }
}

extension RegistryError: DiagnosticConvertible {
    public var diagnostic: Diagnostic { Diagnostic(.error, location, message, kind: kind.rawValue) }
}
