import TerminiTemplate

// What the generated props decoders (`WidgetProps.generated.swift`) are written against: the decoding error, the
// reader of evaluated props, and how each basic type decodes. Hand-written, unlike the generated file beside it, so
// it is read, tested and changed as code.

/// A prop that is missing or has the wrong type after evaluation: names the owner, the prop, what was expected and
/// what was found.
public struct PropDecodingError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The widget (or value such as `EdgeInsets.all`) that declares the prop.
    public var owner: String
    /// The prop's JSON key, e.g. `p1` or `style`.
    public var prop: String
    /// The expected type, e.g. `Int`.
    public var expected: String
    /// What was there: `missing`, or the JSON type with the value.
    public var found: String

    public init(owner: String, prop: String, expected: String, found: String) {
        self.owner = owner
        self.prop = prop
        self.expected = expected
        self.found = found
    }

    public var description: String {
        found == "missing"
            ? "\(owner): missing required prop '\(prop)' of type \(expected)"
            : "\(owner).\(prop): expected \(expected), found \(found)"
    }
}

/// A type the generated decoders read from evaluated template JSON.
protocol PropValue {
    /// The type name used in error messages.
    static var propTypeName: String { get }
    /// The value, or nil when `json` does not fit the type; nested props throw with their own name.
    static func decodeProp(_ json: JSONValue, owner: String) throws(PropDecodingError) -> Self?
}

/// Reading helpers shared by every generated decoder.
enum PropReader {
    static func required<T: PropValue>(_ props: [String: JSONValue], _ key: String, as type: T.Type,
                                       owner: String) throws(PropDecodingError) -> T {
        guard let json = props[key] else {
            throw PropDecodingError(owner: owner, prop: key, expected: T.propTypeName, found: "missing")
        }
        return try decode(json, key, as: type, owner: owner)
    }

    /// nil when the prop is absent or null (a binding to missing data), so the caller applies the default.
    static func optional<T: PropValue>(_ props: [String: JSONValue], _ key: String, as type: T.Type,
                                       owner: String) throws(PropDecodingError) -> T? {
        guard let json = props[key], !json.isNull else { return nil }
        return try decode(json, key, as: type, owner: owner)
    }

    /// As `required(_:_:as:owner:)`, for the JSON a one-pass decoder picked out for `key` (nil: not given).
    static func required<T: PropValue>(_ given: JSONValue?, _ key: String, as type: T.Type,
                                       owner: String) throws(PropDecodingError) -> T {
        guard let json = given else {
            throw PropDecodingError(owner: owner, prop: key, expected: T.propTypeName, found: "missing")
        }
        return try decode(json, key, as: type, owner: owner)
    }

    /// As `optional(_:_:as:owner:)`, for the JSON a one-pass decoder picked out for `key` (nil: not given).
    static func optional<T: PropValue>(_ given: JSONValue?, _ key: String, as type: T.Type,
                                       owner: String) throws(PropDecodingError) -> T? {
        guard let json = given, !json.isNull else { return nil }
        return try decode(json, key, as: type, owner: owner)
    }

    static func decode<T: PropValue>(_ json: JSONValue, _ key: String, as type: T.Type,
                                     owner: String) throws(PropDecodingError) -> T {
        guard let value = try T.decodeProp(json, owner: owner) else {
            throw PropDecodingError(owner: owner, prop: key, expected: T.propTypeName, found: describe(json))
        }
        return value
    }

    /// `number 3.5`, `string "abc"`: the type plus a short rendering of the value.
    static func describe(_ json: JSONValue) -> String {
        var text = json.serialized()
        if text.count > 40 { text = String(text.prefix(37)) + "..." }
        return "\(json.typeName) \(text)"
    }

