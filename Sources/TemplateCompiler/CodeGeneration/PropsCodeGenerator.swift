import TerminiTemplate

/// Generates `WidgetProps.generated.swift` for TerminiUI from the catalogue: one typed props struct per widget with a
/// decoder for evaluated template JSON, plus the engine-side enums and value types. This is the catalogue's
/// "template code generation": the engine never hand-maintains a second copy of the widget contract.
public enum PropsCodeGenerator {
    /// Repository-relative path of the generated file.
    public static let relativePath = "Sources/TerminiUI/Generated/WidgetProps.generated.swift"

    public static func generate(_ catalog: Catalog) -> String {
        var out = SwiftWriter()
        out.line(GeneratedFileHeader.line)
        out.line("// Typed props for every TerminiDSL widget, decoded from EVALUATED template JSON (bindings already")
        out.line("// replaced by values), with the DSL's defaults applied. Engine-side copies of the DSL enums follow.")
        out.line("")
        out.line("import TerminiTemplate")
        out.line("")
        // The decoding support the generated code calls lives in PropDecoding.swift, beside the generated file.
        for e in catalog.enums { emitEnum(e, into: &out) }
        for v in catalog.valueTypes { emitValueType(v, into: &out) }
        for w in catalog.widgets { emitWidget(w, into: &out) }
        emitWidgetKinds(catalog.widgets, into: &out)
        emitModifiers(catalog.modifiers, into: &out)
        return out.text
    }

    /// The engine type a catalogue value type becomes: DSL data values are plain JSON in the engine, and a list of
    /// them is the data's own `JSONArray` (a Table's rows may be a packed list of a million).
    static func engineType(_ valueType: String) -> String {
        valueType.replacingOccurrences(of: "Binding<DataValue>", with: "JSONValue")
            .replacingOccurrences(of: "RegularExpression", with: "String")
            .replacingOccurrences(of: "Markup", with: "[MarkupSpan]")
            .replacingOccurrences(of: "[DataValue]", with: "JSONArray")
            .replacingOccurrences(of: "DataValue", with: "JSONValue")
    }

    /// The items a widget repeats its content for (`ForEach`'s and `ListView`'s first argument) are the children's
    /// business, one copy per item, not a prop to compare or keep: they decode to `BoundList`. Other lists (a
    /// RadioGroup's options, a Table's rows) are the widget's own data.
    static func isRepeatedItems(_ p: CatalogParameter, of initializer: CatalogFunction) -> Bool {
        p.valueType == "[DataValue]" && p.key == "p1" && initializer.takesChildren
    }

    static func fieldType(_ p: CatalogParameter, repeated: Bool = false) -> String {
        (repeated ? "BoundList" : engineType(p.valueType)) + (p.optional ? "?" : "")
    }

    static let swiftKeywords: Set<String> = ["default", "case", "switch", "if", "else", "for", "in", "return", "var",
                                             "let", "func", "static", "struct", "enum", "class", "self", "Self"]

    static func identifier(_ name: String) -> String { swiftKeywords.contains(name) ? "`\(name)`" : name }

    /// The expression that reads one parameter from `source`, with its default applied: a `[String: JSONValue]`, or
    /// the `JSONValue?` a one-pass decoder picked out for it (`emitGivenProps`); `PropReader` reads both.
    static func readExpression(_ p: CatalogParameter, from source: String, owner: String, repeated: Bool = false) -> String {
        let type = repeated ? "BoundList" : engineType(p.valueType)
        if p.isRequired && !p.optional {
            return "try PropReader.required(\(source), \"\(p.key)\", as: \(type).self, owner: \"\(owner)\")"
        }
        let read = "try PropReader.optional(\(source), \"\(p.key)\", as: \(type).self, owner: \"\(owner)\")"
        if let d = p.defaultSource, d != "nil" { return "(\(read)) ?? \(d)" }
        // `selected: Binding<DataValue> = nil`: a JSON value whose default is JSON null.
        if p.defaultSource == "nil" && !p.optional && type == "JSONValue" { return "(\(read)) ?? .null" }
        return read
    }

    static func describe(_ p: CatalogParameter) -> String {
        let swift = "\(p.label ?? "_")\(p.label == p.name || p.label == nil && p.name == "_" ? "" : " \(p.name)"): \(p.type)"
        let requirement = p.defaultSource.map { "default `\($0)`" } ?? "required"
        return "JSON `\(p.key)`, declared `\(swift)`, \(requirement)."
    }

