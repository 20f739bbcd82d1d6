import TerminiTemplate

/// A catalogue JSON document that does not have the expected shape.
public struct CatalogDecodingError: Error, Equatable, CustomStringConvertible, Sendable {
    public var jsonPath: String
    public var message: String
    public var description: String { "catalog \(jsonPath): \(message)" }
}

extension Catalog {
    /// The `catalog.json` form; keys sort on output, arrays keep declaration order.
    public var json: JSONValue {
        var o: [String: JSONValue] = [
            "format": "termini.catalog/1",
            "widgets": .array(widgets.map(\.json)),
            "modifiers": .array(modifiers.map(\.json)),
            "enums": .array(enums.map(\.json)),
            "valueTypes": .array(valueTypes.map(\.json)),
        ]
        if let page { o["page"] = page.json }
        return .object(o)
    }

    public init(json: JSONValue) throws(CatalogDecodingError) {
        let r = CatalogReader(value: json, path: "$")
        widgets = try r.array("widgets").map { v throws(CatalogDecodingError) in try CatalogWidget(reader: v) }
        page = try r.optional("page").map { v throws(CatalogDecodingError) in try CatalogWidget(reader: v) }
        modifiers = try r.array("modifiers").map { v throws(CatalogDecodingError) in try CatalogFunction(reader: v) }
        enums = try r.array("enums").map { v throws(CatalogDecodingError) in try CatalogEnum(reader: v) }
        valueTypes = try r.array("valueTypes").map { v throws(CatalogDecodingError) in try CatalogValueType(reader: v) }
    }
}

extension CatalogWidget {
    var json: JSONValue {
        ["name": .string(name), "doc": .string(doc), "initializers": .array(initializers.map(\.json))]
    }

    init(reader r: CatalogReader) throws(CatalogDecodingError) {
        name = try r.string("name")
        doc = try r.string("doc")
        initializers = try r.array("initializers").map { v throws(CatalogDecodingError) in try CatalogFunction(reader: v) }
    }
}

extension CatalogFunction {
    var json: JSONValue {
        var o: [String: JSONValue] = [
            "name": .string(name), "doc": .string(doc), "parameters": .array(parameters.map(\.json)),
        ]
        if let body { o["body"] = .string(body) }
        // Derived, for readers of catalog.json: whether `{ ... }` fills children, and the labeled trailing closures.
        if parameters.contains(where: \.isBuilder) {
            o["trailingBuilder"] = .bool(takesChildren)
            o["slots"] = .array(slots.map { .string($0) })
        }
        return .object(o)
    }

    init(reader r: CatalogReader) throws(CatalogDecodingError) {
        name = try r.string("name")
        doc = try r.string("doc")
        parameters = try r.array("parameters").map { v throws(CatalogDecodingError) in try CatalogParameter(reader: v) }
        body = try r.optional("body").map { v throws(CatalogDecodingError) in try v.stringValue() }
    }
}

extension CatalogParameter {
    var json: JSONValue {
        var o: [String: JSONValue] = [
            "key": .string(key), "name": .string(name), "type": .string(type), "valueType": .string(valueType),
            "bindable": .bool(bindable), "optional": .bool(optional), "builder": .bool(isBuilder),
            "label": label.map { .string($0) } ?? .null,
        ]
        if let defaultSource { o["defaultSource"] = .string(defaultSource) }
        if let defaultValue { o["default"] = defaultValue }
        return .object(o)
    }

    init(reader r: CatalogReader) throws(CatalogDecodingError) {
        label = try r.optional("label").map { v throws(CatalogDecodingError) in try v.stringValue() }
        key = try r.string("key")
        name = try r.string("name")
        type = try r.string("type")
        valueType = try r.string("valueType")
        bindable = try r.bool("bindable")
        optional = try r.bool("optional")
        isBuilder = try r.bool("builder")
        defaultSource = try r.optional("defaultSource").map { v throws(CatalogDecodingError) in try v.stringValue() }
        defaultValue = r.value.objectValue?["default"]
    }
}

extension CatalogEnum {
    var json: JSONValue { ["name": .string(name), "doc": .string(doc), "cases": .array(cases.map(\.json))] }

    init(reader r: CatalogReader) throws(CatalogDecodingError) {
        name = try r.string("name")
        doc = try r.string("doc")
        cases = try r.array("cases").map { v throws(CatalogDecodingError) in try CatalogFunction(reader: v) }
    }
}

extension CatalogValueType {
    var json: JSONValue {
        [
            "name": .string(name), "doc": .string(doc),
            "fields": .array(fields.map { ["name": .string($0.name), "type": .string($0.type), "doc": .string($0.doc)] }),
            "factories": .array(factories.map(\.json)),
        ]
    }

    init(reader r: CatalogReader) throws(CatalogDecodingError) {
        name = try r.string("name")
        doc = try r.string("doc")
        fields = try r.array("fields").map { v throws(CatalogDecodingError) in
            CatalogField(name: try v.string("name"), type: try v.string("type"), doc: try v.string("doc"))
        }
        factories = try r.array("factories").map { v throws(CatalogDecodingError) in try CatalogFunction(reader: v) }
    }
}

/// Reads members of a JSON object, naming the JSON path in errors.
struct CatalogReader {
    let value: JSONValue
    let path: String

    func member(_ key: String) throws(CatalogDecodingError) -> CatalogReader {
        guard let v = value[key] else { throw CatalogDecodingError(jsonPath: "\(path).\(key)", message: "missing") }
        return CatalogReader(value: v, path: "\(path).\(key)")
    }

    func optional(_ key: String) -> CatalogReader? {
        guard let v = value[key], !v.isNull else { return nil }
        return CatalogReader(value: v, path: "\(path).\(key)")
    }

    func stringValue() throws(CatalogDecodingError) -> String {
        guard let s = value.stringValue else {
            throw CatalogDecodingError(jsonPath: path, message: "expected a string, found \(value.typeName)")
        }
        return s
    }

    func string(_ key: String) throws(CatalogDecodingError) -> String { try member(key).stringValue() }

    func bool(_ key: String) throws(CatalogDecodingError) -> Bool {
        let m = try member(key)
        guard let b = m.value.boolValue else {
            throw CatalogDecodingError(jsonPath: m.path, message: "expected a boolean, found \(m.value.typeName)")
        }
        return b
    }

    func array(_ key: String) throws(CatalogDecodingError) -> [CatalogReader] {
        let m = try member(key)
        guard let items = m.value.arrayValue else {
            throw CatalogDecodingError(jsonPath: m.path, message: "expected an array, found \(m.value.typeName)")
        }
        return items.enumerated().map { CatalogReader(value: $1, path: "\(m.path)[\($0)]") }
    }
}
