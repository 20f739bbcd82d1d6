import SwiftSyntax
import TerminiTemplate

/// Lowers argument values: literals, `"{{ }}"` bindings, enum cases, static factories and value fragments.
extension LoweringSession {
    func lowerValue(_ expr: ExprSyntax, _ expect: ValueExpectation, _ unit: CompilationUnit,
                    _ scope: LocalScope) -> JSONValue?
    {
        if let s = expr.as(StringLiteralExprSyntax.self) { return lowerString(s, expect, unit, scope) }
        if let i = expr.as(IntegerLiteralExprSyntax.self) {
            return lowerNumber(i.literal.text, isInteger: true, negative: false, expr, expect, unit)
        }
        if let f = expr.as(FloatLiteralExprSyntax.self) {
            return lowerNumber(f.literal.text, isInteger: false, negative: false, expr, expect, unit)
        }
        if let p = expr.as(PrefixOperatorExprSyntax.self), p.operator.text == "-" {
            if let i = p.expression.as(IntegerLiteralExprSyntax.self) {
                return lowerNumber(i.literal.text, isInteger: true, negative: true, expr, expect, unit)
            }
            if let f = p.expression.as(FloatLiteralExprSyntax.self) {
                return lowerNumber(f.literal.text, isInteger: false, negative: true, expr, expect, unit)
            }
        }
        if let b = expr.as(BooleanLiteralExprSyntax.self) {
            guard expect.type == "Bool" || expect.isAnyJSON else {
                return mismatch(expr, expect, unit, found: "the boolean \(b.literal.text)")
            }
            return .bool(b.literal.tokenKind == .keyword(.true))
        }
        if expr.is(NilLiteralExprSyntax.self) {
            guard expect.optional || expect.isAnyJSON else {
                error(unit, at: expr, "\(expect.owner) is not optional; nil is not allowed (expects \(expect.typeDescription))")
                return nil
            }
            return .null
        }
        if let array = expr.as(ArrayExprSyntax.self) { return lowerArray(array, expect, unit, scope) }
        if let dictionary = expr.as(DictionaryExprSyntax.self) { return lowerDictionary(dictionary, expect, unit, scope) }
        // One case where a list of cases is expected (`style: .bold` for `[TextStyle]`) is a list of one.
        if let element = expect.arrayElement, !expect.isAnyJSON, expr.is(MemberAccessExprSyntax.self)
            || expr.as(FunctionCallExprSyntax.self)?.calledExpression.is(MemberAccessExprSyntax.self) == true
        {
            var one = element
            one.owner = expect.owner
            one.bindable = expect.bindable
            return lowerValue(expr, one, unit, scope).map { .array([$0]) }
        }
        if let member = expr.as(MemberAccessExprSyntax.self) {
            return lowerMember(member, call: nil, expect, unit, scope)
        }
        if let call = expr.as(FunctionCallExprSyntax.self) {
            if let member = call.calledExpression.as(MemberAccessExprSyntax.self) {
                return lowerMember(member, call: call, expect, unit, scope)
            }
            if let ref = call.calledExpression.as(DeclReferenceExprSyntax.self) {
                let name = ref.baseName.text
                if catalog.widget(named: name) != nil {
                    return mismatch(expr, expect, unit, found: "a \(name) widget")
                }
                if let valueType = catalog.valueType(named: name), let initializer = valueType.factory(named: "init") {
                    guard name == expect.type || expect.isAnyJSON else {
                        return mismatch(expr, expect, unit, found: "a \(name)")
                    }
                    return lowerArguments(of: initializer, typeName: name, name: "init", call: call, display: name, unit, scope)
                }
                if catalog.valueType(named: name) != nil || catalog.enumType(named: name) != nil {
                    error(unit, at: expr, "\(name)(...) cannot be called directly; use one of its cases or factories, e.g. .\(firstMember(of: name))")
                    return nil
                }
            }
            error(unit, at: expr, "unsupported call `\(Self.snippet(expr))`: \(expect.owner) must be a literal, an enum case, a factory or a \"{{ }}\" binding")
            return nil
        }
        if let ref = expr.as(DeclReferenceExprSyntax.self) { return lowerValueFragment(ref, expect, unit, scope) }
        if let string = expr.as(SimpleStringLiteralExprSyntax.self) {
            return mismatch(string, expect, unit, found: "a string")
        }
        if expr.is(ClosureExprSyntax.self) {
            error(unit, at: expr, "a closure is not allowed for \(expect.owner); expected \(expect.typeDescription)")
            return nil
        }
        error(unit, at: expr, "computed argument `\(Self.snippet(expr))` is not supported: \(expect.owner) must be a literal, an enum case, a factory or a \"{{ }}\" binding")
        return nil
    }

