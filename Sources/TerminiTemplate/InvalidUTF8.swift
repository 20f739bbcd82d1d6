/// Where text that must be UTF-8 is not: the offset of the first byte that breaks it, and its line and column.
///
/// A file with one stray byte otherwise decodes as nothing, and what follows from that ("the document is empty",
/// "cannot read the script") hides the cause.
public struct InvalidUTF8: Error, Equatable, Sendable, CustomStringConvertible {
    /// Offset of the first byte that is not part of valid UTF-8, counted from 0 as a hex editor shows it.
    public var offset: Int
    /// That byte's value.
    public var byte: UInt8
    /// 1-based line, and 1-based column in bytes (as the Swift compiler counts them).
    public var line: Int
    public var column: Int

    public var description: String {
        let hex = String(byte, radix: 16, uppercase: true)
        return "not valid UTF-8 at byte \(offset) (line \(line), column \(column): 0x\(hex.count == 1 ? "0" : "")\(hex)); save the file as UTF-8"
    }

    /// The bytes as text, or where they stop being UTF-8.
    public static func decode(_ bytes: [UInt8]) -> Result<String, InvalidUTF8> {
        if let text = String(validating: bytes, as: UTF8.self) { return .success(text) }
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        var offset = 0
        var line = 1
        var lineStart = 0
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded):
                if encoded.count == 1, encoded.first == UInt8(ascii: "\n") { line += 1; lineStart = offset + 1 }
                offset += encoded.count
            case .error:
                return .failure(InvalidUTF8(offset: offset, byte: bytes[offset], line: line, column: offset - lineStart + 1))
            case .emptyInput:
                // `String(validating:)` refused the bytes, so the parser finds the error before the end.
                return .failure(InvalidUTF8(offset: offset, byte: 0, line: line, column: offset - lineStart + 1))
            }
        }
    }
}
