import Foundation
import SwiftParser
import SwiftSyntax
import TerminiTemplate

/// A TerminiDSL source that the crawler cannot read.
public struct CatalogCrawlError: Error, CustomStringConvertible, Sendable {
    public var message: String
    public var description: String { message }
}

/// Builds the `Catalog` from TerminiDSL's declarations with swift-syntax, as Flutter tools crawl constructors with the
/// Dart analyser: widgets are public structs conforming to `Widget`, modifiers are the `extension Widget` methods.
public enum CatalogCrawler {
    /// The protocol whose conformers are widgets.
    static let widgetProtocol = "Widget"
    /// The page root, called like a widget but not one.
    static let pageType = "Page"
    /// A page's key binding, `Key("d", "archive")`: lowered with the page (`KeyBindingLowering`), not as a value.
    static let keyBindingType = "Key"

    /// Crawls every `.swift` file in `directory`, in name order so the output is stable.
    public static func crawl(directory: URL) throws(CatalogCrawlError) -> Catalog {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
                .filter { $0.hasSuffix(".swift") }.sorted()
        } catch {
            throw CatalogCrawlError(message: "cannot list \(directory.path): \(error.localizedDescription)")
        }
        if names.isEmpty { throw CatalogCrawlError(message: "no Swift files in \(directory.path)") }
        var sources: [(name: String, text: String)] = []
        for name in names {
            let url = directory.appendingPathComponent(name)
            guard let data = FileManager.default.contents(atPath: url.path),
                let text = String(data: data, encoding: .utf8)
            else { throw CatalogCrawlError(message: "cannot read \(url.path) as UTF-8") }
            sources.append((name, text))
        }
        return crawl(sources: sources)
    }

    /// Crawls already-loaded sources (name, text).
    public static func crawl(sources: [(name: String, text: String)]) -> Catalog {
        var collector = DeclarationCollector()
        for source in sources { collector.visit(Parser.parse(source: source.text)) }
        return collector.catalog()
    }
}

/// Walks top-level declarations and sorts them into catalogue entries.
private struct DeclarationCollector {
    var widgets: [CatalogWidget] = []
    var page: CatalogWidget?
    var modifiers: [CatalogFunction] = []
    var enums: [CatalogEnum] = []
    var valueTypes: [CatalogValueType] = []

    mutating func visit(_ file: SourceFileSyntax) {
        for item in file.statements {
            guard case .decl(let decl) = item.item else { continue }
            if let s = decl.as(StructDeclSyntax.self) { visitStruct(s) }
            else if let e = decl.as(EnumDeclSyntax.self) { visitEnum(e) }
            else if let x = decl.as(ExtensionDeclSyntax.self) { visitExtension(x) }
        }
    }

    func catalog() -> Catalog {
        Catalog(widgets: widgets.sorted { $0.name < $1.name }, page: page,
                modifiers: modifiers.sorted { $0.name < $1.name }, enums: enums.sorted { $0.name < $1.name },
                valueTypes: valueTypes.sorted { $0.name < $1.name })
    }

