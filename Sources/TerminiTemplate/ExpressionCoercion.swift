/// JavaScript's implicit conversions and comparisons over `JSONValue`, as the evaluator's operators need them.
///
/// Page data has no `undefined` and no object identity, so: a missing value is `null`, and two arrays or two
/// objects compare equal when their contents are equal (JavaScript would compare references).
enum ExpressionCoercion {
    /// JavaScript `ToNumber`.
    static func number(_ value: JSONValue) -> Double {
        switch value {
        case .null: return 0
        case .bool(let b): return b ? 1 : 0
        case .number(let n): return n
        case .string(let s): return number(parsing: s)
        case .array, .object: return number(parsing: string(value))
        }
    }

    /// JavaScript `ToString`: unlike `displayText`, null is "null", arrays join with commas and objects are opaque.
    static func string(_ value: JSONValue) -> String {
        switch value {
        case .null: return "null"
        case .bool(let b): return b ? "true" : "false"
        case .number(let n): return JSONValue.formatNumber(n)
        case .string(let s): return s
        case .array(let items):
            var out = ""
            for (i, item) in items.enumerated() {
                if i > 0 { out += "," }
                if !item.isNull { out += string(item) }
            }
            return out
        case .object: return "[object Object]"
        }
    }

    /// Whether `+` concatenates: a string on either side, or an array/object (whose primitive form is a string).
    static func isStringLike(_ value: JSONValue) -> Bool {
        switch value {
        case .string, .array, .object: true
        default: false
        }
    }

    /// JavaScript `==` without `undefined`: null equals only null; mixed primitives compare as numbers.
    static func looselyEqual(_ a: JSONValue, _ b: JSONValue) -> Bool {
        switch (a, b) {
        case (.null, .null): return true
        case (.null, _), (_, .null): return false
        case (.number(let x), .number(let y)): return x == y
        case (.string(let x), .string(let y)): return x == y
        case (.bool(let x), .bool(let y)): return x == y
        case (.array, .array), (.object, .object): return a == b
        case (.array, _), (.object, _): return looselyEqual(.string(string(a)), b)
        case (_, .array), (_, .object): return looselyEqual(a, .string(string(b)))
        default: return number(a) == number(b)
        }
    }

    /// JavaScript `===`: same type and same value; NaN is unequal to itself.
    static func strictlyEqual(_ a: JSONValue, _ b: JSONValue) -> Bool {
        switch (a, b) {
        case (.number(let x), .number(let y)): return x == y
        case (.null, .null): return true
        case (.bool(let x), .bool(let y)): return x == y
        case (.string(let x), .string(let y)): return x == y
        case (.array, .array), (.object, .object): return a == b
        default: return false
        }
    }

    /// JavaScript relational comparison, returned as an ordering; nil when either side is NaN (every test is false).
    static func compare(_ a: JSONValue, _ b: JSONValue) -> Ordering? {
        let pa: JSONValue = isStringLike(a) ? .string(string(a)) : a
        let pb: JSONValue = isStringLike(b) ? .string(string(b)) : b
        if case .string(let x) = pa, case .string(let y) = pb {
            // JavaScript orders strings by UTF-16 code units, not by Unicode scalars or grapheme clusters.
            if x == y { return .same }
            return x.utf16.lexicographicallyPrecedes(y.utf16) ? .ascending : .descending
        }
        let x = number(pa), y = number(pb)
        if x.isNaN || y.isNaN { return nil }
        return x < y ? .ascending : (x > y ? .descending : .same)
    }

    /// The result of comparing two values.
    enum Ordering { case ascending, same, descending }

    /// JavaScript `Number(string)`: surrounding whitespace is ignored, "" is 0, anything malformed is NaN.
    static func number(parsing text: String) -> Double {
        var scalars = Substring(text).unicodeScalars[...]
        while let first = scalars.first, first.properties.isWhitespace || first == "\u{FEFF}" { scalars.removeFirst() }
        while let last = scalars.last, last.properties.isWhitespace || last == "\u{FEFF}" { scalars.removeLast() }
        if scalars.isEmpty { return 0 }
        let trimmed = String(String.UnicodeScalarView(scalars))
        switch trimmed {
        case "Infinity", "+Infinity": return .infinity
        case "-Infinity": return -.infinity
        default: break
        }
        let bytes = Array(trimmed.utf8)
        if bytes.count > 2, bytes[0] == UInt8(ascii: "0") {
            let radix: Int? = switch bytes[1] | 0x20 {
            case UInt8(ascii: "x"): 16
            case UInt8(ascii: "o"): 8
            case UInt8(ascii: "b"): 2
            default: nil
            }
            if let radix {
                var v: Double = 0
                for b in bytes[2...] {
                    guard let d = Int(String(UnicodeScalar(b)), radix: radix) else { return .nan }
                    v = v * Double(radix) + Double(d)
                }
                return v
            }
        }
        return isDecimalLiteral(bytes) ? (Double(trimmed) ?? .nan) : .nan
    }

    /// `[+-] digits [. digits] [e [+-] digits]`, with digits on at least one side of the dot. Swift's `Double(_:)`
    /// also takes "nan", "inf" and hex floats, which JavaScript does not, so the shape is checked first.
    private static func isDecimalLiteral(_ b: [UInt8]) -> Bool {
        var i = 0
        func isDigit(_ i: Int) -> Bool { i < b.count && b[i] >= UInt8(ascii: "0") && b[i] <= UInt8(ascii: "9") }
        if i < b.count, b[i] == UInt8(ascii: "+") || b[i] == UInt8(ascii: "-") { i += 1 }
        var mantissaDigits = 0
        while isDigit(i) { i += 1; mantissaDigits += 1 }
        if i < b.count, b[i] == UInt8(ascii: ".") {
            i += 1
            while isDigit(i) { i += 1; mantissaDigits += 1 }
        }
        if mantissaDigits == 0 { return false }
        if i < b.count, b[i] | 0x20 == UInt8(ascii: "e") {
            i += 1
            if i < b.count, b[i] == UInt8(ascii: "+") || b[i] == UInt8(ascii: "-") { i += 1 }
            guard isDigit(i) else { return false }
            while isDigit(i) { i += 1 }
        }
        return i == b.count
    }
}
