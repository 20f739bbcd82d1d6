import SwiftSyntax
import TerminiTemplate

/// The recursive descent over widget expressions: calls become nodes, modifiers become keys, builder closures become
/// `children` and slots, identifiers naming fragments are inlined.
extension LoweringSession {
    func lowerWidget(_ expr: ExprSyntax, _ unit: CompilationUnit, _ scope: LocalScope) -> TemplateNode? {
        guard depth < Self.maximumDepth else {
            error(unit, at: expr, "widgets are nested more than \(Self.maximumDepth) levels deep")
            return nil
        }
        depth += 1
        defer { depth -= 1 }
        if let call = expr.as(FunctionCallExprSyntax.self) {
            if let member = call.calledExpression.as(MemberAccessExprSyntax.self), let base = member.base {
                return lowerModifier(base: base, name: member.declName.baseName.text, call: call, unit, scope)
            }
            if let ref = call.calledExpression.as(DeclReferenceExprSyntax.self) {
                return lowerWidgetCall(ref.baseName.text, call: call, unit, scope)
            }
            error(unit, at: expr, "expected a widget, found `\(Self.snippet(expr))`")
            return nil
        }
        if let ref = expr.as(DeclReferenceExprSyntax.self) { return lowerWidgetFragment(ref, unit, scope) }
        if let member = expr.as(MemberAccessExprSyntax.self), member.base != nil {
            let name = member.declName.baseName.text
            let hint = catalog.modifier(named: name) != nil ? "; call the modifier as .\(name)(...)" : ""
            error(unit, at: expr, "expected a widget, found `\(Self.snippet(expr))`\(hint)")
            return nil
        }
        if expr.is(IfExprSyntax.self) {
            error(unit, at: expr, "`if` is not supported in a builder; use If(\"{{condition}}\") { ... } else: { ... }")
            return nil
        }
        if expr.is(SwitchExprSyntax.self) {
            error(unit, at: expr, "`switch` is not supported in a builder; use If(\"{{condition}}\") { ... } else: { ... }")
            return nil
        }
        if expr.is(ClosureExprSyntax.self) {
            error(unit, at: expr, "a closure is not a widget; builders hold widget calls only")
            return nil
        }
        let kind = expr.is(StringLiteralExprSyntax.self) ? "a string literal; wrap text in Text(\"...\")"
            : "`\(Self.snippet(expr))`"
        error(unit, at: expr, "expected a widget, found \(kind)")
        return nil
    }

    private func lowerWidgetFragment(_ ref: DeclReferenceExprSyntax, _ unit: CompilationUnit,
                                     _ scope: LocalScope) -> TemplateNode?
    {
        let name = ref.baseName.text
        if catalog.widget(named: name) != nil {
            error(unit, at: ref, "'\(name)' must be called: \(name)(...)")
            return nil
        }
        let (found, ambiguous) = fragment(named: name, from: unit)
        guard let fragment = found else {
            reportUnknownName(name, ambiguous: ambiguous, at: ref, unit)
            return nil
        }
        guard !fragment.isPage else {
            error(unit, at: ref, "'\(name)' is a Page; pages cannot be nested in other widgets")
            return nil
        }
        guard !expanding.contains(name) else {
            error(unit, at: ref, "fragment '\(name)' refers to itself")
            return nil
        }
        expanding.append(name)
        defer { expanding.removeLast() }
        return lowerWidget(fragment.value, fragment.unit, scope)
    }

