/// One compiled component: the content of `components/<Name>.json`, format `termini.component/1`.
///
/// A use of the component in a page is a node `{"cls": "Component", "p1": "<Name>", "properties": {...},
/// "events": {...}}` whose `children` fill the default slot and whose other slots fill the named ones; the engine
/// builds `body` for it in the instance's own scope (its properties and data).
public struct ComponentTemplate: Equatable, Sendable {
    public static let format = "termini.component/1"

    public var name: String
    /// The declaration file, relative to the project's parent, e.g. `todo/components/TodoRow.swift`.
    public var source: String
    /// Property names, in declaration order.
    public var properties: [String]
    /// Event names (`change` for `onChange`), in declaration order.
    public var events: [String]
    /// Slot names (`content` for the trailing closure), in declaration order.
    public var slots: [String]
    /// The data paths the body reads, relative to the instance.
    public var deps: [String]
    /// The body's widgets.
    public var body: [TemplateNode]

    public init(name: String, source: String, properties: [String], events: [String], slots: [String], deps: [String],
                body: [TemplateNode])
    {
        self.name = name
        self.source = source
        self.properties = properties
        self.events = events
        self.slots = slots
        self.deps = deps
        self.body = body
    }

    /// The node class a use of a component compiles to.
    public static let useClass = "Component"

    /// The JSON form written to `components/<Name>.json`.
    public var json: JSONValue {
        .object([
            "format": .string(Self.format), "component": .string(name), "source": .string(source),
            "properties": .array(properties.map { .string($0) }), "events": .array(events.map { .string($0) }),
            "slots": .array(slots.map { .string($0) }), "deps": .array(deps.map { .string($0) }),
            "body": .array(body.map(\.json)),
        ])
    }

    /// Decodes `components/<Name>.json` text; errors name the JSON path.
    public init(jsonText: String) throws(TemplateDecodingError) {
        let value: JSONValue
        do { value = try JSONValue.parse(jsonText) } catch {
            throw TemplateDecodingError(jsonPath: "$", message: "invalid JSON at \(error.line):\(error.column): \(error.message)")
        }
        guard case .object(let o) = value else {
            throw TemplateDecodingError(jsonPath: "$", message: "expected an object, found \(value.typeName)")
        }
        guard o["format"]?.stringValue == Self.format else {
            throw TemplateDecodingError(jsonPath: "$.format", message: "expected \"\(Self.format)\"")
        }
        func strings(_ key: String) throws(TemplateDecodingError) -> [String] {
            guard let value = o[key] else { return [] }
            guard case .array(let items) = value else {
                throw TemplateDecodingError(jsonPath: "$.\(key)", message: "expected an array, found \(value.typeName)")
            }
            var out: [String] = []
            for (i, item) in items.enumerated() {
                guard case .string(let s) = item else {
                    throw TemplateDecodingError(jsonPath: "$.\(key)[\(i)]", message: "expected a string, found \(item.typeName)")
                }
                out.append(s)
            }
            return out
        }
        guard case .array(let body)? = o["body"] else {
            throw TemplateDecodingError(jsonPath: "$.body", message: "missing; expected an array of widgets")
        }
        var nodes: [TemplateNode] = []
        for (i, item) in body.enumerated() { nodes.append(try TemplateNode(json: item, jsonPath: "$.body[\(i)]")) }
        self.init(name: try TemplateFile.requireString(o, "component", at: "$"),
                  source: try TemplateFile.requireString(o, "source", at: "$"),
                  properties: try strings("properties"), events: try strings("events"), slots: try strings("slots"),
                  deps: try strings("deps"), body: nodes)
    }
}
