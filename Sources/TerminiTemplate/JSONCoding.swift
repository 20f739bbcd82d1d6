/// A JSON text that could not be parsed, with the 1-based line and column of the first bad byte.
public struct JSONSyntaxError: Error, Equatable, CustomStringConvertible, Sendable {
    public var message: String
    public var line: Int
    public var column: Int
    public var description: String { "\(line):\(column): \(message)" }
}

extension JSONValue {
    /// Parses JSON text. Written by hand so errors carry a line and column and no Foundation bridging is paid.
    public static func parse(_ text: String) throws(JSONSyntaxError) -> JSONValue {
        var utf8 = Array(text.utf8)
        return try utf8.withUnsafeMutableBufferPointer { buf throws(JSONSyntaxError) in
            var parser = JSONParser(bytes: UnsafeBufferPointer(buf))
            return try parser.parseDocument()
        }
    }

    /// Parses UTF-8 JSON text in place, with no `String` in between: for payloads that another runtime has already
    /// encoded, such as JavaScriptCore's. Invalid UTF-8 inside strings becomes U+FFFD.
    /// `wrapperLevels` are arrays around the values that the limit is for (a setData payload wraps each value in
    /// two), which may nest that much deeper than `maximumNesting`.
    public static func parse(utf8: UnsafeBufferPointer<UInt8>, wrapperLevels: Int = 0) throws(JSONSyntaxError) -> JSONValue {
        var parser = JSONParser(bytes: utf8)
        parser.maxDepth += wrapperLevels
        return try parser.parseDocument()
    }

    /// Parses JSON from raw bytes, rejecting invalid UTF-8.
    public static func parse(bytes: [UInt8]) throws(JSONSyntaxError) -> JSONValue {
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw JSONSyntaxError(message: "the file is not valid UTF-8", line: 1, column: 1)
        }
        return try parse(text)
    }

    /// Compact JSON text with sorted object keys.
    public func serialized() -> String {
        var out = ""
        write(to: &out, pretty: false, indent: 0)
        return out
    }

    /// Indented JSON text with sorted object keys, for files people read and diff.
    public func prettySerialized() -> String {
        var out = ""
        write(to: &out, pretty: true, indent: 0)
        return out
    }

    private func write(to out: inout String, pretty: Bool, indent: Int) {
        switch self {
        case .null: out += "null"
        case .bool(let b): out += b ? "true" : "false"
        case .number(let n):
            out += n.isFinite ? JSONValue.formatNumber(n) : "null"
        case .string(let s): JSONValue.writeEscaped(s, to: &out)
        case .array(let items):
            if items.isEmpty { out += "[]"; return }
            out += "["
            for (i, item) in items.enumerated() {
                if i > 0 { out += "," }
                if pretty { out += "\n"; out += String(repeating: "  ", count: indent + 1) }
                item.write(to: &out, pretty: pretty, indent: indent + 1)
            }
            if pretty { out += "\n"; out += String(repeating: "  ", count: indent) }
            out += "]"
        case .object(let members):
            if members.isEmpty { out += "{}"; return }
            out += "{"
            for (i, key) in members.keys.sorted().enumerated() {  // sorted, so the text does not depend on the order
                if i > 0 { out += "," }
                if pretty { out += "\n"; out += String(repeating: "  ", count: indent + 1) }
                JSONValue.writeEscaped(key, to: &out)
                out += pretty ? ": " : ":"
                members[key]!.write(to: &out, pretty: pretty, indent: indent + 1)
            }
            if pretty { out += "\n"; out += String(repeating: "  ", count: indent) }
            out += "}"
        }
    }

    static func writeEscaped(_ s: String, to out: inout String) {
        out += "\""
        var s = s
        // Runs of bytes that need no escape are appended whole: a streamed chunk of 100 KB is a few copies, where
        // appending scalar by scalar cost most of the script thread at 100,000 log lines a second. Every byte of a
        // multi-byte UTF-8 sequence is >= 0x80, so a run never ends inside a character.
        s.withUTF8 { bytes in
            var start = 0
            for i in 0..<bytes.count {
                let byte = bytes[i]
                guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
                if start < i { out += String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<i]), as: UTF8.self) }
                start = i + 1
                switch byte {
                case UInt8(ascii: "\""): out += "\\\""
                case UInt8(ascii: "\\"): out += "\\\\"
                case UInt8(ascii: "\n"): out += "\\n"
                case UInt8(ascii: "\r"): out += "\\r"
                case UInt8(ascii: "\t"): out += "\\t"
                default:
                    let hex = String(byte, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                }
            }
            if start < bytes.count {
                out += String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<bytes.count]), as: UTF8.self)
            }
        }
        out += "\""
    }
}

