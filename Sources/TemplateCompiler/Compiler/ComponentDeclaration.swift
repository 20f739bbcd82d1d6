import SwiftSyntax
import TerminiTemplate

/// A `struct Name: Component { … }` as the compiler reads it: its properties (values bound at the use site),
/// events (`onX: String?` handler names) and slots (`@WidgetBuilder` properties), and its `body`.
final class ComponentDeclaration {
    /// What a stored property of a component is at its use site.
    enum MemberKind: Equatable {
        /// A value, `Binding<T>`: literal or `"{{ }}"` at the use site.
        case property
        /// `onChange: String?`: the handler the event `change` calls.
        case event(String)
        /// `@WidgetBuilder let content: [any Widget]`: widgets placed by `Slot("content")`.
        case slot
    }

    /// One stored property, as a parameter of the memberwise initializer the use site calls.
    struct Member {
        var name: String
        var kind: MemberKind
        var parameter: CatalogParameter
        var defaultExpression: ExprSyntax?
        var position: AbsolutePosition
    }

    let name: String
    let unit: CompilationUnit
    let syntax: StructDeclSyntax
    private(set) var members: [Member] = []
    private(set) var body: CodeBlockItemListSyntax?

    init(_ syntax: StructDeclSyntax, unit: CompilationUnit, session: LoweringSession) {
        self.syntax = syntax
        self.unit = unit
        name = syntax.name.text
        for item in syntax.memberBlock.members {
            guard let variable = item.decl.as(VariableDeclSyntax.self) else {
                session.error(unit, at: item.decl, "a component holds stored properties and its `body` only; "
                              + "logic goes in its JavaScript side, Component('\(name)', { methods: { … } })")
                continue
            }
            for binding in variable.bindings { read(binding, of: variable, session) }
        }
        if body == nil {
            session.error(unit, at: syntax.name, "component '\(name)' has no body: add `@WidgetBuilder var body: [any Widget] { … }`")
        }
    }

    /// The parameters a use site matches its arguments against, in declaration order (Swift's memberwise order).
    var parameters: [CatalogParameter] { members.map(\.parameter) }

    var slots: [Member] { members.filter { $0.kind == .slot } }

    private func read(_ binding: PatternBindingSyntax, of variable: VariableDeclSyntax, _ session: LoweringSession) {
        guard let id = binding.pattern.as(IdentifierPatternSyntax.self) else {
            session.error(unit, at: binding, "expected `let <name>: <Type>` or `var <name>: <Type> = <default>`")
            return
        }
        let name = id.identifier.text
        let isBuilder = variable.attributes.contains { attribute in
            attribute.as(AttributeSyntax.self)?.attributeName.trimmedDescription == "WidgetBuilder"
        }
        if let accessors = binding.accessorBlock {
            guard name == "body" else {
                session.error(unit, at: binding, "computed property '\(name)' is not supported; only `body` is computed")
                return
            }
            switch accessors.accessors {
            case .getter(let statements): body = statements
            case .accessors(let list):
                body = list.first { $0.accessorSpecifier.tokenKind == .keyword(.get) }?.body?.statements
            }
            return
        }
        guard let type = binding.typeAnnotation?.type.trimmedDescription else {
            session.error(unit, at: binding, "property '\(name)' needs a type, e.g. `let \(name): Binding<String>`")
            return
        }
        let isLet = variable.bindingSpecifier.tokenKind == .keyword(.let)
        if isLet, binding.initializer != nil {
            session.error(unit, at: binding, "'\(name)' is a `let` with a value, which the use site cannot set; write `var \(name): \(type) = …`")
            return
        }
        let optional = type.hasSuffix("?")
        let defaultExpression = binding.initializer?.value
        // As Swift's memberwise initializer: a `var` of optional type defaults to nil.
        let hasDefault = defaultExpression != nil || (!isLet && optional)
        let defaultSource = hasDefault ? (defaultExpression?.trimmedDescription ?? "nil") : nil
        let position = binding.positionAfterSkippingLeadingTrivia
        if isBuilder {
            guard type.replacingOccurrences(of: " ", with: "") == "[anyWidget]" else {
                session.error(unit, at: binding, "slot '\(name)' must be declared `@WidgetBuilder let \(name): [any Widget]`")
                return
            }
            let parameter = CatalogParameter(label: name, key: name, name: name, type: type, valueType: type, bindable: false,
                                             optional: false, isBuilder: true, defaultSource: defaultSource, defaultValue: nil)
            members.append(Member(name: name, kind: .slot, parameter: parameter, defaultExpression: nil, position: position))
            return
        }
        if let event = Self.eventName(name) {
            guard type == "String?" || type == "String" else {
                session.error(unit, at: binding, "event '\(name)' must be a handler name: `var \(name): String? = nil`")
                return
            }
            let parameter = CatalogParameter(label: name, key: name, name: name, type: type, valueType: "String", bindable: false,
                                             optional: optional, isBuilder: false, defaultSource: defaultSource, defaultValue: nil)
            members.append(Member(name: name, kind: .event(event), parameter: parameter, defaultExpression: nil, position: position))
            return
        }
        let bare = optional ? String(type.dropLast()) : type
        guard bare.hasPrefix("Binding<"), bare.hasSuffix(">") else {
            session.error(unit, at: binding, "property '\(name)' must be a Binding (e.g. `Binding<String>`), an event "
                          + "(`onX: String?`) or a slot (`@WidgetBuilder let \(name): [any Widget]`); found \(type)")
            return
        }
        let parameter = CatalogParameter(label: name, key: name, name: name, type: type,
                                         valueType: String(bare.dropFirst("Binding<".count).dropLast()), bindable: true,
                                         optional: optional, isBuilder: false, defaultSource: defaultSource, defaultValue: nil)
        members.append(Member(name: name, kind: .property, parameter: parameter, defaultExpression: defaultExpression, position: position))
    }

    /// `onChange` → `change`; nil for names that are not `on` + a capital letter.
    static func eventName(_ property: String) -> String? {
        guard property.hasPrefix("on"), let first = property.dropFirst(2).first, first.isUppercase else { return nil }
        return first.lowercased() + property.dropFirst(3)
    }

    /// Whether `decl` declares a component: a struct whose inheritance list names `Component`.
    static func isComponent(_ decl: StructDeclSyntax) -> Bool {
        decl.inheritanceClause?.inheritedTypes.contains { $0.type.trimmedDescription == "Component" } ?? false
    }
}