    /// The case or factory a value names: `"bold"`, `{"cmd": "bold"}` or `{"cls": "Color", "cmd": "index", "p1": 5}`.
    /// A `cls` naming another type does not match.
    static func caseName(_ json: JSONValue, type: String) -> (String, [String: JSONValue])? {
        switch json {
        // `"#rrggbb"` is the `hex` case (a colour), written as a string as in CSS.
        case .string(let name) where name.hasPrefix("#"): return ("hex", ["p1": json])
        case .string(let name): return (name, [:])
        case .object(let o):
            guard case .string(let cmd)? = o["cmd"] else { return nil }
            if let cls = o["cls"], cls != .string(type) { return nil }
            return (cmd, o.dictionary)
        default: return nil
        }
    }
}

extension String: PropValue {
    static var propTypeName: String { "String" }
    /// Numbers and booleans format as text; null (missing data) renders as empty.
    static func decodeProp(_ json: JSONValue, owner: String) -> String? {
        switch json {
        case .string(let s): s
        case .number, .bool, .null: json.displayText
        case .array, .object: nil
        }
    }
}

extension Int: PropValue {
    static var propTypeName: String { "Int" }
    /// Whole numbers only: a computed 2.0 is 2, but 2.5 is an error rather than silently truncated.
    static func decodeProp(_ json: JSONValue, owner: String) -> Int? { json.intValue }
}

extension Double: PropValue {
    static var propTypeName: String { "Double" }
    static func decodeProp(_ json: JSONValue, owner: String) -> Double? { json.numberValue }
}

extension Bool: PropValue {
    static var propTypeName: String { "Bool" }
    /// JavaScript truthiness, as WeChat's `wx:if="{{items.length}}"`: conditions are often counts or objects.
    static func decodeProp(_ json: JSONValue, owner: String) -> Bool? { json.isTruthy }
}

extension JSONValue: PropValue {
    static var propTypeName: String { "JSON" }
    static func decodeProp(_ json: JSONValue, owner: String) -> JSONValue? { json }
}

/// A list a widget repeats its content for (ForEach, ListView). Decoding checks that the value is a list; the
/// items themselves are the children's business, so the props neither keep nor compare them (keeping them
/// would also make the next patch of the page data copy the array).
public struct BoundList: Equatable, Sendable {
    public init() {}
    public static func == (a: BoundList, b: BoundList) -> Bool { true }
}

extension BoundList: PropValue {
    static var propTypeName: String { "array" }
    /// A list bound to missing data is empty, as a WeChat `wx:for` over undefined renders nothing.
    static func decodeProp(_ json: JSONValue, owner: String) -> BoundList? {
        if json.isNull { return BoundList() }
        return json.arrayValue == nil ? nil : BoundList()
    }
}

extension JSONArray: PropValue {
    static var propTypeName: String { "array" }
    /// A list of data (a Table's rows) is the data's own array, not a copy: O(1) whatever its length. A list
    /// bound to missing data is empty.
    static func decodeProp(_ json: JSONValue, owner: String) -> JSONArray? {
        if json.isNull { return [] }
        return json.arrayValue
    }
}

extension Array: PropValue where Element: PropValue {
    static var propTypeName: String { "[\(Element.propTypeName)]" }
    /// A list bound to missing data is empty, as a WeChat `wx:for` over undefined renders nothing; one value
    /// where a list of such values is expected is a list of one (`style: "{{ok ? 'bold' : 'dim'}}"`).
    static func decodeProp(_ json: JSONValue, owner: String) throws(PropDecodingError) -> [Element]? {
        if json.isNull { return [] }
        guard case .array(let items) = json else {
            return try Element.decodeProp(json, owner: owner).map { [$0] }
        }
        var out: [Element] = []
        out.reserveCapacity(items.count)
        for item in items {
            guard let value = try Element.decodeProp(item, owner: owner) else { return nil }
            out.append(value)
        }
        return out
    }
}

extension Dictionary: PropValue where Key == String, Value == JSONValue {
    static var propTypeName: String { "object" }
    static func decodeProp(_ json: JSONValue, owner: String) -> [String: JSONValue]? { json.objectValue?.dictionary }
}
