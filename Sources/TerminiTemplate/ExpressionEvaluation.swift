extension Expression {
    /// Evaluates with JavaScript-like semantics; never traps. Missing paths give `.null`.
    public func evaluate(in scope: ExpressionScope) -> JSONValue {
        switch self {
        case .literal(let value):
            return value
        case .path(let root, let steps):
            var value = scope.lookup(root) ?? .null
            for step in steps {
                // Nothing below null, and index expressions have no side effects to preserve.
                if value.isNull { return .null }
                switch step {
                case .key(let key): value = ExpressionMember.member(of: value, key: key)
                case .index(let index): value = ExpressionMember.element(of: value, at: index.evaluate(in: scope))
                }
            }
            return value
        case .unary(let op, let operand):
            let value = operand.evaluate(in: scope)
            switch op {
            case .not: return .bool(!value.isTruthy)
            case .negate: return .number(-ExpressionCoercion.number(value))
            }
        case .binary(let op, let lhs, let rhs):
            return Self.apply(op, lhs, rhs, in: scope)
        case .conditional(let condition, let whenTrue, let whenFalse):
            return condition.evaluate(in: scope).isTruthy ? whenTrue.evaluate(in: scope) : whenFalse.evaluate(in: scope)
        case .call(let name, let arguments):
            return TemplateFunctions.call(name, arguments.map { $0.evaluate(in: scope) })
        }
    }

    private static func apply(_ op: BinaryOperator, _ lhs: Expression, _ rhs: Expression,
                              in scope: ExpressionScope) -> JSONValue
    {
        let a = lhs.evaluate(in: scope)
        // `&&` and `||` short-circuit and yield an operand, not a boolean: `name || 'anonymous'`.
        switch op {
        case .and: return a.isTruthy ? rhs.evaluate(in: scope) : a
        case .or: return a.isTruthy ? a : rhs.evaluate(in: scope)
        default: break
        }
        let b = rhs.evaluate(in: scope)
        typealias C = ExpressionCoercion
        switch op {
        case .add:
            if case .number(let x) = a, case .number(let y) = b { return .number(x + y) }
            if C.isStringLike(a) || C.isStringLike(b) { return .string(C.string(a) + C.string(b)) }
            return .number(C.number(a) + C.number(b))
        case .subtract: return .number(C.number(a) - C.number(b))
        case .multiply: return .number(C.number(a) * C.number(b))
        case .divide: return .number(C.number(a) / C.number(b))
        case .remainder: return .number(C.number(a).truncatingRemainder(dividingBy: C.number(b)))
        case .equal: return .bool(C.looselyEqual(a, b))
        case .notEqual: return .bool(!C.looselyEqual(a, b))
        case .strictEqual: return .bool(C.strictlyEqual(a, b))
        case .strictNotEqual: return .bool(!C.strictlyEqual(a, b))
        case .less: return .bool(C.compare(a, b) == .ascending)
        case .lessOrEqual:
            let o = C.compare(a, b)
            return .bool(o == .ascending || o == .same)
        case .greater: return .bool(C.compare(a, b) == .descending)
        case .greaterOrEqual:
            let o = C.compare(a, b)
            return .bool(o == .descending || o == .same)
        case .and, .or: return .null  // handled above
        }
    }
}

/// Member and index access with JavaScript's reach: `.length` of arrays and strings, numeric keys on arrays,
/// characters of strings. Anything that is not there is null.
enum ExpressionMember {
    static func member(of value: JSONValue, key: String) -> JSONValue {
        switch value {
        case .object(let members):
            return members[key] ?? .null
        case .array(let items):
            if key == "length" { return .number(Double(items.count)) }
            if let i = Int(key), i >= 0, i < items.count, String(i) == key { return items[i] }
            return .null
        case .string(let s):
            if key == "length" { return .number(Double(s.count)) }
            if let i = Int(key), i >= 0, String(i) == key { return character(of: s, at: i) }
            return .null
        default:
            return .null
        }
    }

    static func element(of value: JSONValue, at index: JSONValue) -> JSONValue {
        guard case .number(let n) = index else { return member(of: value, key: ExpressionCoercion.string(index)) }
        switch value {
        case .array(let items):
            guard let i = integerIndex(n), i < items.count else { return .null }
            return items[i]
        case .string(let s):
            guard let i = integerIndex(n) else { return .null }
            return character(of: s, at: i)
        case .object(let members):
            return members[JSONValue.formatNumber(n)] ?? .null
        default:
            return .null
        }
    }

    /// A non-negative whole number that fits an `Int`; NaN, fractions and negatives index nothing.
    static func integerIndex(_ n: Double) -> Int? {
        guard n >= 0, n < 9.0e15, n.rounded(.towardZero) == n else { return nil }
        return Int(n)
    }

    /// Strings index by character (grapheme cluster), matching how `.length` counts them.
    private static func character(of s: String, at i: Int) -> JSONValue {
        guard let index = s.index(s.startIndex, offsetBy: i, limitedBy: s.endIndex), index < s.endIndex else {
            return .null
        }
        return .string(String(s[index]))
    }
}
