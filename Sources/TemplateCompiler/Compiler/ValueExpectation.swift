import Foundation

/// What an argument position accepts, derived from its catalogue parameter.
struct ValueExpectation {
    /// The value type after evaluation, e.g. `Int`, `TextStyle`, `[DataValue]`, `[String: Binding<DataValue>]`.
    var type: String
    /// Whether a `"{{ }}"` string may stand for the value.
    var bindable: Bool
    var optional: Bool
    /// Names the position in messages, e.g. `'spacing:' of Column`.
    var owner: String

    static let anyJSON = "DataValue"
    /// A string that must compile as a regular expression (TerminiDSL's `RegularExpression`).
    static let regularExpression = "RegularExpression"
    /// A template string holding inline markup (TerminiDSL's `Markup`), lowered to its spans.
    static let markup = "Markup"

    init(type: String, bindable: Bool, optional: Bool, owner: String) {
        self.type = type
        self.bindable = bindable
        self.optional = optional
        self.owner = owner
    }

    init(_ parameter: CatalogParameter, callee: String) {
        let owner: String
        if let label = parameter.label {
            owner = "'\(label):' of \(callee)"
        } else if parameter.key.hasPrefix("p"), Int(parameter.key.dropFirst()) != nil {
            owner = "argument #\(parameter.key.dropFirst()) of \(callee)"
        } else {
            owner = "the argument of \(callee)"
        }
        self.init(type: parameter.valueType, bindable: parameter.bindable, optional: parameter.optional, owner: owner)
    }

    var isAnyJSON: Bool { type == Self.anyJSON }

    var isRegularExpression: Bool { type == Self.regularExpression }

    var isMarkup: Bool { type == Self.markup }

    /// The element expectation when the type is an array such as `[DataValue]`.
    var arrayElement: ValueExpectation? {
        guard type.hasPrefix("["), type.hasSuffix("]"), !type.contains(":") else { return nil }
        return Self.inner(String(type.dropFirst().dropLast()), owner: "an element of " + owner)
    }

    /// The value expectation when the type is a dictionary with String keys, such as `[String: Binding<DataValue>]`.
    var dictionaryValue: ValueExpectation? {
        guard type.hasPrefix("[String:"), type.hasSuffix("]") else { return nil }
        let inner = type.dropFirst("[String:".count).dropLast().trimmingCharacters(in: .whitespaces)
        return Self.inner(inner, owner: "a value of " + owner)
    }

    static func inner(_ type: String, owner: String) -> ValueExpectation {
        var t = type
        var optional = false
        if t.hasSuffix("?") { optional = true; t.removeLast() }
        if t.hasPrefix("Binding<"), t.hasSuffix(">") {
            return ValueExpectation(type: String(t.dropFirst("Binding<".count).dropLast()), bindable: true,
                                    optional: optional, owner: owner)
        }
        return ValueExpectation(type: t, bindable: false, optional: optional, owner: owner)
    }

    /// How the expected type reads in messages.
    var typeDescription: String {
        var t = type
        if isAnyJSON { t = "a JSON value" }
        if t == "[DataValue]" { t = "a list" }
        if isRegularExpression { t = "a regular expression string" }
        if isMarkup { t = "a markup string" }
        return bindable ? "\(t) or a \"{{ }}\" binding" : t
    }
}