    private func firstMember(of type: String) -> String {
        if let e = catalog.enumType(named: type), let c = e.cases.first { return c.name }
        if let v = catalog.valueType(named: type), let f = v.factories.first { return "\(f.name)(...)" }
        return "..."
    }

    private func mismatch(_ node: some SyntaxProtocol, _ expect: ValueExpectation, _ unit: CompilationUnit,
                          found: String) -> JSONValue?
    {
        error(unit, at: node, "\(expect.owner) expects \(expect.typeDescription), found \(found)")
        return nil
    }

    private func lowerNumber(_ text: String, isInteger: Bool, negative: Bool, _ expr: ExprSyntax,
                             _ expect: ValueExpectation, _ unit: CompilationUnit) -> JSONValue?
    {
        let literal = (negative ? "-" : "") + text
        let fits = expect.isAnyJSON || expect.type == "Double" || (isInteger && expect.type == "Int")
        guard fits else { return mismatch(expr, expect, unit, found: "the number \(literal)") }
        let cleaned = text.replacingOccurrences(of: "_", with: "")
        let magnitude: Double?
        if isInteger {
            if cleaned.hasPrefix("0x") { magnitude = UInt64(cleaned.dropFirst(2), radix: 16).map(Double.init) }
            else if cleaned.hasPrefix("0b") { magnitude = UInt64(cleaned.dropFirst(2), radix: 2).map(Double.init) }
            else if cleaned.hasPrefix("0o") { magnitude = UInt64(cleaned.dropFirst(2), radix: 8).map(Double.init) }
            else { magnitude = Double(cleaned) }
        } else {
            magnitude = Double(cleaned)
        }
        guard let magnitude, magnitude.isFinite, !isInteger || magnitude <= 9_007_199_254_740_992 else {
            error(unit, at: expr, "the number \(literal) is out of range for \(expect.owner)")
            return nil
        }
        return .number(negative ? -magnitude : magnitude)
    }

    private func lowerString(_ literal: StringLiteralExprSyntax, _ expect: ValueExpectation, _ unit: CompilationUnit,
                             _ scope: LocalScope) -> JSONValue?
    {
        let value: StringLiteralValue
        switch StringLiteralReader.read(literal) {
        case .success(let v): value = v
        case .failure(.interpolation(let position)):
            error(unit, at: position, "string interpolation \\( ) is not supported; write a \"{{ }}\" binding instead")
            return nil
        }
        let text = value.text
        if expect.isMarkup { return lowerMarkup(value, unit, scope) }
        let isStringType = expect.type == "String" || expect.isRegularExpression || expect.isAnyJSON
        guard expect.bindable else {
            guard isStringType else { return mismatch(literal, expect, unit, found: "the string \(JSONValue.string(text).serialized())") }
            if text.contains("{{") {
                error(unit, at: literal, "\(expect.owner) takes a plain string, not a \"{{ }}\" binding")
                return nil
            }
            if expect.isRegularExpression {
                do { _ = try Regex(text) } catch {
                    self.error(unit, at: literal, "\(expect.owner) is not a valid regular expression: \(error)")
                    return nil
                }
            }
            return .string(text)
        }
        switch TemplateExpressions.analyze(text) {
        case .failure(let failure):
            error(unit, at: value.position(ofScalar: failure.column - 1), failure.message)
            return nil
        case .success(let analysis):
            if analysis.isConstant && !isStringType {
                return lowerConstantString(text, literal, expect, unit)
            }
            for path in analysis.readPaths { recordRead(path, scope: scope) }
            return .string(text)
        }
    }

    /// `Text(markup:)`: the markup is read here, from the template as written, so a `{{ }}` part stays one opaque
    /// piece of a span and its value is never read as markup. The page gets the spans, each a template string with
    /// the style its tags add (`TextMarkup.SpanStyle.json`).
    private func lowerMarkup(_ value: StringLiteralValue, _ unit: CompilationUnit, _ scope: LocalScope) -> JSONValue? {
        switch TemplateExpressions.analyze(value.text) {
        case .failure(let failure):
            error(unit, at: value.position(ofScalar: failure.column - 1), failure.message)
            return nil
        case .success(let analysis):
            for path in analysis.readPaths { recordRead(path, scope: scope) }
        }
        do {
            let spans = try TextMarkup.parse(value.text)
            return .array(spans.map { span in
                var members = span.style.json
                members["text"] = .string(span.text)
                return .object(JSONObject(members))
            })
        } catch {
            self.error(unit, at: value.position(ofScalar: error.column - 1), error.message)
            return nil
        }
    }