    private func lowerWidgetCall(_ name: String, call: FunctionCallExprSyntax, _ unit: CompilationUnit,
                                 _ scope: LocalScope) -> TemplateNode?
    {
        if name == catalog.page?.name {
            error(unit, at: call, "a Page can only be declared at the top level: `let <name> = Page(...) { ... }`")
            return nil
        }
        if let component = components[name] { return lowerComponentUse(component, call: call, unit, scope) }
        guard let widget = catalog.widget(named: name), let initializer = widget.initializers.first else {
            if catalog.enumType(named: name) != nil || catalog.valueType(named: name) != nil {
                error(unit, at: call, "'\(name)' is not a widget")
            } else {
                error(unit, at: call.calledExpression, "unknown widget '\(name)'"
                    + NameSuggestion.hint(for: name, among: catalog.widgets.map(\.name) + components.keys.sorted()))
            }
            return nil
        }
        var node = TemplateNode(cls: name, loc: unit.loc(of: call))
        let (matches, problems) = ArgumentMatcher.match(CallArgument.all(of: call), to: initializer.parameters,
                                                        owner: name, callPosition: call.positionAfterSkippingLeadingTrivia)
        for p in problems { error(unit, at: p.position, p.message) }

        // Loop widgets bind `item`/`index` locals for their content; reads of the item depend on the items paths.
        let introducesLocals = initializer.parameters.contains { $0.key == "item" }
            && initializer.parameters.contains { $0.key == "index" }
        var itemsPaths: [DataPath] = []
        for m in matches where !m.parameter.isBuilder {
            let expect = ValueExpectation(m.parameter, callee: name)
            var value: JSONValue?
            if introducesLocals && m.parameter.key == "p1" {
                itemsPaths = capturingPaths { value = lowerValue(m.argument.expression, expect, unit, scope) }
            } else {
                value = lowerValue(m.argument.expression, expect, unit, scope)
            }
            if let value { node.props[m.parameter.key] = value }
        }
        var bodyScope = scope
        if introducesLocals {
            for m in matches where m.parameter.key == "item" || m.parameter.key == "index" {
                if let written = node.props[m.parameter.key]?.stringValue, !Self.isLocalName(written) {
                    error(unit, at: m.argument.expression, "'\(m.parameter.key):' of \(name) must be a plain name such as \"todo\", found \(JSONValue.string(written).serialized())")
                }
            }
            let itemName = localName("item", in: node, initializer)
            let indexName = localName("index", in: node, initializer)
            if let indexName { bodyScope = bodyScope.adding(indexName, .index) }
            if let itemName { bodyScope = bodyScope.adding(itemName, .item(itemsPaths: itemsPaths)) }
        }
        for m in matches where m.parameter.isBuilder {
            guard let closure = m.argument.expression.as(ClosureExprSyntax.self) else {
                error(unit, at: m.argument.position, "\(m.parameter.key == "children" ? "the content" : "'\(m.parameter.key):'") of \(name) must be a { ... } block")
                continue
            }
            let nodes = lowerBuilder(closure, unit, bodyScope)
            if m.parameter.key == TemplateNode.childrenKey { node.children = nodes }
            else if !nodes.isEmpty { node.slots[m.parameter.key] = nodes }
        }
        if name == Self.slotWidget { checkSlot(node, call: call, unit) }
        return node
    }

    /// The widget that places a component's slot content.
    static let slotWidget = "Slot"

    private func checkSlot(_ node: TemplateNode, call: FunctionCallExprSyntax, _ unit: CompilationUnit) {
        guard let component = componentBody else {
            error(unit, at: call, "Slot() is only valid in a component's body")
            return
        }
        let slot = node.props["p1"]?.stringValue ?? "content"
        let names = component.slots.map(\.name)
        guard names.contains(slot) else {
            let declare = slot == "content" ? "@WidgetBuilder let content: [any Widget]" : "@WidgetBuilder let \(slot): [any Widget]"
            error(unit, at: call, "component '\(component.name)' has no slot '\(slot)'"
                  + (names.isEmpty ? "; declare `\(declare)`" : NameSuggestion.hint(for: slot, among: names)))
            return
        }
        placedSlots.insert(slot)
    }

    /// `Counter(label: "Apples", onChange: "changed") { … }`: a node naming the component, with its property values
    /// (defaults filled in), the handlers its events call, and the content of its slots.
    private func lowerComponentUse(_ component: ComponentDeclaration, call: FunctionCallExprSyntax, _ unit: CompilationUnit,
                                   _ scope: LocalScope) -> TemplateNode?
    {
        if let enclosing = componentBody {
            componentUses.append((enclosing.name, component.name, unit, call.positionAfterSkippingLeadingTrivia))
        }
        var node = TemplateNode(cls: ComponentTemplate.useClass, loc: unit.loc(of: call), props: ["p1": .string(component.name)])
        let (matches, problems) = ArgumentMatcher.match(CallArgument.all(of: call), to: component.parameters,
                                                        owner: component.name, callPosition: call.positionAfterSkippingLeadingTrivia)
        for p in problems { error(unit, at: p.position, p.message) }
        var properties: [String: JSONValue] = [:]
        var events: [String: JSONValue] = [:]
        for member in component.members {
            let given = matches.first { $0.parameter.key == member.name }
            switch member.kind {
            case .property:
                let expect = ValueExpectation(member.parameter, callee: component.name)
                if let given {
                    if let value = lowerValue(given.argument.expression, expect, unit, scope) { properties[member.name] = value }
                } else if let expression = member.defaultExpression {
                    // The default is written in the component's file and reads no page data.
                    let saved = pageDeps
                    if let value = lowerValue(expression, expect, component.unit, .empty) { properties[member.name] = value }
                    pageDeps = saved
                } else if member.parameter.optional {
                    properties[member.name] = .null
                }
            case .event(let event):
                guard let given else { continue }
                if let handler = given.argument.expression.as(StringLiteralExprSyntax.self).flatMap(Self.plainText) {
                    if handler.contains("{{") {
                        error(unit, at: given.argument.expression, "'\(member.name):' of \(component.name) takes a plain string, not a \"{{ }}\" binding")
                    } else if !handler.isEmpty {
                        events[event] = .string(handler)
                    }
                } else if !(given.argument.expression.is(NilLiteralExprSyntax.self)) {
                    error(unit, at: given.argument.expression, "'\(member.name):' of \(component.name) takes the name of a method, as a string literal")
                }
            case .slot:
                guard let given else { continue }
                guard let closure = given.argument.expression.as(ClosureExprSyntax.self) else {
                    error(unit, at: given.argument.position, "'\(member.name):' of \(component.name) must be a { ... } block")
                    continue
                }
                let nodes = lowerBuilder(closure, unit, scope)
                if member.name == "content" { node.children = nodes } else if !nodes.isEmpty { node.slots[member.name] = nodes }
            }
        }
        node.props["properties"] = .object(properties)
        if !events.isEmpty { node.props["events"] = .object(events) }
        return node
    }

