import TerminiTemplate

/// The checks a text field runs on its value: what its `kind` and `restrict` let stand while typing, and its
/// `validate:` rules (plus the kind's own check) when the user leaves it or its form is submitted. The first
/// failure's message is shown. TextField and the editable modal's field share them.
public struct FieldChecks: Equatable, Sendable {
    public var kind: TextFieldKind
    /// A pattern the whole text must match after every edit.
    public var restrict: String?
    public var rules: [ValidationRule]

    public init(kind: TextFieldKind = .text, restrict: String? = nil, rules: [ValidationRule] = []) {
        self.kind = kind
        self.restrict = restrict
        self.rules = rules
    }

    /// Whether anything is checked when the field is left.
    public var validates: Bool { !rules.isEmpty || kind != .text }

    /// Whether typing is restricted at all.
    public var restrictsTyping: Bool { restrict != nil || kind == .integer || kind == .number }

    /// The first failing check's message for `value`, or nil when it passes every one.
    public func firstFailure(of value: String) -> String? { FieldValidation.firstFailure(of: value, kind: kind, rules: rules) }

    /// Whether `text` may stand in the field while the user types.
    public func allows(_ text: String) -> Bool { FieldValidation.allows(text, kind: kind, restrict: restrict) }
}

/// The checks themselves, for `FieldChecks`.
enum FieldValidation {
    /// The first failing check's message for `value`, or nil when it passes every one.
    static func firstFailure(of value: String, kind: TextFieldKind, rules: [ValidationRule]) -> String? {
        let empty = value.allSatisfy(\.isWhitespace)
        if let failure = kindFailure(of: value, kind: kind, empty: empty) { return failure }
        for rule in rules {
            if let failure = failure(of: value, rule, empty: empty) { return failure }
        }
        return nil
    }

    private static func kindFailure(of value: String, kind: TextFieldKind, empty: Bool) -> String? {
        guard !empty else { return nil }
        switch kind {
        case .text: return nil
        case .integer: return Int(value) == nil ? "Enter a whole number" : nil
        case .number: return Double(value).map { $0.isFinite } == true ? nil : "Enter a number"
        case .email: return value.wholeMatch(of: emailShape) == nil ? "Enter an email address" : nil
        }
    }

    /// `name@domain.tld`, as browsers check `type=email`: no spaces, one `@`, a dot in the domain.
    nonisolated(unsafe) private static let emailShape = /[^@\s]+@[^@\s.]+(\.[^@\s.]+)+/

    private static func failure(of value: String, _ rule: ValidationRule, empty: Bool) -> String? {
        switch rule {
        case .required(let message):
            return empty ? message ?? "Required" : nil
        case .pattern(let source, let message):
            guard !empty, let regex = compiled(source) else { return nil }
            return value.wholeMatch(of: regex) == nil ? message ?? "Does not match the expected format" : nil
        case .length(let min, let max, let message):
            guard !empty else { return nil }
            let count = value.count
            if let min, count < min { return message ?? lengthMessage(min: min, max: max) }
            if let max, count > max { return message ?? lengthMessage(min: min, max: max) }
            return nil
        case .integer(let min, let max, let message):
            guard !empty else { return nil }
            guard let n = Int(value) else { return message ?? rangeMessage("a whole number", min.map(String.init), max.map(String.init)) }
            if let min, n < min { return message ?? rangeMessage("a whole number", String(min), max.map(String.init)) }
            if let max, n > max { return message ?? rangeMessage("a whole number", min.map(String.init), String(max)) }
            return nil
        case .number(let min, let max, let message):
            guard !empty else { return nil }
            let text = { (d: Double?) in d.map { $0 == $0.rounded() && abs($0) < 1e15 ? String(Int($0)) : String($0) } }
            guard let n = Double(value), n.isFinite else { return message ?? rangeMessage("a number", text(min), text(max)) }
            if let min, n < min { return message ?? rangeMessage("a number", text(min), text(max)) }
            if let max, n > max { return message ?? rangeMessage("a number", text(min), text(max)) }
            return nil
        }
    }

    private static func lengthMessage(min: Int?, max: Int?) -> String {
        switch (min, max) {
        case let (min?, max?): "Use \(min) to \(max) characters"
        case let (min?, nil): "Use at least \(min) characters"
        case let (nil, max?): "Use at most \(max) characters"
        case (nil, nil): "Wrong length"
        }
    }

    private static func rangeMessage(_ what: String, _ min: String?, _ max: String?) -> String {
        switch (min, max) {
        case let (min?, max?): "Enter \(what) from \(min) to \(max)"
        case let (min?, nil): "Enter \(what) of at least \(min)"
        case let (nil, max?): "Enter \(what) of at most \(max)"
        case (nil, nil): "Enter \(what)"
        }
    }

    // MARK: Typing