    mutating func visitStruct(_ s: StructDeclSyntax) {
        guard isPublic(s.modifiers), s.genericParameterClause == nil else { return }
        let name = s.name.text
        let inherited = s.inheritanceClause?.inheritedTypes.map { $0.type.trimmedDescription } ?? []
        let members = s.memberBlock.members.map(\.decl)
        let inits = members.compactMap { $0.as(InitializerDeclSyntax.self) }.filter { isPublic($0.modifiers) }
            .map { initializer in
                CatalogFunction(name: "init", doc: docComment(initializer.leadingTrivia),
                                parameters: parameters(initializer.signature.parameterClause.parameters))
            }
        if inherited.contains(CatalogCrawler.widgetProtocol) || name == CatalogCrawler.pageType {
            guard !inits.isEmpty else { return }
            let widget = CatalogWidget(name: name, doc: docComment(s.leadingTrivia), initializers: inits)
            if name == CatalogCrawler.pageType { page = widget } else { widgets.append(widget) }
            return
        }
        let fields = members.compactMap { $0.as(VariableDeclSyntax.self) }
            .filter { isPublic($0.modifiers) && !isStatic($0.modifiers) }
            .flatMap { v in
                v.bindings.compactMap { binding -> CatalogField? in
                    guard let id = binding.pattern.as(IdentifierPatternSyntax.self),
                        let type = binding.typeAnnotation?.type.trimmedDescription
                    else { return nil }
                    return CatalogField(name: id.identifier.text, type: type, doc: docComment(v.leadingTrivia))
                }
            }
        // A public initializer whose parameters are named after public fields is called like a widget
        // (`TableColumn("Name", field: "name")`), and the engine builds the value field by field.
        let fieldNames = Set(fields.map(\.name))
        let valueInits = name == CatalogCrawler.keyBindingType ? []
            : inits.filter { !$0.parameters.isEmpty && $0.parameters.allSatisfy { fieldNames.contains($0.name) } }
        let factories = valueInits + members.compactMap { $0.as(FunctionDeclSyntax.self) }
            .filter { isPublic($0.modifiers) && isStatic($0.modifiers) }
            .map { f in
                CatalogFunction(name: f.name.text, doc: docComment(f.leadingTrivia),
                                parameters: parameters(f.signature.parameterClause.parameters),
                                body: f.body?.statements.trimmedDescription)
            }
        guard !factories.isEmpty else { return }
        valueTypes.append(CatalogValueType(name: name, doc: docComment(s.leadingTrivia), fields: fields,
                                           factories: factories))
    }

    mutating func visitEnum(_ e: EnumDeclSyntax) {
        guard isPublic(e.modifiers), !e.attributes.contains(where: { attributeName($0) == "resultBuilder" }) else { return }
        var cases: [CatalogFunction] = []
        for member in e.memberBlock.members {
            guard let caseDecl = member.decl.as(EnumCaseDeclSyntax.self) else { continue }
            for element in caseDecl.elements {
                var params: [CatalogParameter] = []
                var positional = 0
                for p in element.parameterClause?.parameters ?? [] {
                    let label = p.firstName.flatMap { $0.tokenKind == .wildcard ? nil : $0.text }
                    let internalName = p.secondName?.text ?? label
                    if label == nil { positional += 1 }
                    let key = label ?? "p\(positional)"
                    params.append(parameter(label: label, key: key, name: internalName ?? key, type: p.type,
                                            defaultExpr: p.defaultValue?.value, isBuilder: false))
                }
                cases.append(CatalogFunction(name: element.name.text.trimmingCharacters(in: ["`"]),
                                             doc: docComment(caseDecl.leadingTrivia), parameters: params))
            }
        }
        enums.append(CatalogEnum(name: e.name.text, doc: docComment(e.leadingTrivia), cases: cases))
    }

    mutating func visitExtension(_ x: ExtensionDeclSyntax) {
        // Only `extension Widget` declares modifiers; constrained extensions (e.g. of Binding) mirror enum cases.
        guard x.extendedType.trimmedDescription == CatalogCrawler.widgetProtocol, x.genericWhereClause == nil else { return }
        for member in x.memberBlock.members {
            guard let f = member.decl.as(FunctionDeclSyntax.self), isPublic(f.modifiers) else { continue }
            var params = parameters(f.signature.parameterClause.parameters)
            // A modifier's single unlabeled argument is stored under the modifier's own name: `.key("a")` -> "key".
            for i in params.indices where params[i].label == nil && params.count == 1 { params[i].key = f.name.text }
            modifiers.append(CatalogFunction(name: f.name.text, doc: docComment(f.leadingTrivia), parameters: params))
        }
    }

    func parameters(_ list: FunctionParameterListSyntax) -> [CatalogParameter] {
        var result: [CatalogParameter] = []
        var positional = 0
        var sawChildren = false
        for p in list {
            let label = p.firstName.tokenKind == .wildcard ? nil : p.firstName.text
            let internalName = p.secondName?.text ?? p.firstName.text
            let isBuilder = p.attributes.contains { attributeName($0) == "WidgetBuilder" }
            let key: String
            if isBuilder {
                if label == nil && !sawChildren {
                    key = TemplateNode.childrenKey
                    sawChildren = true
                } else {
                    key = label ?? internalName
                }
            } else if let label {
                key = label
            } else {
                positional += 1
                key = "p\(positional)"
            }
            result.append(parameter(label: label, key: key, name: internalName, type: p.type,
                                    defaultExpr: p.defaultValue?.value, isBuilder: isBuilder))
        }
        return result
    }