    /// The text of a string literal without interpolation.
    static func plainText(_ literal: StringLiteralExprSyntax) -> String? {
        var text = ""
        for segment in literal.segments {
            guard let s = segment.as(StringSegmentSyntax.self) else { return nil }
            text += s.content.text
        }
        return text
    }

    /// A name expressions can refer to: a letter or `_`, then letters, digits or `_`.
    static func isLocalName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, first == "_" || first.properties.isAlphabetic else { return false }
        return name.unicodeScalars.allSatisfy { $0 == "_" || $0.properties.isAlphabetic || ("0"..."9").contains($0) }
    }

    /// The local name a loop widget binds: the argument as written, else the parameter's default.
    private func localName(_ key: String, in node: TemplateNode, _ initializer: CatalogFunction) -> String? {
        if let written = node.props[key]?.stringValue { return written }
        return initializer.parameters.first { $0.key == key }?.defaultValue?.stringValue
    }

    private func lowerModifier(base: ExprSyntax, name: String, call: FunctionCallExprSyntax, _ unit: CompilationUnit,
                               _ scope: LocalScope) -> TemplateNode?
    {
        let baseNode = lowerWidget(base, unit, scope)
        guard let modifier = catalog.modifier(named: name) else {
            error(unit, at: call.calledExpression.as(MemberAccessExprSyntax.self).map { Syntax($0.declName) } ?? Syntax(call),
                  "unknown modifier '.\(name)'" + NameSuggestion.hint(for: name, among: catalog.modifiers.map(\.name)) { "'.\($0)'" })
            return baseNode
        }
        guard var node = baseNode else { return nil }
        let (matches, problems) = ArgumentMatcher.match(CallArgument.all(of: call), to: modifier.parameters,
                                                        owner: ".\(name)", callPosition: call.positionAfterSkippingLeadingTrivia)
        for p in problems { error(unit, at: p.position, p.message) }
        var given: Set<String> = []
        for m in matches {
            given.insert(m.parameter.key)
            guard node.props[m.parameter.key] == nil else {
                error(unit, at: call, "modifier '.\(name)' is applied twice to the same widget")
                continue
            }
            if let value = lowerValue(m.argument.expression, ValueExpectation(m.parameter, callee: ".\(name)"), unit, scope) {
                node.props[m.parameter.key] = value
            }
        }
        // `.hidden()` means `.hidden(true)`: a default stands in for an omitted argument so the modifier is not lost.
        for p in modifier.parameters where !given.contains(p.key) {
            if let d = p.defaultValue { node.props[p.key] = d }
        }
        return node
    }

    /// The widgets of a `{ ... }` block, in order. Statements and declarations are errors, never dropped.
    func lowerBuilder(_ closure: ClosureExprSyntax, _ unit: CompilationUnit, _ scope: LocalScope) -> [TemplateNode] {
        if let signature = closure.signature {
            error(unit, at: signature, "closure parameters are not supported in a widget block")
        }
        return lowerStatements(closure.statements, unit, scope)
    }

    /// The widgets of a block's statements (a builder closure, a component's `body`), in order.
    func lowerStatements(_ statements: CodeBlockItemListSyntax, _ unit: CompilationUnit, _ scope: LocalScope) -> [TemplateNode] {
        var nodes: [TemplateNode] = []
        for statement in statements {
            switch statement.item {
            case .expr(let expr):
                if let node = lowerWidget(expr, unit, scope) { nodes.append(node) }
            case .stmt(let stmt):
                if let exprStmt = stmt.as(ExpressionStmtSyntax.self) {
                    if let node = lowerWidget(exprStmt.expression, unit, scope) { nodes.append(node) }
                } else if stmt.is(ForStmtSyntax.self) {
                    error(unit, at: stmt, "`for` loops are not supported in a builder; use ForEach(\"{{items}}\") { ... }")
                } else {
                    error(unit, at: stmt, "statement `\(Self.snippet(stmt))` is not supported in a builder; only widgets are")
                }
            case .decl(let decl):
                error(unit, at: decl, "declarations are not supported inside a builder; declare fragments with a top-level `let`")
            }
        }
        return nodes
    }
}