    static func emitEnum(_ e: CatalogEnum, into out: inout SwiftWriter) {
        out.doc(e.doc)
        out.line("public enum \(e.name): Equatable, Sendable {")
        for c in e.cases {
            out.doc(c.doc, indent: 1)
            if c.parameters.isEmpty {
                out.line("    case \(identifier(c.name))")
            } else {
                let params = c.parameters.map { ($0.label.map { "\($0): " } ?? "") + fieldType($0) }
                out.line("    case \(identifier(c.name))(\(params.joined(separator: ", ")))")
            }
        }
        out.line("}")
        out.line("")
        out.line("extension \(e.name): PropValue {")
        out.line("    static var propTypeName: String { \"\(e.name)\" }")
        out.line("")
        out.line("    static func decodeProp(_ json: JSONValue, owner: String) throws(PropDecodingError) -> \(e.name)? {")
        let argsName = e.cases.contains { !$0.parameters.isEmpty } ? "args" : "_"
        out.line("        guard let (name, \(argsName)) = PropReader.caseName(json, type: \"\(e.name)\") else { return nil }")
        out.line("        switch name {")
        for c in e.cases {
            if c.parameters.isEmpty {
                out.line("        case \"\(c.name)\": return \(e.name).\(identifier(c.name))")
            } else {
                out.line("        case \"\(c.name)\": return \(e.name).\(identifier(c.name))(\(arguments(c, owner: "\(e.name).\(c.name)")))")
            }
        }
        out.line("        default: return nil")
        out.line("        }")
        out.line("    }")
        out.line("}")
        out.line("")
    }

    static func arguments(_ f: CatalogFunction, owner: String) -> String {
        f.parameters.map { p in
            (p.label.map { "\($0): " } ?? "") + readExpression(p, from: "args", owner: owner)
        }.joined(separator: ", ")
    }

    static func emitValueType(_ v: CatalogValueType, into out: inout SwiftWriter) {
        out.doc(v.doc)
        out.line("public struct \(v.name): Equatable, Sendable {")
        for f in v.fields {
            out.doc(f.doc, indent: 1)
            out.line("    public var \(f.name): \(engineType(f.type))")
        }
        out.line("")
        out.line("    /// Every field given explicitly.")
        let params = v.fields.map { "\($0.name): \(engineType($0.type))" }.joined(separator: ", ")
        out.line("    public init(\(params)) {")
        for f in v.fields { out.line("        self.\(f.name) = \(f.name)") }
        out.line("    }")
        // A factory without a body (none today) cannot be mirrored, so it is left out rather than stubbed. An
        // initializer builds the value through the memberwise initializer above, its parameters named as the fields.
        let factories = v.factories.filter { $0.body != nil && $0.name != "init" }
        for f in factories {
            out.line("")
            out.doc(f.doc, indent: 1)
            let params = f.parameters.map { p -> String in
                let head = p.label == p.name ? p.name : "\(p.label ?? "_") \(p.name)"
                return "\(head): \(engineType(p.valueType))" + (p.defaultSource.map { " = \($0)" } ?? "")
            }.joined(separator: ", ")
            out.line("    public static func \(f.name)(\(params)) -> \(v.name) { \(f.body ?? "") }")
        }
        out.line("}")
        out.line("")
        out.line("extension \(v.name): PropValue {")
        out.line("    static var propTypeName: String { \"\(v.name)\" }")
        out.line("")
        out.line("    static func decodeProp(_ json: JSONValue, owner: String) throws(PropDecodingError) -> \(v.name)? {")
        if let initializer = v.factories.first(where: { $0.name == "init" }) {
            // A value bound to page data is an object of the fields by name, as a script builds it (a Table's
            // `columns` from a CSV header), rather than the call a template compiles.
            let fields = initializer.parameters.map { p -> String in
                var byName = p
                byName.key = p.name
                return "\(p.name): \(readExpression(byName, from: "fields", owner: v.name))"
            }
            out.line("        if case .object(let o) = json, o[\"cmd\"] == nil {")
            out.line("            let fields = o.dictionary")
            out.line("            return \(v.name)(\(fields.joined(separator: ", ")))")
            out.line("        }")
        }
        out.line("        guard let (name, args) = PropReader.caseName(json, type: \"\(v.name)\") else { return nil }")
        out.line("        switch name {")
        for f in factories {
            out.line("        case \"\(f.name)\": return \(v.name).\(f.name)(\(arguments(f, owner: "\(v.name).\(f.name)")))")
        }
        if let initializer = v.factories.first(where: { $0.name == "init" }) {
            let fields = initializer.parameters.map { "\($0.name): \(readExpression($0, from: "args", owner: v.name))" }
            out.line("        case \"init\": return \(v.name)(\(fields.joined(separator: ", ")))")
        }
        out.line("        default: return nil")
        out.line("        }")
        out.line("    }")
        out.line("}")
        out.line("")
    }

