import TerminiTemplate

/// A `filePath` parameter checked as text: relative to the app's folder, with no way out of it. The check that no
/// part of it is a symbolic link needs the disk, and is `AppFolder.location(of:)`'s.
public struct AppFilePath: Sendable, Equatable {
    /// The path's parts, with `.` and empty parts (`a//b`, a trailing `/`) left out; empty for the folder itself.
    public let components: [String]
    /// The path as the app wrote it, for messages.
    public let text: String

    /// Reads `params[key]`; refuses an absolute path, `..`, a NUL byte, and a path over 4,096 bytes, naming it.
    public init(_ params: JSONValue, _ key: String, allowsFolderItself: Bool = false) throws(CommandError) {
        try self.init(checking: try params.requiredString(key), parameter: key, allowsFolderItself: allowsFolderItself)
    }

    init(checking text: String, parameter key: String, allowsFolderItself: Bool) throws(CommandError) {
        self.text = text
        let shown = Self.shown(text)
        func refuse(_ why: String) -> CommandError { CommandError(.invalidParameter, "parameter '\(key)' \(shown) \(why)") }
        guard !text.utf8.contains(0) else { throw refuse("holds a NUL byte") }
        guard text.utf8.count <= 4096 else { throw refuse("is over 4096 bytes") }
        guard !text.hasPrefix("/") else { throw refuse("is absolute: paths are relative to the app's folder") }
        let parts = text.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        guard !parts.contains("..") else { throw refuse("goes up with '..': paths stay inside the app's folder") }
        guard parts.allSatisfy({ $0.utf8.count <= 255 }) else { throw refuse("has a part over 255 bytes") }
        components = parts.filter { $0 != "." }
        guard allowsFolderItself || !components.isEmpty else { throw refuse("names no file") }
    }

    /// The path quoted for a message, control characters escaped so a hostile name cannot garble it.
    static func shown(_ text: String) -> String {
        var out = "'"
        for scalar in text.unicodeScalars.prefix(200) {
            if scalar.value < 0x20 || scalar.value == 0x7F { out += "\\u{\(String(scalar.value, radix: 16))}" }
            else { out.unicodeScalars.append(scalar) }
        }
        return out + (text.unicodeScalars.count > 200 ? "…'" : "'")
    }
}

/// How file contents cross to JavaScript: UTF-8 text (`'utf8'`, the default) or base64 for binary data.
public enum AppFileEncoding: String, Sendable {
    case utf8, base64

    /// The `encoding` parameter, `'utf8'` when absent; `'utf-8'` is the same.
    public init(_ params: JSONValue) throws(CommandError) {
        switch try params.optionalString("encoding")?.lowercased() {
        case nil, "utf8", "utf-8": self = .utf8
        case "base64": self = .base64
        case let other?:
            throw CommandError(.invalidParameter, "parameter 'encoding' must be 'utf8' or 'base64', got '\(other)'")
        }
    }

    /// The bytes `params[key]` stands for in this encoding; a base64 text that does not decode is refused.
    public func bytes(_ params: JSONValue, _ key: String) throws(CommandError) -> [UInt8] {
        let text = try params.requiredString(key)
        switch self {
        case .utf8: return Array(text.utf8)
        case .base64:
            guard let data = Base64.decode(text) else {
                throw CommandError(.invalidParameter, "parameter '\(key)' is not valid base64")
            }
            return data
        }
    }

    /// `bytes` as the JavaScript string this encoding gives; bytes that are not UTF-8 read as utf8 are refused,
    /// naming the file, since replacing them would lose data silently.
    public func text(_ bytes: [UInt8], path: AppFilePath) throws(CommandError) -> String {
        switch self {
        case .base64: return Base64.encode(bytes)
        case .utf8:
            guard let text = String(validating: bytes, as: UTF8.self) else {
                throw CommandError(.invalidParameter,
                                   "file \(AppFilePath.shown(path.text)) is not UTF-8 text: read it with encoding 'base64'")
            }
            return text
        }
    }
}

/// Standard base64 (RFC 4648, with padding), without Foundation's `Data` round trip for each call.
enum Base64 {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
    private static let values: [Int8] = {
        var table = [Int8](repeating: -1, count: 256)
        for (i, c) in alphabet.enumerated() { table[Int(c)] = Int8(i) }
        return table
    }()

    static func encode(_ bytes: [UInt8]) -> String {
        var out = [UInt8]()
        out.reserveCapacity((bytes.count + 2) / 3 * 4)
        var i = 0
        while i + 2 < bytes.count {
            let n = Int(bytes[i]) << 16 | Int(bytes[i + 1]) << 8 | Int(bytes[i + 2])
            out += [alphabet[n >> 18], alphabet[(n >> 12) & 63], alphabet[(n >> 6) & 63], alphabet[n & 63]]
            i += 3
        }
        let rest = bytes.count - i
        if rest == 1 {
            let n = Int(bytes[i]) << 16
            out += [alphabet[n >> 18], alphabet[(n >> 12) & 63], UInt8(ascii: "="), UInt8(ascii: "=")]
        } else if rest == 2 {
            let n = Int(bytes[i]) << 16 | Int(bytes[i + 1]) << 8
            out += [alphabet[n >> 18], alphabet[(n >> 12) & 63], alphabet[(n >> 6) & 63], UInt8(ascii: "=")]
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The bytes, or nil for text that is not base64 (whitespace is allowed, as line-wrapped base64 has it).
    static func decode(_ text: String) -> [UInt8]? {
        var out = [UInt8]()
        var accumulator = 0, bits = 0, padding = 0
        for c in text.utf8 {
            if c == UInt8(ascii: " ") || c == UInt8(ascii: "\n") || c == UInt8(ascii: "\r") || c == UInt8(ascii: "\t") { continue }
            if c == UInt8(ascii: "=") { padding += 1; continue }
            guard padding == 0 else { return nil }  // data after padding
            let v = values[Int(c)]
            guard v >= 0 else { return nil }
            accumulator = (accumulator << 6) | Int(v)
            bits += 6
            if bits >= 8 {
                bits -= 8
                out.append(UInt8((accumulator >> bits) & 0xFF))
            }
        }
        guard padding <= 2, bits < 6 else { return nil }
        return out
    }
}
