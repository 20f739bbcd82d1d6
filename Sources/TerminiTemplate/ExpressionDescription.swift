extension Expression: CustomStringConvertible {
    /// Canonical source text that parses back to the same expression, with only the parentheses precedence needs.
    /// Used in diagnostics and to print an expression the compiler has rewritten.
    public var description: String {
        var out = ""
        write(to: &out, requiredPrecedence: 0)
        return out
    }

    /// Binding strength of this node's outermost operator; atoms (literals, paths) bind tightest.
    private var precedence: Int {
        switch self {
        case .literal, .path, .call: 8
        case .unary: 7
        case .binary(let op, _, _): op.precedence
        case .conditional: 0
        }
    }

    private func write(to out: inout String, requiredPrecedence: Int) {
        let parenthesize = precedence < requiredPrecedence
        if parenthesize { out += "(" }
        switch self {
        case .literal(let value):
            Self.writeLiteral(value, to: &out)
        case .path(let root, let steps):
            out += root
            for step in steps {
                switch step {
                case .key(let key) where Self.isName(key):
                    out += "."
                    out += key
                case .key(let key):
                    out += "["
                    Self.writeLiteral(.string(key), to: &out)
                    out += "]"
                case .index(let index):
                    out += "["
                    index.write(to: &out, requiredPrecedence: 0)
                    out += "]"
                }
            }
        case .unary(let op, let operand):
            out += op.rawValue
            var operandText = ""
            operand.write(to: &operandText, requiredPrecedence: 7)
            // `- -a` must not run together: the lexer has no `--`, but people would read it as one.
            if op == .negate, operandText.hasPrefix("-") { out += " " }
            out += operandText
        case .binary(let op, let lhs, let rhs):
            // Left-associative: an equal-precedence left operand needs no parentheses, a right one does.
            lhs.write(to: &out, requiredPrecedence: op.precedence)
            out += " " + op.rawValue + " "
            rhs.write(to: &out, requiredPrecedence: op.precedence + 1)
        case .call(let name, let arguments):
            out += name + "("
            for (i, argument) in arguments.enumerated() {
                if i > 0 { out += ", " }
                argument.write(to: &out, requiredPrecedence: 0)
            }
            out += ")"
        case .conditional(let condition, let whenTrue, let whenFalse):
            condition.write(to: &out, requiredPrecedence: 1)
            out += " ? "
            whenTrue.write(to: &out, requiredPrecedence: 0)
            out += " : "
            whenFalse.write(to: &out, requiredPrecedence: 0)
        }
        if parenthesize { out += ")" }
    }

    private static func isName(_ key: String) -> Bool {
        guard let first = key.unicodeScalars.first, ExpressionLexer.isNameStart(first) else { return false }
        return key.unicodeScalars.allSatisfy(ExpressionLexer.isNamePart)
    }

    private static func writeLiteral(_ value: JSONValue, to out: inout String) {
        switch value {
        case .number(let n) where n.isNaN: out += "(0 / 0)"
        case .number(let n) where n.isInfinite: out += n < 0 ? "(-1 / 0)" : "(1 / 0)"
        case .number(let n) where n < 0 || (n == 0 && n.sign == .minus):
            out += "-" + JSONValue.formatNumber(-n)
        case .string(let s):
            out += "'"
            for scalar in s.unicodeScalars {
                switch scalar {
                case "'": out += "\\'"
                case "\\": out += "\\\\"
                case "\n": out += "\\n"
                case "\r": out += "\\r"
                case "\t": out += "\\t"
                case let c where c.value < 0x20 || c.value == 0x7F:
                    let hex = String(c.value, radix: 16)
                    out += "\\x" + (hex.count < 2 ? "0" : "") + hex
                default: out.unicodeScalars.append(scalar)
                }
            }
            out += "'"
        // Arrays and objects have no expression syntax; they only arise from code that builds trees by hand.
        default: out += value.serialized()
        }
    }
}
