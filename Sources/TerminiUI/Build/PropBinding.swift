import TerminiTemplate

/// A template prop parsed once at load: constant JSON, a `{{ }}` string, or a container holding some.
indirect enum PropBinding: Sendable {
    case constant(JSONValue)
    case template(TemplateString)
    case array([PropBinding])
    /// Members in key order, sharing one key table with every object they evaluate to.
    case object(JSONObjectKeys, [PropBinding])

    /// Parses every string inside `value`; a bad expression throws with its text.
    static func compile(_ value: JSONValue) throws(ExpressionError) -> PropBinding {
        switch value {
        case .string(let s):
            guard s.contains("{{") else { return .constant(value) }
            let parsed = try TemplateString(parsing: s)
            return parsed.isConstant ? .constant(parsed.evaluate(in: ExpressionScope(data: .null))) : .template(parsed)
        case .array(let items):
            var compiled: [PropBinding] = []
            var allConstant = true
            for item in items {
                let c = try compile(item)
                if case .constant = c {} else { allConstant = false }
                compiled.append(c)
            }
            return allConstant ? .constant(value) : .array(compiled)
        case .object(let members):
            var keys: [String] = []
            var compiled: [PropBinding] = []
            var allConstant = true
            for (k, v) in members.sorted(by: { $0.key < $1.key }) {
                let c = try compile(v)
                if case .constant = c {} else { allConstant = false }
                keys.append(k)
                compiled.append(c)
            }
            return allConstant ? .constant(value) : .object(JSONObjectKeys(keys), compiled)
        default:
            return .constant(value)
        }
    }

    var isConstant: Bool { if case .constant = self { return true } else { return false } }

    /// The value in `scope`, appending the absolute data paths it read to `reads` (when `collect` is true).
    func evaluate(in scope: ExpressionScope, reads: inout [DataPath], collect: Bool = true) -> JSONValue {
        switch self {
        case .constant(let v):
            return v
        case .template(let t):
            if collect { for path in t.readPaths(in: scope) where !reads.contains(path) { reads.append(path) } }
            return t.evaluate(in: scope)
        case .array(let items):
            return .array(items.map { $0.evaluate(in: scope, reads: &reads, collect: collect) })
        case .object(let keys, let members):
            var values = ContiguousArray<JSONValue>()
            values.reserveCapacity(members.count)
            for member in members { values.append(member.evaluate(in: scope, reads: &reads, collect: collect)) }
            return .object(JSONObject(keys: keys, values: values))
        }
    }
}
