/// A prop that is either a constant or a `"{{expression}}"` evaluated against page data at run time.
public struct Binding<Value: Sendable>: Sendable, ExpressibleByStringLiteral {
    /// Where the value comes from.
    enum Source: Sendable {
        case template(String)
        case constant(Value)
    }

    let source: Source

    init(constant: Value) { source = .constant(constant) }

    /// A template string such as `"{{todo.title}}"` or `"Total: {{count}}"`.
    public init(stringLiteral template: String) { source = .template(template) }
}

extension Binding: ExpressibleByIntegerLiteral where Value: ExpressibleByIntegerLiteral {
    /// A constant integer.
    public init(integerLiteral value: Value.IntegerLiteralType) { self.init(constant: Value(integerLiteral: value)) }
}

extension Binding: ExpressibleByFloatLiteral where Value: ExpressibleByFloatLiteral {
    /// A constant floating-point number.
    public init(floatLiteral value: Value.FloatLiteralType) { self.init(constant: Value(floatLiteral: value)) }
}

extension Binding: ExpressibleByBooleanLiteral where Value: ExpressibleByBooleanLiteral {
    /// A constant boolean.
    public init(booleanLiteral value: Value.BooleanLiteralType) { self.init(constant: Value(booleanLiteral: value)) }
}

extension Binding: ExpressibleByNilLiteral where Value: ExpressibleByNilLiteral {
    /// A constant null, e.g. `.data(["parent": nil])`.
    public init(nilLiteral: ()) { self.init(constant: Value(nilLiteral: ())) }
}

extension Binding: ExpressibleByArrayLiteral where Value: RangeReplaceableCollection, Value: Sendable {
    /// A constant list, e.g. `ForEach(["Mon", "Tue"]) { Text("{{item}}") }` or `style: [.bold, .underline]`.
    public init(arrayLiteral elements: Value.Element...) { self.init(constant: Value(elements)) }
}

/// Any JSON-able value: what `.data([...])` entries and `ForEach` items hold.
public struct DataValue: Sendable, ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral,
    ExpressibleByBooleanLiteral, ExpressibleByNilLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral
{
    /// The literal as written; the engine works on JSON, never on this.
    let literal: String

    /// A string value.
    public init(stringLiteral value: String) { literal = value }
    /// An integer value.
    public init(integerLiteral value: Int) { literal = String(value) }
    /// A number value.
    public init(floatLiteral value: Double) { literal = String(value) }
    /// A boolean value.
    public init(booleanLiteral value: Bool) { literal = String(value) }
    /// JSON null.
    public init(nilLiteral: ()) { literal = "null" }
    /// A JSON array.
    public init(arrayLiteral elements: DataValue...) { literal = "[" + elements.map(\.literal).joined(separator: ",") + "]" }
    /// A JSON object.
    public init(dictionaryLiteral elements: (String, DataValue)...) {
        literal = "{" + elements.map { "\($0.0):\($0.1.literal)" }.joined(separator: ",") + "}"
    }
}