/// Recursive-descent JSON parser over UTF-8 bytes.
struct JSONParser {
    let bytes: UnsafeBufferPointer<UInt8>
    var pos = 0
    /// The key table of the last object parsed at each depth, for the next object there to share.
    var shapes: [JSONObjectShape?] = []
    /// Deep nesting is refused rather than allowed to overflow the stack.
    var maxDepth = JSONValue.maximumNesting

    init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    mutating func parseDocument() throws(JSONSyntaxError) -> JSONValue {
        skipSpace()
        if pos >= bytes.count { throw error("the document is empty") }
        let value = try parseValue(depth: 0)
        skipSpace()
        if pos < bytes.count { throw error("unexpected text after the JSON value") }
        return value
    }

    func error(_ message: String) -> JSONSyntaxError {
        var line = 1, column = 1
        var i = 0
        while i < pos && i < bytes.count {
            if bytes[i] == UInt8(ascii: "\n") { line += 1; column = 1 } else if bytes[i] & 0xC0 != 0x80 { column += 1 }
            i += 1
        }
        return JSONSyntaxError(message: message, line: line, column: column)
    }

    mutating func skipSpace() {
        while pos < bytes.count {
            switch bytes[pos] {
            case 0x20, 0x09, 0x0A, 0x0D: pos += 1
            default: return
            }
        }
    }

    mutating func parseValue(depth: Int) throws(JSONSyntaxError) -> JSONValue {
        if depth > maxDepth { throw error("nesting deeper than \(maxDepth) levels") }
        guard pos < bytes.count else { throw error("unexpected end of input") }
        switch bytes[pos] {
        case UInt8(ascii: "{"): return try parseObject(depth: depth)
        case UInt8(ascii: "["): return try parseArray(depth: depth)
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): try expectWord("true"); return .bool(true)
        case UInt8(ascii: "f"): try expectWord("false"); return .bool(false)
        case UInt8(ascii: "n"): try expectWord("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try parseNumber())
        default: throw error("unexpected character '\(Character(Unicode.Scalar(bytes[pos])))'")
        }
    }

    mutating func expectWord(_ word: StaticString) throws(JSONSyntaxError) {
        let w = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
        guard pos + w.count <= bytes.count else { throw error("unexpected end of input") }
        for i in 0..<w.count where bytes[pos + i] != w[i] { throw error("invalid literal") }
        pos += w.count
    }

    mutating func parseObject(depth: Int) throws(JSONSyntaxError) -> JSONValue {
        pos += 1
        skipSpace()
        if pos < bytes.count && bytes[pos] == UInt8(ascii: "}") { pos += 1; return .object(JSONObject()) }
        // The rows of a list have the same keys in the same order: while the keys match the last object's at this
        // depth, its key table is shared and only the values are stored.
        let cached = depth < shapes.count ? shapes[depth] : nil
        var matching = cached != nil
        var keys: [String] = []
        var values = ContiguousArray<JSONValue>()
        values.reserveCapacity(cached?.keys.count ?? 4)
        while true {
            skipSpace()
            guard pos < bytes.count, bytes[pos] == UInt8(ascii: "\"") else { throw error("expected a string key") }
            let key = try parseString()
            if matching, let cached, values.count < cached.keys.count, cached.keys[values.count] == key {
                // still the cached shape
            } else {
                if matching, let cached { keys = Array(cached.keys.prefix(values.count)) }
                matching = false
                keys.append(key)
            }
            skipSpace()
            guard pos < bytes.count, bytes[pos] == UInt8(ascii: ":") else { throw error("expected ':' after key") }
            pos += 1
            skipSpace()
            values.append(try parseValue(depth: depth + 1))
            skipSpace()
            guard pos < bytes.count else { throw error("unterminated object") }
            if bytes[pos] == UInt8(ascii: ",") { pos += 1; continue }
            if bytes[pos] == UInt8(ascii: "}") { pos += 1; break }
            throw error("expected ',' or '}' in object")
        }
        if matching, let cached {
            if cached.keys.count == values.count { return .object(JSONObject(shape: cached, values: values)) }
            keys = Array(cached.keys.prefix(values.count))  // the first keys of the cached shape, and no more
        }
        // A new shape (a repeated key keeps its last value, as JSON.parse does).
        var object = JSONObject(minimumCapacity: values.count)
        for (key, value) in zip(keys, values) { object[key] = value }
        while shapes.count <= depth { shapes.append(nil) }
        shapes[depth] = object.shape
        return .object(object)
    }

