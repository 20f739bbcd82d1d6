import TerminiTemplate

/// The widget catalogue crawled from TerminiDSL: what `compile` validates against and what the prop decoders come from.
public struct Catalog: Equatable, Sendable {
    /// Types conforming to `Widget`, sorted by name.
    public var widgets: [CatalogWidget]
    /// The page root (`Page`), which is not a widget but is called like one.
    public var page: CatalogWidget?
    /// Widget modifiers such as `.key(_:)`, sorted by name.
    public var modifiers: [CatalogFunction]
    /// Enums with their cases, sorted by name.
    public var enums: [CatalogEnum]
    /// Value types built by static factories, such as `EdgeInsets.all(_:)`, sorted by name.
    public var valueTypes: [CatalogValueType]

    public init(widgets: [CatalogWidget], page: CatalogWidget?, modifiers: [CatalogFunction], enums: [CatalogEnum],
                valueTypes: [CatalogValueType])
    {
        self.widgets = widgets
        self.page = page
        self.modifiers = modifiers
        self.enums = enums
        self.valueTypes = valueTypes
    }

    public func widget(named name: String) -> CatalogWidget? {
        if name == page?.name { return page }
        return widgets.first { $0.name == name }
    }
    public func modifier(named name: String) -> CatalogFunction? { modifiers.first { $0.name == name } }
    public func enumType(named name: String) -> CatalogEnum? { enums.first { $0.name == name } }
    public func valueType(named name: String) -> CatalogValueType? { valueTypes.first { $0.name == name } }
}

/// A widget type and its initializers.
public struct CatalogWidget: Equatable, Sendable {
    public var name: String
    public var doc: String
    public var initializers: [CatalogFunction]

    public init(name: String, doc: String, initializers: [CatalogFunction]) {
        self.name = name
        self.doc = doc
        self.initializers = initializers
    }
}

/// An initializer, modifier, enum case or static factory: a name and its parameters.
public struct CatalogFunction: Equatable, Sendable {
    public var name: String
    public var doc: String
    public var parameters: [CatalogParameter]
    /// Swift source of a factory's body, so generated engine code builds the same value.
    public var body: String?

    public init(name: String, doc: String, parameters: [CatalogParameter], body: String? = nil) {
        self.name = name
        self.doc = doc
        self.parameters = parameters
        self.body = body
    }

    /// Value parameters (not builder closures).
    public var valueParameters: [CatalogParameter] { parameters.filter { !$0.isBuilder } }
    /// Whether a trailing `{ ... }` block fills `children`.
    public var takesChildren: Bool { parameters.contains { $0.isBuilder && $0.key == TemplateNode.childrenKey } }
    /// Labeled trailing closures other than `children`, such as `else`.
    public var slots: [String] { parameters.filter { $0.isBuilder && $0.key != TemplateNode.childrenKey }.map(\.key) }
}

/// One parameter as declared in TerminiDSL.
public struct CatalogParameter: Equatable, Sendable {
    /// The argument label, or nil when the argument is written without one.
    public var label: String?
    /// The JSON key: the label, `p1`, `p2`... for unlabeled values, `children` for the content builder.
    public var key: String
    /// The internal parameter name, used for generated field names.
    public var name: String
    /// The declared Swift type, e.g. `Binding<Int>?`.
    public var type: String
    /// The type of the value after bindings are evaluated, e.g. `Int`; `[DataValue]` for lists.
    public var valueType: String
    /// Whether a `"{{expression}}"` string may stand for the value.
    public var bindable: Bool
    /// Whether nil is accepted.
    public var optional: Bool
    /// Whether this is a `@WidgetBuilder` closure.
    public var isBuilder: Bool
    /// The default's Swift source, or nil when the argument is required.
    public var defaultSource: String?
    /// The default as template JSON, when the default is a literal the compiler can map.
    public var defaultValue: JSONValue?

    public init(label: String?, key: String, name: String, type: String, valueType: String, bindable: Bool,
                optional: Bool, isBuilder: Bool, defaultSource: String?, defaultValue: JSONValue?)
    {
        self.label = label
        self.key = key
        self.name = name
        self.type = type
        self.valueType = valueType
        self.bindable = bindable
        self.optional = optional
        self.isBuilder = isBuilder
        self.defaultSource = defaultSource
        self.defaultValue = defaultValue
    }

    public var isRequired: Bool { defaultSource == nil }
}

/// An enum and its cases; a case with associated values is a `CatalogFunction` with parameters.
public struct CatalogEnum: Equatable, Sendable {
    public var name: String
    public var doc: String
    public var cases: [CatalogFunction]

    public init(name: String, doc: String, cases: [CatalogFunction]) {
        self.name = name
        self.doc = doc
        self.cases = cases
    }

    public func enumCase(named name: String) -> CatalogFunction? { cases.first { $0.name == name } }
}

/// A struct built through static factories, with its stored properties so engine code can mirror it.
public struct CatalogValueType: Equatable, Sendable {
    public var name: String
    public var doc: String
    public var fields: [CatalogField]
    public var factories: [CatalogFunction]

    public init(name: String, doc: String, fields: [CatalogField], factories: [CatalogFunction]) {
        self.name = name
        self.doc = doc
        self.fields = fields
        self.factories = factories
    }

    public func factory(named name: String) -> CatalogFunction? { factories.first { $0.name == name } }
}

/// A stored property of a value type.
public struct CatalogField: Equatable, Sendable {
    public var name: String
    public var type: String
    public var doc: String

    public init(name: String, type: String, doc: String) {
        self.name = name
        self.type = type
        self.doc = doc
    }
}
