import Foundation
import SwiftParser
import SwiftParserDiagnostics
import SwiftSyntax
import TerminiTemplate

/// The outcome of one compile run: every page that compiled and every error. Callers write pages only when
/// `diagnostics` is empty, so a run with any error produces no output at all.
public struct CompilationResult: Sendable {
    /// Pages in declaration order.
    public var pages: [TemplateFile]
    /// Components, by name order (`components/<Name>.json`).
    public var components: [ComponentTemplate] = []
    public var diagnostics: [CompileDiagnostic]
    public var succeeded: Bool { diagnostics.isEmpty }
}

/// Compiles TerminiDSL page declarations to templates without running them: swift-syntax parses each file and a
/// recursive descent maps the syntax to JSON (docs/TEMPLATES.md), validating against the catalogue.
public struct PageCompiler: Sendable {
    public let catalog: Catalog

    public init(catalog: Catalog) { self.catalog = catalog }

    /// A compiler using the catalogue compiled into this module.
    public init() throws(CatalogDecodingError) { self.catalog = try Catalog.builtIn() }

    /// Compiles all sources as one run: fragments are shared across files and page names must be unique.
    public func compile(_ sources: [PageSource]) -> CompilationResult {
        let session = LoweringSession(catalog: catalog)
        var units: [CompilationUnit] = []
        for source in sources {
            if source.text.allSatisfy({ $0.isWhitespace }) {
                session.append(CompileDiagnostic(file: source.path, line: 1, column: 1, message:
                    "the file is empty; expected a page such as `let index = Page(\"index\") { ... }`"))
                continue
            }
            // Before parsing: swift-syntax traps on some control characters (ControlCharacters), and its time
            // doubles with every level of `[` (BracketNesting).
            if let control = ControlCharacters.first(in: source.text) {
                let hex = String(control.code, radix: 16, uppercase: true)
                let code = "U+00" + (hex.count == 1 ? "0" : "") + hex
                let message = control.code == 0x0B || control.code == 0x0C
                    ? "\(control.code == 0x0B ? "vertical tab" : "form feed") (\(code)) is not allowed in a page file; use spaces or a line break"
                    : "control character \(code) is not allowed in Swift source; delete it (an editor may show nothing there)"
                session.append(CompileDiagnostic(file: source.path, line: control.line, column: control.column, message: message))
                continue
            }
            if let deep = BracketNesting.firstTooDeep(in: source.text) {
                session.append(CompileDiagnostic(file: source.path, line: deep.line, column: deep.column, message:
                    "square brackets nested more than \(BracketNesting.maximumDepth) deep; a page declaration needs far fewer"))
                continue
            }
            let tree = ParserNesting.parse(source.text)
            let unit = CompilationUnit(path: source.path, tree: tree)
            // The diagnostics walk costs a full tree pass; a clean tree (the common case) skips it.
            let syntaxErrors = tree.hasError
                ? ParseDiagnosticsGenerator.diagnostics(for: tree).filter { $0.diagMessage.severity == .error } : []
            if !syntaxErrors.isEmpty {
                for d in syntaxErrors {
                    let l = d.location(converter: unit.converter)
                    let message = d.message == ParserNesting.swiftSyntaxMessage ? ParserNesting.message : "syntax error: \(d.message)"
                    session.append(CompileDiagnostic(file: source.path, line: l.line, column: l.column, message: message))
                }
                continue
            }
            units.append(unit)
        }
        var pageDecls: [(unit: CompilationUnit, name: String, call: FunctionCallExprSyntax)] = []
        for unit in units { collectTopLevel(unit, session, into: &pageDecls) }

        // Components first: every use in a page or another body checks its arguments against the declaration.
        let components = lowerComponents(session)
        var pages: [TemplateFile] = []
        var firstDeclaration: [String: String] = [:]
        for decl in pageDecls {
            guard let page = lowerPage(decl.call, decl.unit, session) else { continue }
            if let first = firstDeclaration[page.page] {
                session.error(decl.unit, at: decl.call, "duplicate page name '\(page.page)'; first declared at \(first)")
                continue
            }
            firstDeclaration[page.page] = decl.unit.loc(of: decl.call)
            pages.append(page)
        }
        // All or nothing: a run with any error yields no pages, so no caller can write a partial result.
        let ok = session.diagnostics.isEmpty
        return CompilationResult(pages: ok ? pages : [], components: ok ? components : [], diagnostics: session.diagnostics)
    }