    mutating func parseArray(depth: Int) throws(JSONSyntaxError) -> JSONValue {
        pos += 1
        var items: [JSONValue] = []
        skipSpace()
        if pos < bytes.count && bytes[pos] == UInt8(ascii: "]") { pos += 1; return .array(JSONArray(items)) }
        // While every element is a flat row, remember where each one's text is: a long list of them is kept as
        // that text (`JSONArray`), copied once, instead of as values.
        var rowText: [Range<Int>]? = []
        while true {
            skipSpace()
            let start = pos
            let item = try parseValue(depth: depth + 1)
            if rowText != nil {
                if PackedRows.isFlatRow(item) { rowText!.append(start..<pos) } else { rowText = nil }
            }
            items.append(item)
            skipSpace()
            guard pos < bytes.count else { throw error("unterminated array") }
            if bytes[pos] == UInt8(ascii: ",") { pos += 1; continue }
            if bytes[pos] == UInt8(ascii: "]") { pos += 1; break }
            throw error("expected ',' or ']' in array")
        }
        if let rowText, items.count >= JSONArray.packingThreshold,
           let packed = PackedRows(texts: rowText, in: bytes, shape: items[0].objectValue?.shape)
        {
            return .array(JSONArray(packed: packed))
        }
        return .array(JSONArray(items))
    }

    /// Reads an object's members up to `key` and returns its value (nil when the object has no such member): what
    /// a packed row's one member costs to read.
    mutating func member(_ key: String) throws(JSONSyntaxError) -> JSONValue? {
        try member(utf8: Array(key.utf8))
    }

    /// `member(_:)` with the key's UTF-8 already made, for a caller that reads the same member of many rows.
    mutating func member(utf8 wanted: [UInt8]) throws(JSONSyntaxError) -> JSONValue? {
        guard let range = try memberRange(utf8: wanted) else { return nil }
        pos = range.lowerBound
        return try parseValue(depth: 1)
    }

    /// Where the value of the member with UTF-8 key `wanted` is (the last one, when the key repeats).
    mutating func memberRange(utf8 wanted: [UInt8]) throws(JSONSyntaxError) -> Range<Int>? {
        skipSpace()
        guard pos < bytes.count, bytes[pos] == UInt8(ascii: "{") else { return nil }
        pos += 1
        skipSpace()
        if pos < bytes.count && bytes[pos] == UInt8(ascii: "}") { return nil }
        var found: Range<Int>?
        while true {
            skipSpace()
            guard pos < bytes.count, bytes[pos] == UInt8(ascii: "\"") else { throw error("expected a string key") }
            let isWanted = try keyMatches(wanted)
            skipSpace()
            guard pos < bytes.count, bytes[pos] == UInt8(ascii: ":") else { throw error("expected ':' after key") }
            pos += 1
            skipSpace()
            // A repeated key keeps its last value, as a decoded object does.
            let start = pos
            try skipValue()
            if isWanted { found = start..<pos }
            skipSpace()
            guard pos < bytes.count else { throw error("unterminated object") }
            if bytes[pos] == UInt8(ascii: ",") { pos += 1; continue }
            if bytes[pos] == UInt8(ascii: "}") { return found }
            throw error("expected ',' or '}' in object")
        }
    }

    /// Reads the string key at `pos` and says whether it is `wanted`, comparing bytes (a key with escapes is
    /// decoded first).
    private mutating func keyMatches(_ wanted: [UInt8]) throws(JSONSyntaxError) -> Bool {
        let start = pos + 1
        var i = start
        while i < bytes.count, bytes[i] != UInt8(ascii: "\""), bytes[i] != UInt8(ascii: "\\") { i += 1 }
        if i < bytes.count, bytes[i] == UInt8(ascii: "\"") {
            pos = i + 1
            guard i - start == wanted.count else { return false }
            for k in 0..<wanted.count where bytes[start + k] != wanted[k] { return false }
            return true
        }
        let name = try parseString()
        return name.utf8.elementsEqual(wanted)
    }

    /// Steps over one value without building it (strings and scalars are scanned; anything else is parsed).
    private mutating func skipValue() throws(JSONSyntaxError) {
        guard pos < bytes.count else { throw error("unexpected end of input") }
        switch bytes[pos] {
        case UInt8(ascii: "\""):
            var i = pos + 1
            while i < bytes.count {
                if bytes[i] == UInt8(ascii: "\\") { i += 2; continue }
                if bytes[i] == UInt8(ascii: "\"") { pos = i + 1; return }
                i += 1
            }
            throw error("unterminated string")
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            _ = try parseValue(depth: 1)
        default:
            while pos < bytes.count, bytes[pos] != UInt8(ascii: ","), bytes[pos] != UInt8(ascii: "}"),
                  bytes[pos] != UInt8(ascii: "]"), bytes[pos] != 0x20, bytes[pos] != 0x0A, bytes[pos] != 0x0D, bytes[pos] != 0x09 {
                pos += 1
            }
        }
    }