    /// A bindable non-String argument written as a plain string: only an enum case name makes sense.
    private func lowerConstantString(_ text: String, _ literal: StringLiteralExprSyntax, _ expect: ValueExpectation,
                                     _ unit: CompilationUnit) -> JSONValue?
    {
        if expect.type == "Color", text.hasPrefix("#") {
            guard Self.isHexColor(text) else {
                error(unit, at: literal, "'\(text)' is not a colour: write #rrggbb with six hex digits")
                return nil
            }
            return .string(text)
        }
        // A list of cases takes one case's name too (`style: "italic"`).
        if let e = catalog.enumType(named: expect.arrayElement?.type ?? expect.type) {
            let names = e.cases.filter { $0.parameters.isEmpty }.map(\.name)
            guard names.contains(text) else {
                error(unit, at: literal, "unknown \(e.name) case '\(text)'" + NameSuggestion.hint(for: text, among: names))
                return nil
            }
            return .string(text)
        }
        return mismatch(literal, expect, unit, found: "the string \(JSONValue.string(text).serialized()) without {{ }}")
    }

    /// `#` and six hex digits.
    static func isHexColor(_ text: String) -> Bool {
        text.count == 7 && text.hasPrefix("#") && text.dropFirst().allSatisfy(\.isHexDigit)
    }

    private func lowerArray(_ array: ArrayExprSyntax, _ expect: ValueExpectation, _ unit: CompilationUnit,
                            _ scope: LocalScope) -> JSONValue?
    {
        let element = expect.arrayElement ?? (expect.isAnyJSON ? expect : nil)
        guard let element else { return mismatch(array, expect, unit, found: "an array literal") }
        var items: [JSONValue] = []
        var failed = false
        for e in array.elements {
            if let v = lowerValue(e.expression, element, unit, scope) { items.append(v) } else { failed = true }
        }
        return failed ? nil : .array(items)
    }

    private func lowerDictionary(_ dictionary: DictionaryExprSyntax, _ expect: ValueExpectation,
                                 _ unit: CompilationUnit, _ scope: LocalScope) -> JSONValue?
    {
        let valueExpect = expect.dictionaryValue ?? (expect.isAnyJSON ? expect : nil)
        guard let valueExpect else { return mismatch(dictionary, expect, unit, found: "a dictionary literal") }
        guard case .elements(let elements) = dictionary.content else { return .object([:]) }
        var members: [String: JSONValue] = [:]
        var failed = false
        for element in elements {
            guard let keyLiteral = element.key.as(StringLiteralExprSyntax.self),
                case .success(let key) = StringLiteralReader.read(keyLiteral), !key.text.contains("{{")
            else {
                error(unit, at: element.key, "dictionary keys must be plain string literals")
                failed = true
                continue
            }
            if members[key.text] != nil {
                error(unit, at: element.key, "duplicate dictionary key \(JSONValue.string(key.text).serialized())")
                failed = true
                continue
            }
            if let v = lowerValue(element.value, valueExpect, unit, scope) { members[key.text] = v } else { failed = true }
        }
        return failed ? nil : .object(members)
    }