    static func emitWidget(_ w: CatalogWidget, into out: inout SwiftWriter) {
        guard let initializer = w.initializers.first else { return }
        let params = initializer.valueParameters
        out.line("/// Props of `\(w.name)`: \(w.doc)")
        out.line("public struct \(w.name)Props: Equatable, Sendable {")
        out.line("    /// The class name template nodes use.")
        out.line("    public static let className = \"\(w.name)\"")
        out.line("")
        for p in params {
            out.line("    /// \(describe(p))")
            out.line("    public var \(identifier(p.name)): \(fieldType(p, repeated: isRepeatedItems(p, of: initializer)))")
        }
        if !params.isEmpty { out.line("") }
        out.line("    /// Builds props directly, with the DSL's defaults.")
        let memberwise = params.map { p -> String in
            var s = "\(identifier(p.name)): \(fieldType(p, repeated: isRepeatedItems(p, of: initializer)))"
            if let d = p.defaultSource { s += " = \(d)" } else if p.optional { s += " = nil" }
            return s
        }.joined(separator: ", ")
        out.line("    public init(\(memberwise)) {")
        for p in params { out.line("        self.\(identifier(p.name)) = \(identifier(p.name))") }
        out.line("    }")
        out.line("")
        out.line("    /// Decodes evaluated props, applying defaults; a missing required prop or a wrong type throws.")
        out.line("    public init(props: [String: JSONValue]) throws(PropDecodingError) {")
        emitGivenProps(params.map(\.key), into: &out)
        for (index, p) in params.enumerated() {
            let read = readExpression(p, from: "given\(index)", owner: w.name, repeated: isRepeatedItems(p, of: initializer))
            out.line("        self.\(identifier(p.name)) = \(read)")
        }
        out.line("    }")
        out.line("}")
        out.line("")
    }

    /// Emits one pass over `props` that picks out the JSON of each of `keys` into `given0`, `given1`, …: a template
    /// sets a few of a widget's props, and comparing those keys with the declared ones (short strings, compared by
    /// their bits) costs less than hashing every declared key for a lookup. Every element pays this whenever a
    /// binding it reads changes.
    static func emitGivenProps(_ keys: [String], into out: inout SwiftWriter) {
        guard !keys.isEmpty else { return }
        out.line("        var \(keys.indices.map { "given\($0): JSONValue?" }.joined(separator: ", "))")
        out.line("        for (key, value) in props {")
        out.line("            switch key {")
        for (index, key) in keys.enumerated() { out.line("            case \"\(key)\": given\(index) = value") }
        out.line("            default: continue")
        out.line("            }")
        out.line("        }")
    }

    static func caseName(_ widget: String) -> String {
        identifier(widget.prefix(1).lowercased() + widget.dropFirst())
    }

    static func emitWidgetKinds(_ widgets: [CatalogWidget], into out: inout SwiftWriter) {
        out.line("/// Every widget kind the catalogue declares, in catalogue order. Each props struct gets its behaviour from")
        out.line("/// `Sources/TerminiUI/Widgets/Kinds/<Name>.swift`; `WidgetRegistry` finds kinds by class name through this list.")
        out.line("let catalogWidgetKinds: [any WidgetBehavior.Type] = [")
        for w in widgets where !w.initializers.isEmpty { out.line("    \(w.name)Props.self,") }
        out.line("]")
        out.line("")
    }

    static func emitModifiers(_ modifiers: [CatalogFunction], into out: inout SwiftWriter) {
        out.line("/// Modifiers any widget node may carry; nil when the node does not use the modifier.")
        out.line("public struct WidgetModifiers: Equatable, Sendable {")
        let params = modifiers.flatMap(\.parameters)
        for m in modifiers {
            for p in m.parameters {
                out.line("    /// `.\(m.name)(...)`: \(m.doc)")
                out.line("    public var \(identifier(p.key)): \(engineType(p.valueType))?")
            }
        }
        out.line("")
        out.line("    /// No modifiers.")
        out.line("    public init() {}")
        out.line("")
        out.line("    /// Decodes the modifier keys of evaluated props; other keys are ignored.")
        out.line("    public init(props: [String: JSONValue]) throws(PropDecodingError) {")
        emitGivenProps(params.map(\.key), into: &out)
        for (index, p) in params.enumerated() {
            out.line("        self.\(identifier(p.key)) = try PropReader.optional(given\(index), \"\(p.key)\", as: \(engineType(p.valueType)).self, owner: \"modifier\")")
        }
        out.line("    }")
        out.line("}")
    }
}

/// Accumulates generated Swift source.
struct SwiftWriter {
    var text = ""

    mutating func line(_ s: String) {
        text += s
        text += "\n"
    }

    mutating func raw(_ s: String) { text += s }

    mutating func doc(_ s: String, indent: Int = 0) {
        guard !s.isEmpty else { return }
        line(String(repeating: "    ", count: indent) + "/// " + s)
    }
}