    mutating func parseString() throws(JSONSyntaxError) -> String {
        pos += 1
        let start = pos
        // Fast path: no escapes.
        while pos < bytes.count {
            let b = bytes[pos]
            if b == UInt8(ascii: "\"") {
                let s = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<pos]), as: UTF8.self)
                pos += 1
                return s
            }
            if b == UInt8(ascii: "\\") { break }
            if b < 0x20 { throw error("control character in string") }
            pos += 1
        }
        var scalars = Array(bytes[start..<pos])
        while pos < bytes.count {
            let b = bytes[pos]
            if b == UInt8(ascii: "\"") { pos += 1; return String(decoding: scalars, as: UTF8.self) }
            if b < 0x20 { throw error("control character in string") }
            if b != UInt8(ascii: "\\") { scalars.append(b); pos += 1; continue }
            pos += 1
            guard pos < bytes.count else { break }
            let e = bytes[pos]
            pos += 1
            switch e {
            case UInt8(ascii: "\""): scalars.append(0x22)
            case UInt8(ascii: "\\"): scalars.append(0x5C)
            case UInt8(ascii: "/"): scalars.append(0x2F)
            case UInt8(ascii: "b"): scalars.append(0x08)
            case UInt8(ascii: "f"): scalars.append(0x0C)
            case UInt8(ascii: "n"): scalars.append(0x0A)
            case UInt8(ascii: "r"): scalars.append(0x0D)
            case UInt8(ascii: "t"): scalars.append(0x09)
            case UInt8(ascii: "u"):
                var code = try parseHex4()
                if (0xD800..<0xDC00).contains(code), pos + 1 < bytes.count, bytes[pos] == UInt8(ascii: "\\"),
                    bytes[pos + 1] == UInt8(ascii: "u")
                {
                    pos += 2
                    let low = try parseHex4()
                    if (0xDC00..<0xE000).contains(low) {
                        code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                    } else {
                        pos -= 6  // not a pair: the second escape is a character of its own
                    }
                }
                let scalar = Unicode.Scalar(code) ?? "\u{FFFD}"
                scalars.append(contentsOf: Array(String(Character(scalar)).utf8))
            default: throw error("invalid escape sequence")
            }
        }
        throw error("unterminated string")
    }

    mutating func parseHex4() throws(JSONSyntaxError) -> UInt32 {
        guard pos + 4 <= bytes.count else { throw error("truncated \\u escape") }
        var v: UInt32 = 0
        for _ in 0..<4 {
            let b = bytes[pos]
            let d: UInt32
            switch b {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): d = UInt32(b - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): d = UInt32(b - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): d = UInt32(b - UInt8(ascii: "A") + 10)
            default: throw error("invalid \\u escape")
            }
            v = v * 16 + d
            pos += 1
        }
        return v
    }

    mutating func parseNumber() throws(JSONSyntaxError) -> Double {
        let start = pos
        let negative = bytes[pos] == UInt8(ascii: "-")
        if negative { pos += 1 }
        var digits = 0
        var whole = 0
        while pos < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[pos]) {
            if digits < 15 { whole = whole * 10 + Int(bytes[pos] - UInt8(ascii: "0")) }
            pos += 1
            digits += 1
        }
        if digits == 0 { throw error("invalid number") }
        // Integers that a Double holds exactly (ids, counts, indices) need no text round trip.
        if digits <= 15, pos >= bytes.count || (bytes[pos] != UInt8(ascii: ".") && bytes[pos] | 0x20 != UInt8(ascii: "e")) {
            return negative ? -Double(whole) : Double(whole)
        }
        if pos < bytes.count, bytes[pos] == UInt8(ascii: ".") {
            pos += 1
            var frac = 0
            while pos < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[pos]) { pos += 1; frac += 1 }
            if frac == 0 { throw error("invalid number") }
        }
        if pos < bytes.count, bytes[pos] == UInt8(ascii: "e") || bytes[pos] == UInt8(ascii: "E") {
            pos += 1
            if pos < bytes.count, bytes[pos] == UInt8(ascii: "+") || bytes[pos] == UInt8(ascii: "-") { pos += 1 }
            var exp = 0
            while pos < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[pos]) { pos += 1; exp += 1 }
            if exp == 0 { throw error("invalid number") }
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<pos]), as: UTF8.self)
        guard let value = Double(text) else { throw error("invalid number") }
        return value
    }
}
