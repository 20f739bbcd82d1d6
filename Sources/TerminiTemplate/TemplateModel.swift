/// One compiled page: the content of `pages/<page>.json`, format `termini.template/1`.
public struct TemplateFile: Equatable, Sendable {
    public static let format = "termini.template/1"

    public var page: String
    public var title: String?
    /// The declaration file, relative to the project's parent, e.g. `todo/pages/index.swift`.
    public var source: String
    /// Every data path the page reads: the expression map the runtime indexes bindings with.
    public var deps: [String]
    /// The page's key bindings (`Page(..., keys: [Key(...)])`), in declaration order.
    public var keys: [KeyBinding]
    public var root: TemplateNode

    public init(page: String, title: String?, source: String, deps: [String], keys: [KeyBinding] = [], root: TemplateNode) {
        self.page = page
        self.title = title
        self.source = source
        self.deps = deps
        self.keys = keys
        self.root = root
    }
}

/// A widget node: `{"cls": ..., "loc": ..., <props>, "children": [...], <slot>: [...]}`.
///
/// Props stay as JSON: they may hold `{{ }}` bindings, which only mean something against page data.
/// Typed decoding happens after evaluation, in the engine's generated prop decoders.
public struct TemplateNode: Equatable, Sendable {
    public var cls: String
    /// `file:line:col` of the declaration, so runtime errors point back to the source.
    public var loc: String?
    /// Every key except `cls`, `loc`, `children` and slots.
    public var props: [String: JSONValue]
    public var children: [TemplateNode]
    /// Labeled trailing closures other than `children`, such as `If`'s `else`.
    public var slots: [String: [TemplateNode]]

    public init(cls: String, loc: String? = nil, props: [String: JSONValue] = [:], children: [TemplateNode] = [],
                slots: [String: [TemplateNode]] = [:])
    {
        self.cls = cls
        self.loc = loc
        self.props = props
        self.children = children
        self.slots = slots
    }
}

/// A template that does not match the format, naming the JSON path of the offending value, e.g. `$.root.children[2].cls`.
public struct TemplateDecodingError: Error, Equatable, CustomStringConvertible, Sendable {
    public var jsonPath: String
    public var message: String
    public var description: String { "\(jsonPath): \(message)" }
}

extension TemplateFile {
    /// Decodes a template file from JSON text; syntax errors report line and column, model errors the JSON path.
    public init(jsonText: String) throws(TemplateDecodingError) {
        let value: JSONValue
        do { value = try JSONValue.parse(jsonText) } catch {
            throw TemplateDecodingError(jsonPath: "$", message: "invalid JSON at \(error.line):\(error.column): \(error.message)")
        }
        try self.init(json: value)
    }

    public init(json: JSONValue) throws(TemplateDecodingError) {
        guard case .object(let o) = json else {
            throw TemplateDecodingError(jsonPath: "$", message: "expected an object, found \(json.typeName)")
        }
        guard let format = o["format"] else {
            throw TemplateDecodingError(jsonPath: "$.format", message: "missing; expected \"\(TemplateFile.format)\"")
        }
        guard format.stringValue == TemplateFile.format else {
            throw TemplateDecodingError(jsonPath: "$.format",
                                        message: "unsupported format \(format.serialized()); expected \"\(TemplateFile.format)\"")
        }
        let page = try Self.requireString(o, "page", at: "$")
        let title: String?
        switch o["title"] {
        case nil, .null?: title = nil
        case .string(let s)?: title = s
        case let other?: throw TemplateDecodingError(jsonPath: "$.title", message: "expected a string, found \(other.typeName)")
        }
        let source = try Self.requireString(o, "source", at: "$")
        var deps: [String] = []
        if let d = o["deps"] {
            guard case .array(let items) = d else {
                throw TemplateDecodingError(jsonPath: "$.deps", message: "expected an array, found \(d.typeName)")
            }
            for (i, item) in items.enumerated() {
                guard case .string(let s) = item else {
                    throw TemplateDecodingError(jsonPath: "$.deps[\(i)]", message: "expected a string, found \(item.typeName)")
                }
                deps.append(s)
            }
        }
        let keys = try o["keys"].map { json throws(TemplateDecodingError) in try KeyBinding.decodeList(json, path: "$.keys") } ?? []
        guard let root = o["root"] else { throw TemplateDecodingError(jsonPath: "$.root", message: "missing") }
        self.init(page: page, title: title, source: source, deps: deps, keys: keys,
                  root: try TemplateNode(json: root, jsonPath: "$.root"))
    }