    /// `.bold`, `TextStyle.bold`, `.index(5)`, `.all(1)`, `EdgeInsets.symmetric(h: 2)`.
    private func lowerMember(_ member: MemberAccessExprSyntax, call: FunctionCallExprSyntax?,
                             _ expect: ValueExpectation, _ unit: CompilationUnit, _ scope: LocalScope) -> JSONValue?
    {
        let name = member.declName.baseName.text.trimmingCharacters(in: ["`"])
        let node = Syntax(call) ?? Syntax(member)
        let typeName: String
        if let base = member.base {
            guard let ref = base.as(DeclReferenceExprSyntax.self) else {
                error(unit, at: node, "unsupported expression `\(Self.snippet(node))`: \(expect.owner) must be a literal, an enum case, a factory or a \"{{ }}\" binding")
                return nil
            }
            let baseName = ref.baseName.text
            guard catalog.enumType(named: baseName) != nil || catalog.valueType(named: baseName) != nil else {
                let known = catalog.enums.map(\.name) + catalog.valueTypes.map(\.name)
                error(unit, at: base, "unknown type '\(baseName)'" + NameSuggestion.hint(for: baseName, among: known))
                return nil
            }
            if baseName != expect.type && !expect.isAnyJSON {
                return mismatch(node, expect, unit, found: "\(baseName).\(name)")
            }
            typeName = baseName
        } else {
            guard catalog.enumType(named: expect.type) != nil || catalog.valueType(named: expect.type) != nil else {
                return mismatch(node, expect, unit, found: "'.\(name)'")
            }
            typeName = expect.type
        }
        let function: CatalogFunction
        if let e = catalog.enumType(named: typeName) {
            guard let c = e.enumCase(named: name) else {
                error(unit, at: member.declName, "unknown \(typeName) case '.\(name)'"
                    + NameSuggestion.hint(for: name, among: e.cases.map(\.name)) { "'.\($0)'" })
                return nil
            }
            function = c
        } else if let v = catalog.valueType(named: typeName) {
            guard let f = v.factory(named: name) else {
                error(unit, at: member.declName, "unknown \(typeName) factory '.\(name)'"
                    + NameSuggestion.hint(for: name, among: v.factories.map(\.name)) { "'.\($0)'" })
                return nil
            }
            function = f
        } else {
            return nil
        }
        guard let call else {
            if !function.parameters.isEmpty {
                let signature = function.parameters.map { "\($0.label ?? "_"):" }.joined()
                error(unit, at: member, "'.\(name)' needs arguments: .\(name)(\(signature))")
                return nil
            }
            return .object(["cls": .string(typeName), "cmd": .string(name)])
        }
        if function.parameters.isEmpty && !CallArgument.all(of: call).isEmpty
            || function.parameters.isEmpty && catalog.enumType(named: typeName) != nil
        {
            error(unit, at: call, "'.\(name)' takes no arguments; write .\(name)")
            return nil
        }
        return lowerArguments(of: function, typeName: typeName, name: name, call: call, display: ".\(name)", unit, scope)
    }

    /// A case's, factory's or initializer's call as `{"cls", "cmd", <argument keys>}`.
    private func lowerArguments(of function: CatalogFunction, typeName: String, name: String, call: FunctionCallExprSyntax,
                                display: String, _ unit: CompilationUnit, _ scope: LocalScope) -> JSONValue?
    {
        var object: [String: JSONValue] = ["cls": .string(typeName), "cmd": .string(name)]
        let (matches, problems) = ArgumentMatcher.match(CallArgument.all(of: call), to: function.parameters, owner: display,
                                                        callPosition: call.positionAfterSkippingLeadingTrivia)
        for p in problems { error(unit, at: p.position, p.message) }
        var failed = !problems.isEmpty
        for m in matches {
            if let v = lowerValue(m.argument.expression, ValueExpectation(m.parameter, callee: display), unit, scope) {
                object[m.parameter.key] = v
            } else {
                failed = true
            }
        }
        return failed ? nil : .object(object)
    }

    private func lowerValueFragment(_ ref: DeclReferenceExprSyntax, _ expect: ValueExpectation,
                                    _ unit: CompilationUnit, _ scope: LocalScope) -> JSONValue?
    {
        let name = ref.baseName.text
        let (found, ambiguous) = fragment(named: name, from: unit)
        guard let fragment = found else {
            reportUnknownName(name, ambiguous: ambiguous, at: ref, unit)
            return nil
        }
        guard !fragment.isPage else {
            error(unit, at: ref, "'\(name)' is a Page; a page cannot be used as a value")
            return nil
        }
        guard !expanding.contains(name), depth < Self.maximumDepth else {
            error(unit, at: ref, "fragment '\(name)' refers to itself")
            return nil
        }
        expanding.append(name)
        depth += 1
        defer { expanding.removeLast(); depth -= 1 }
        return lowerValue(fragment.value, expect, fragment.unit, scope)
    }

    func reportUnknownName(_ name: String, ambiguous: Bool, at node: some SyntaxProtocol, _ unit: CompilationUnit) {
        if ambiguous {
            let files = (fragments[name] ?? []).map(\.unit.path).joined(separator: ", ")
            error(unit, at: node, "'\(name)' is declared in several files (\(files)); rename one")
        } else {
            error(unit, at: node, "unknown name '\(name)'; only top-level `let` fragments can be referenced"
                + NameSuggestion.hint(for: name, among: fragments.keys.sorted()))
        }
    }
}
