import Foundation
import TerminiTemplate

/// A trace file that cannot be read as written: truncated, edited by hand, or not a trace. `offset` is the byte
/// where the record that fails begins (or where the file ends too early).
public struct TraceFileError: Error, Equatable, CustomStringConvertible, Sendable, DiagnosticConvertible {
    public var path: String
    public var offset: Int
    public var message: String

    public init(path: String, offset: Int, message: String) {
        self.path = path
        self.offset = offset
        self.message = message
    }

    /// `path: error: byte N: message`: a byte offset stands where a source file's line and column would.
    public var diagnostic: Diagnostic { Diagnostic(.error, path, "byte \(offset): \(message)", kind: "trace") }

    public var description: String { diagnostic.description }
}

/// The framing of a trace file (docs/CLI.md, "Traces"): a first line `termini-trace 1`, then one record per line,
/// `<length> <crc32> <json>`, where length counts the JSON's bytes and the CRC-32 (8 hex digits) is of those bytes;
/// the last record is `{"t":"end","records":N}`. A cut anywhere, or a changed byte, is found at the record it hits.
public enum TraceFraming {
    /// The first line of every trace.
    public static let magic = "termini-trace 1\n"

    /// One framed record line for `json`.
    public static func frame(_ json: String) -> [UInt8] {
        let body = Array(json.utf8)
        let crc = String(CRC32.checksum(body), radix: 16)
        let padded = String(repeating: "0", count: 8 - crc.count) + crc
        return Array("\(body.count) \(padded) ".utf8) + body + [UInt8(ascii: "\n")]
    }

    /// Every record of `bytes` as JSON, and the end record, checked: the magic line, each record's length, checksum
    /// and JSON, and the end record's count. Throws at the byte offset of the first record that fails.
    public static func records(of bytes: [UInt8], path: String) throws(TraceFileError) -> (records: [JSONValue], end: JSONValue) {
        let magicBytes = Array(magic.utf8)
        guard bytes.count >= magicBytes.count, Array(bytes[0..<magicBytes.count]) == magicBytes else {
            throw TraceFileError(path: path, offset: 0, message: "not a trace file (it does not start with '\(magic.dropLast())')")
        }
        var offset = magicBytes.count
        var records: [JSONValue] = []
        while offset < bytes.count {
            let start = offset
            func fail(_ message: String) -> TraceFileError { TraceFileError(path: path, offset: start, message: message) }
            guard let space = bytes[offset...].prefix(12).firstIndex(of: UInt8(ascii: " ")),
                let length = Int(String(decoding: bytes[offset..<space], as: UTF8.self)), length >= 0
            else { throw fail("record \(records.count + 1): no length (the file is cut or was edited)") }
            let crcStart = space + 1
            guard crcStart + 9 <= bytes.count else { throw fail("record \(records.count + 1): cut short (the file is truncated)") }
            guard let expected = UInt32(String(decoding: bytes[crcStart..<crcStart + 8], as: UTF8.self), radix: 16),
                bytes[crcStart + 8] == UInt8(ascii: " ")
            else { throw fail("record \(records.count + 1): no checksum (the file is cut or was edited)") }
            let bodyStart = crcStart + 9
            guard bodyStart + length + 1 <= bytes.count else {
                throw fail("record \(records.count + 1): holds \(length) bytes but the file ends after \(bytes.count - bodyStart) (the file is truncated)")
            }
            let body = Array(bytes[bodyStart..<bodyStart + length])
            guard bytes[bodyStart + length] == UInt8(ascii: "\n") else {
                throw fail("record \(records.count + 1): its length does not match its line (the file was edited)")
            }
            guard CRC32.checksum(body) == expected else {
                throw fail("record \(records.count + 1): checksum mismatch (the record was edited or damaged)")
            }
            let json: JSONValue
            do { json = try JSONValue.parse(bytes: body) } catch {
                throw fail("record \(records.count + 1): not JSON: \(error)")
            }
            offset = bodyStart + length + 1
            if json["t"]?.stringValue == "end" {
                guard json["records"]?.intValue == records.count else {
                    throw fail("the end record counts \(json["records"]?.intValue ?? -1) records but \(records.count) precede it (records were removed)")
                }
                guard offset == bytes.count else {
                    throw TraceFileError(path: path, offset: offset, message: "bytes follow the end record (the file was edited)")
                }
                return (records, json)
            }
            records.append(json)
        }
        throw TraceFileError(path: path, offset: bytes.count, message: "the file ends without its end record (the trace is truncated)")
    }
}

/// CRC-32 (IEEE 802.3, as zip and gzip use), table-driven.
enum CRC32 {
    private static let table: [UInt32] = (0..<256).map { n in
        var c = UInt32(n)
        for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        return c
    }

    static func checksum(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes { crc = table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
        return crc ^ 0xFFFF_FFFF
    }
}