    /// Lowers every component's body in the component's own scope (its reads are its deps, not a page's), checks
    /// that each slot is placed, and reports a component that uses itself, directly or through others.
    private func lowerComponents(_ session: LoweringSession) -> [ComponentTemplate] {
        var templates: [ComponentTemplate] = []
        for name in session.components.keys.sorted() {
            let component = session.components[name]!
            guard let body = component.body else { continue }
            session.componentBody = component
            session.placedSlots = []
            session.pageDeps = []
            let nodes = session.lowerStatements(body, component.unit, .empty)
            for slot in component.slots where !session.placedSlots.contains(slot.name) {
                let place = slot.name == "content" ? "Slot()" : "Slot(\"\(slot.name)\")"
                session.error(component.unit, at: slot.position, "slot '\(slot.name)' of '\(name)' is never placed: add \(place) to its body")
            }
            if nodes.isEmpty { session.error(component.unit, at: component.syntax.name, "component '\(name)' has an empty body") }
            var events: [String] = [], properties: [String] = []
            for member in component.members {
                switch member.kind {
                case .property: properties.append(member.name)
                case .event(let event): events.append(event)
                case .slot: break
                }
            }
            templates.append(ComponentTemplate(name: name, source: Self.sourcePath(component.unit.path), properties: properties,
                                               events: events, slots: component.slots.map(\.name),
                                               deps: session.pageDeps.map(\.description).sorted(), body: nodes))
        }
        session.componentBody = nil
        session.pageDeps = []
        // A component that reaches itself through its uses: reported once, at its first use on the cycle.
        var edges: [String: [String]] = [:]
        for use in session.componentUses { edges[use.from, default: []].append(use.to) }
        func pathBack(from start: String, to target: String) -> [String]? {
            var stack: [(String, [String])] = [(start, [start])]
            var seen: Set<String> = []
            while let (current, trail) = stack.popLast() {
                if current == target { return trail }
                guard seen.insert(current).inserted else { continue }
                for next in edges[current] ?? [] { stack.append((next, trail + [next])) }
            }
            return nil
        }
        var reported: Set<String> = []
        for use in session.componentUses where !reported.contains(use.from) {
            guard let trail = pathBack(from: use.to, to: use.from) else { continue }
            reported.insert(use.from)
            session.error(use.unit, at: use.position, "component '\(use.from)' uses itself: \(([use.from] + trail).joined(separator: " → "))")
        }
        return templates
    }

    /// Registers fragments and finds pages; anything else at the top level is an error.
    private func collectTopLevel(_ unit: CompilationUnit, _ session: LoweringSession,
                                 into pages: inout [(unit: CompilationUnit, name: String, call: FunctionCallExprSyntax)])
    {
        var sawPage = false
        var sawComponent = false
        for item in unit.tree.statements {
            switch item.item {
            case .decl(let decl):
                if decl.is(ImportDeclSyntax.self) { continue }
                if let structDecl = decl.as(StructDeclSyntax.self), ComponentDeclaration.isComponent(structDecl) {
                    let name = structDecl.name.text
                    if let first = session.components[name] {
                        session.error(unit, at: structDecl.name, "duplicate component '\(name)'; first declared at \(first.unit.loc(of: first.syntax.name))")
                    } else if catalog.widget(named: name) != nil {
                        session.error(unit, at: structDecl.name, "component '\(name)' has the name of a built-in widget")
                    } else {
                        session.components[name] = ComponentDeclaration(structDecl, unit: unit, session: session)
                    }
                    sawComponent = true
                    continue
                }
                guard let variable = decl.as(VariableDeclSyntax.self) else {
                    session.error(unit, at: decl, "unsupported top-level declaration; a page file holds `let` fragments and pages only")
                    continue
                }
                guard variable.bindingSpecifier.tokenKind == .keyword(.let) else {
                    session.error(unit, at: variable.bindingSpecifier, "use `let` for fragments and pages, not `var`")
                    continue
                }
                for binding in variable.bindings {
                    guard let id = binding.pattern.as(IdentifierPatternSyntax.self),
                        let value = binding.initializer?.value
                    else {
                        session.error(unit, at: binding, "expected `let <name> = <widget>`")
                        continue
                    }
                    let name = id.identifier.text
                    let call = value.as(FunctionCallExprSyntax.self)
                    let isPage = call?.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text == catalog.page?.name
                    if session.fragments[name]?.contains(where: { $0.unit === unit }) == true {
                        session.error(unit, at: id, "'\(name)' is declared twice in this file")
                        continue
                    }
                    session.fragments[name, default: []].append(Fragment(name: name, unit: unit, value: value, isPage: isPage))
                    if isPage, let call {
                        pages.append((unit, name, call))
                        sawPage = true
                    }
                }
            case .stmt(let stmt):
                session.error(unit, at: stmt, "unsupported top-level statement; a page file holds `let` fragments and pages only")
            case .expr(let expr):
                session.error(unit, at: expr, "unsupported top-level expression; declare pages as `let <name> = Page(...) { ... }`")
            }
        }
        if !sawPage && !sawComponent {
            session.append(CompileDiagnostic(file: unit.path, line: 1, column: 1, message:
                "no Page in this file; declare one as `let index = Page(\"index\") { ... }`"))
        }
    }