    static func requireString(_ o: JSONObject, _ key: String, at path: String) throws(TemplateDecodingError) -> String {
        guard let v = o[key] else { throw TemplateDecodingError(jsonPath: "\(path).\(key)", message: "missing") }
        guard case .string(let s) = v else {
            throw TemplateDecodingError(jsonPath: "\(path).\(key)", message: "expected a string, found \(v.typeName)")
        }
        return s
    }

    /// The JSON form written to `pages/<page>.json`.
    public var json: JSONValue {
        var o: JSONObject = [
            "format": .string(TemplateFile.format), "page": .string(page), "source": .string(source),
            "deps": .array(deps.map { .string($0) }), "root": root.json,
        ]
        if let title { o["title"] = .string(title) }
        if !keys.isEmpty { o["keys"] = .array(keys.map(\.json)) }
        return .object(o)
    }
}

extension TemplateNode {
    /// Keys whose values are lists of widget nodes. `children` always; other keys when every element is a widget node.
    public static let childrenKey = "children"

    public init(json: JSONValue, jsonPath: String = "$") throws(TemplateDecodingError) {
        guard case .object(var o) = json else {
            throw TemplateDecodingError(jsonPath: jsonPath, message: "expected a widget object, found \(json.typeName)")
        }
        let cls = try TemplateFile.requireString(o, "cls", at: jsonPath)
        o["cls"] = nil
        var loc: String?
        if let l = o.removeValue(forKey: "loc") {
            guard case .string(let s) = l else {
                throw TemplateDecodingError(jsonPath: "\(jsonPath).loc", message: "expected a string, found \(l.typeName)")
            }
            loc = s
        }
        var children: [TemplateNode] = []
        if let c = o.removeValue(forKey: Self.childrenKey) {
            children = try Self.decodeNodeList(c, jsonPath: "\(jsonPath).children")
        }
        var slots: [String: [TemplateNode]] = [:]
        for (key, value) in o where Self.isWidgetList(value) {
            slots[key] = try Self.decodeNodeList(value, jsonPath: "\(jsonPath).\(key)")
            o[key] = nil
        }
        self.init(cls: cls, loc: loc, props: o.dictionary, children: children, slots: slots)
    }

    static func decodeNodeList(_ value: JSONValue, jsonPath: String) throws(TemplateDecodingError) -> [TemplateNode] {
        guard case .array(let items) = value else {
            throw TemplateDecodingError(jsonPath: jsonPath, message: "expected an array of widgets, found \(value.typeName)")
        }
        var nodes: [TemplateNode] = []
        nodes.reserveCapacity(items.count)
        for (i, item) in items.enumerated() { nodes.append(try TemplateNode(json: item, jsonPath: "\(jsonPath)[\(i)]")) }
        return nodes
    }

    /// Widget nodes carry `loc`; value objects such as `EdgeInsets` do not. That is how slots are told from props.
    static func isWidgetList(_ value: JSONValue) -> Bool {
        guard case .array(let items) = value, !items.isEmpty else { return false }
        return items.allSatisfy { item in
            if case .object(let o) = item { return o["cls"] != nil && o["loc"] != nil }
            return false
        }
    }

    public var json: JSONValue {
        var o = props
        o["cls"] = .string(cls)
        if let loc { o["loc"] = .string(loc) }
        if !children.isEmpty { o[Self.childrenKey] = .array(children.map(\.json)) }
        for (k, nodes) in slots { o[k] = .array(nodes.map(\.json)) }
        return .object(JSONObject(o))
    }
}
