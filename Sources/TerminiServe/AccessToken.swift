import Crypto
import Foundation

/// The secret in the browser page's URL: 32 random bytes as hex. Compared in constant time, so its answer time tells
/// nothing about how much of a guess was right.
public struct AccessToken: Sendable {
    /// The token's text.
    public let value: String

    /// A new random token.
    public init() {
        value = SymmetricKey(size: .bits256).withUnsafeBytes { $0.map { String(format: "%02x", $0) }.joined() }
    }

    /// Whether `candidate` is this token.
    public func matches(_ candidate: Substring?) -> Bool {
        guard let candidate else { return false }
        let given = Array(candidate.utf8), expected = Array(value.utf8)
        guard given.count == expected.count else { return false }
        return zip(given, expected).reduce(UInt8(0)) { $0 | ($1.0 ^ $1.1) } == 0
    }
}