    private func lowerPage(_ call: FunctionCallExprSyntax, _ unit: CompilationUnit,
                           _ session: LoweringSession) -> TemplateFile?
    {
        guard let pageEntry = catalog.page, let initializer = pageEntry.initializers.first else {
            session.error(unit, at: call, "the catalogue has no Page type")
            return nil
        }
        session.pageDeps = []
        let errorsBefore = session.diagnostics.count
        let (matches, problems) = ArgumentMatcher.match(CallArgument.all(of: call), to: initializer.parameters,
                                                        owner: pageEntry.name, callPosition: call.positionAfterSkippingLeadingTrivia)
        for p in problems { session.error(unit, at: p.position, p.message) }
        var name: String?
        var title: String?
        var roots: [TemplateNode] = []
        var contentPosition = call.endPositionBeforeTrailingTrivia
        var keys: [KeyBinding] = []
        for m in matches {
            if m.parameter.key == "keys" {
                keys = KeyBindingLowering.lower(m.argument.expression, unit, session)
                continue
            }
            if m.parameter.isBuilder {
                guard let closure = m.argument.expression.as(ClosureExprSyntax.self) else {
                    session.error(unit, at: m.argument.position, "the content of a Page must be a { ... } block")
                    continue
                }
                contentPosition = closure.positionAfterSkippingLeadingTrivia
                roots = session.lowerBuilder(closure, unit, .empty)
                continue
            }
            let value = session.lowerValue(m.argument.expression, ValueExpectation(m.parameter, callee: pageEntry.name),
                                           unit, .empty)
            if m.parameter.key == "p1" { name = value?.stringValue } else if m.parameter.key == "title" { title = value?.stringValue }
            if m.parameter.key == "p1", let n = name, !Self.isValidPageName(n) {
                session.error(unit, at: m.argument.position,
                              "page name '\(n)' may only use letters, digits, '-' and '_' (it names pages/<name>.json)")
                name = nil
            }
        }
        if roots.count > 1 {
            session.error(unit, at: contentPosition,
                          "a Page has one root widget, found \(roots.count); wrap them in a Column { ... }")
        } else if roots.isEmpty && session.diagnostics.count == errorsBefore {
            session.error(unit, at: contentPosition, "a Page needs one root widget in its { ... } block")
        }
        guard let name, let root = roots.first, roots.count == 1 else { return nil }
        let deps = session.pageDeps.map(\.description).sorted()
        return TemplateFile(page: name, title: title, source: Self.sourcePath(unit.path), deps: deps, keys: keys, root: root)
    }

    static func isValidPageName(_ name: String) -> Bool {
        !name.isEmpty && name.unicodeScalars.allSatisfy { c in
            ("a"..."z").contains(c) || ("A"..."Z").contains(c) || ("0"..."9").contains(c) || c == "-" || c == "_"
        }
    }

    /// The template's `source`: relative to the project's parent, e.g. `todo/pages/index.swift`, when the file sits in
    /// a project's `pages` folder; otherwise the path as given.
    static func sourcePath(_ path: String) -> String {
        let parts = path.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        if let pagesIndex = parts.lastIndex(where: { $0 == "pages" || $0 == "components" }), pagesIndex >= 1, pagesIndex < parts.count - 1 {
            return parts[(pagesIndex - 1)...].joined(separator: "/")
        }
        return path
    }
}