    /// Whether `text` may stand in the field while the user types: it keeps `restrict`, or else the shape its
    /// `kind` allows on the way to a value (`-` and `1.` are steps towards a number).
    static func allows(_ text: String, kind: TextFieldKind, restrict: String?) -> Bool {
        if let restrict {
            guard let regex = compiled(restrict) else { return true }
            return text.wholeMatch(of: regex) != nil
        }
        switch kind {
        case .text, .email: return true
        case .integer: return text.wholeMatch(of: integerSteps) != nil
        case .number: return text.wholeMatch(of: numberSteps) != nil
        }
    }

    nonisolated(unsafe) private static let integerSteps = /-?[0-9]*/
    nonisolated(unsafe) private static let numberSteps = /-?[0-9]*\.?[0-9]*/

    /// Patterns compiled once each: `tplgen` already refused any that do not compile, so a failure here (a template
    /// written by hand) lets everything through rather than blocking the field. UI thread only.
    nonisolated(unsafe) private static var cache: [String: Regex<AnyRegexOutput>?] = [:]

    private static func compiled(_ source: String) -> Regex<AnyRegexOutput>? {
        if let hit = cache[source] { return hit }
        let regex = try? Regex(source)
        if cache.count > 256 { cache.removeAll() }
        cache[source] = regex
        return regex
    }
}

/// A script's field checks (`showModal({editable: true, kind, restrict, validate})`) that are malformed: the message
/// names the parameter.
public struct FieldChecksError: Error, Equatable, Sendable, CustomStringConvertible {
    public var description: String
    init(_ description: String) { self.description = description }
}

extension FieldChecks {
    /// Reads checks as a script writes them: `kind` ('text', 'integer', 'number', 'email'), `restrict` (a pattern),
    /// and `validate`, a list of `{rule: 'required' | 'pattern' | 'length' | 'integer' | 'number', pattern, min, max,
    /// message}`, the DSL's `ValidationRule`s as objects. Throws naming the first bad member.
    public init(script params: JSONValue) throws(FieldChecksError) {
        self.init()
        if let value = params["kind"], !value.isNull {
            // Only a case's name: the decoder would also take the template form ({"cmd": …}), which no script writes.
            guard case .string = value, let kind = try? TextFieldKind.decodeProp(value, owner: "kind") else {
                throw FieldChecksError("parameter 'kind' must be 'text', 'integer', 'number' or 'email', got \(value.serialized())")
            }
            self.kind = kind
        }
        if let value = params["restrict"], !value.isNull {
            guard case .string(let pattern) = value else {
                throw FieldChecksError("parameter 'restrict' must be a string, got \(value.typeName)")
            }
            do { _ = try Regex(pattern) } catch {
                throw FieldChecksError("parameter 'restrict' is not a valid regular expression: \(error)")
            }
            restrict = pattern
        }
        guard let value = params["validate"], !value.isNull else { return }
        guard case .array(let items) = value else {
            throw FieldChecksError("parameter 'validate' must be a list of rules, got \(value.typeName)")
        }
        for (i, item) in items.enumerated() { rules.append(try Self.rule(item, at: "validate[\(i)]")) }
    }

    private static func rule(_ item: JSONValue, at path: String) throws(FieldChecksError) -> ValidationRule {
        guard case .object = item, case .string(let name)? = item["rule"] else {
            throw FieldChecksError("\(path) must be an object with a 'rule': 'required', 'pattern', 'length', 'integer' or 'number'")
        }
        func string(_ key: String) throws(FieldChecksError) -> String? {
            guard let v = item[key], !v.isNull else { return nil }
            guard case .string(let s) = v else { throw FieldChecksError("\(path).\(key) must be a string, got \(v.typeName)") }
            return s
        }
        func number(_ key: String, whole: Bool) throws(FieldChecksError) -> Double? {
            guard let v = item[key], !v.isNull else { return nil }
            guard case .number(let n) = v, n.isFinite, !whole || (n == n.rounded() && abs(n) < 9e15) else {
                throw FieldChecksError("\(path).\(key) must be a\(whole ? " whole" : "") number, got \(v.serialized())")
            }
            return n
        }
        let message = try string("message")
        switch name {
        case "required": return .required(message: message)
        case "pattern":
            guard let pattern = try string("pattern") else { throw FieldChecksError("\(path).pattern is missing") }
            do { _ = try Regex(pattern) } catch {
                throw FieldChecksError("\(path).pattern is not a valid regular expression: \(error)")
            }
            return .pattern(pattern, message: message)
        case "length":
            return .length(min: try number("min", whole: true).map { Int($0) }, max: try number("max", whole: true).map { Int($0) },
                           message: message)
        case "integer":
            return .integer(min: try number("min", whole: true).map { Int($0) }, max: try number("max", whole: true).map { Int($0) },
                            message: message)
        case "number":
            return .number(min: try number("min", whole: false), max: try number("max", whole: false), message: message)
        default:
            throw FieldChecksError("\(path).rule '\(name)' is not one of 'required', 'pattern', 'length', 'integer', 'number'")
        }
    }
}
