/// A JSON value: the one currency that templates, page data, setData patches and command parameters share.
///
/// Numbers are doubles, as in JavaScript. Objects compare as unordered (`JSONObject`); serialization sorts keys so
/// output is stable.
public enum JSONValue: Hashable, Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array(JSONArray)
    case object(JSONObject)
}

extension JSONValue: ExpressibleByNilLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByFloatLiteral, ExpressibleByStringLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral
{
    public init(nilLiteral: ()) { self = .null }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(integerLiteral value: Int) { self = .number(Double(value)) }
    public init(floatLiteral value: Double) { self = .number(value) }
    public init(stringLiteral value: String) { self = .string(value) }
    public init(arrayLiteral elements: JSONValue...) { self = .array(JSONArray(elements)) }
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        var members = JSONObject(minimumCapacity: elements.count)
        for (key, value) in elements { members[key] = value }
        self = .object(members)
    }
}

extension JSONValue {
    /// Deepest nesting of arrays and objects that JSON text may have, and that page data reaches through a data path
    /// and its value together: deeper input is refused rather than walked by code that recurses on it.
    public static let maximumNesting = 2000

    /// An object with the members of `dictionary` (most code that builds an object builds a dictionary first).
    public static func object(_ dictionary: [String: JSONValue]) -> JSONValue { .object(JSONObject(dictionary)) }
    /// An array of `items` (most code that builds an array builds a Swift array first).
    public static func array(_ items: [JSONValue]) -> JSONValue { .array(JSONArray(items)) }

    public var isNull: Bool { if case .null = self { return true } else { return false } }
    public var stringValue: String? { if case .string(let s) = self { return s } else { return nil } }
    public var numberValue: Double? { if case .number(let n) = self { return n } else { return nil } }
    public var boolValue: Bool? { if case .bool(let b) = self { return b } else { return nil } }
    public var arrayValue: JSONArray? { if case .array(let a) = self { return a } else { return nil } }
    public var objectValue: JSONObject? { if case .object(let o) = self { return o } else { return nil } }

    /// The value as an integer when it is a whole number that fits.
    public var intValue: Int? {
        guard case .number(let n) = self, n.rounded() == n, abs(n) < 9.0e15 else { return nil }
        return Int(n)
    }

    /// Object member lookup; nil for non-objects and missing keys.
    public subscript(key: String) -> JSONValue? {
        if case .object(let o) = self { return o[key] }
        return nil
    }

    /// The JSON type name used in error messages.
    public var typeName: String {
        switch self {
        case .null: "null"
        case .bool: "boolean"
        case .number: "number"
        case .string: "string"
        case .array: "array"
        case .object: "object"
        }
    }

    /// JavaScript truthiness: null, false, 0, NaN and "" are falsy; arrays and objects are truthy.
    public var isTruthy: Bool {
        switch self {
        case .null: false
        case .bool(let b): b
        case .number(let n): !(n == 0 || n.isNaN)
        case .string(let s): !s.isEmpty
        case .array, .object: true
        }
    }

    /// The text a value shows as when interpolated into a template string; null renders as empty.
    public var displayText: String {
        switch self {
        case .null: ""
        case .bool(let b): b ? "true" : "false"
        case .number(let n): JSONValue.formatNumber(n)
        case .string(let s): s
        case .array, .object: serialized()
        }
    }

    /// Formats a number the way JavaScript's `String(n)` does: `1` not `1.0`, `1e-7` not `1e-07`,
    /// `1e+21`, and plain digits up to 21 integer digits.
    public static func formatNumber(_ n: Double) -> String {
        if n.isNaN { return "NaN" }
        if n.isInfinite { return n < 0 ? "-Infinity" : "Infinity" }
        if n.rounded() == n, abs(n) < 1e15 { return String(Int64(n)) }
        // Swift's description already holds the shortest round-tripping digits; only the layout differs from JS.
        var text = Substring(n.description)
        let negative = text.hasPrefix("-")
        if negative { text = text.dropFirst() }
        var exponent = 0
        if let e = text.firstIndex(where: { $0 == "e" || $0 == "E" }) {
            exponent = Int(text[text.index(after: e)...]) ?? 0
            text = text[..<e]
        }
        var digits = ""
        var pointPosition = text.count
        for (i, c) in text.enumerated() {
            if c == "." { pointPosition = i } else { digits.append(c) }
        }
        // Normalize to digits d1d2…dk with value 0.d1d2…dk × 10^point, dropping leading and trailing zeros.
        var point = pointPosition + exponent
        while digits.hasPrefix("0"), digits.count > 1 { digits.removeFirst(); point -= 1 }
        while digits.hasSuffix("0"), digits.count > 1 { digits.removeLast() }
        let k = digits.count
        var out = negative ? "-" : ""
        if k <= point && point <= 21 {
            out += digits + String(repeating: "0", count: point - k)
        } else if 0 < point && point <= 21 {
            out += digits.prefix(point) + "." + digits.dropFirst(point)
        } else if -6 < point && point <= 0 {
            out += "0." + String(repeating: "0", count: -point) + digits
        } else {
            let e = point - 1
            out += digits.prefix(1) + (k > 1 ? "." + digits.dropFirst() : "") + (e < 0 ? "e-" : "e+") + String(abs(e))
        }
        return out
    }
}