    func parameter(label: String?, key: String, name: String, type: TypeSyntax, defaultExpr: ExprSyntax?,
                   isBuilder: Bool) -> CatalogParameter
    {
        let shape = TypeShape(type)
        let defaultValue = isBuilder ? nil : defaultExpr.flatMap { DefaultValueMapper.json($0, valueType: shape.valueType) }
        return CatalogParameter(label: label, key: key, name: name, type: type.trimmedDescription,
                                valueType: shape.valueType, bindable: shape.bindable, optional: shape.optional,
                                isBuilder: isBuilder, defaultSource: defaultExpr?.trimmedDescription,
                                defaultValue: defaultValue)
    }

    func isPublic(_ modifiers: DeclModifierListSyntax) -> Bool { modifiers.contains { $0.name.text == "public" } }
    func isStatic(_ modifiers: DeclModifierListSyntax) -> Bool { modifiers.contains { $0.name.text == "static" } }

    func attributeName(_ element: AttributeListSyntax.Element) -> String? {
        guard case .attribute(let a) = element else { return nil }
        return a.attributeName.trimmedDescription
    }

    /// The `///` lines before a declaration, joined into one line.
    func docComment(_ trivia: Trivia) -> String {
        var lines: [String] = []
        for piece in trivia {
            if case .docLineComment(let text) = piece {
                lines.append(String(text.dropFirst(3)).trimmingCharacters(in: .whitespaces))
            }
        }
        return lines.joined(separator: " ")
    }
}

/// What a declared parameter type means for templates: optional, bindable, and the evaluated value type.
struct TypeShape {
    var optional = false
    var bindable = false
    var valueType: String

    init(_ type: TypeSyntax) {
        var t = type
        if let attributed = t.as(AttributedTypeSyntax.self) { t = attributed.baseType }
        if let opt = t.as(OptionalTypeSyntax.self) {
            optional = true
            t = opt.wrappedType
        }
        if let ident = t.as(IdentifierTypeSyntax.self), ident.name.text == "Binding",
            let arg = ident.genericArgumentClause?.arguments.first
        {
            bindable = true
            valueType = arg.argument.trimmedDescription
        } else {
            valueType = t.trimmedDescription
        }
    }
}

/// Maps a parameter's default expression to template JSON, the same way `compile` maps an argument.
enum DefaultValueMapper {
    static func json(_ expr: ExprSyntax, valueType: String) -> JSONValue? {
        if expr.is(NilLiteralExprSyntax.self) { return .null }
        if let b = expr.as(BooleanLiteralExprSyntax.self) { return .bool(b.literal.tokenKind == .keyword(.true)) }
        if let i = expr.as(IntegerLiteralExprSyntax.self), let n = Double(i.literal.text) { return .number(n) }
        if let f = expr.as(FloatLiteralExprSyntax.self), let n = Double(f.literal.text) { return .number(n) }
        if let s = expr.as(StringLiteralExprSyntax.self), s.segments.count <= 1 {
            if let first = s.segments.first {
                guard case .stringSegment(let seg) = first else { return nil }
                return .string(seg.content.text)
            }
            return .string("")
        }
        if let m = expr.as(MemberAccessExprSyntax.self), m.base == nil {
            return ["cls": .string(valueType), "cmd": .string(m.declName.baseName.text.trimmingCharacters(in: ["`"]))]
        }
        if let a = expr.as(ArrayExprSyntax.self) {
            let element = valueType.hasPrefix("[") && valueType.hasSuffix("]") ? String(valueType.dropFirst().dropLast()) : valueType
            var items: [JSONValue] = []
            for e in a.elements {
                guard let v = json(e.expression, valueType: element) else { return nil }
                items.append(v)
            }
            return .array(items)
        }
        return nil
    }
}
