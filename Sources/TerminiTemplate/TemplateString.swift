/// A prop string that may contain `{{ }}` parts: "Todo ({{todos.length}})".
public struct TemplateString: Hashable, Sendable {
    /// Literal text, or an expression with its source text (trimmed) and the column where that source starts.
    public enum Part: Hashable, Sendable {
        case text(String)
        case expression(Expression, source: String, column: Int)
    }

    public var parts: [Part]

    public init(parts: [Part]) { self.parts = parts }

    /// Parses; an unterminated `{{` or a bad expression throws with the column in the whole string.
    /// A `}}` outside any `{{` is plain text, and a `}}` inside a quoted string does not close the expression.
    public init(parsing text: String) throws(ExpressionError) {
        let scalars = Array(text.unicodeScalars)
        var parts: [Part] = []
        var pendingText = String.UnicodeScalarView()
        var i = 0
        while i < scalars.count {
            guard scalars[i] == "{", i + 1 < scalars.count, scalars[i + 1] == "{" else {
                pendingText.append(scalars[i])
                i += 1
                continue
            }
            let openColumn = i + 1
            guard let close = Self.closingBraces(in: scalars, from: i + 2) else {
                throw ExpressionError(message: "unterminated '{{'; expected '}}'", column: openColumn)
            }
            var start = i + 2
            var end = close
            while start < end, scalars[start].properties.isWhitespace { start += 1 }
            while end > start, scalars[end - 1].properties.isWhitespace { end -= 1 }
            if start == end {
                throw ExpressionError(message: "empty '{{}}'; expected an expression inside", column: openColumn)
            }
            let expression = try ExpressionParser.parse(scalars[start..<end], firstColumn: start + 1)
            if !pendingText.isEmpty {
                parts.append(.text(String(pendingText)))
                pendingText = String.UnicodeScalarView()
            }
            var source = String.UnicodeScalarView()
            source.append(contentsOf: scalars[start..<end])
            parts.append(.expression(expression, source: String(source), column: start + 1))
            i = close + 2
        }
        if !pendingText.isEmpty { parts.append(.text(String(pendingText))) }
        self.parts = parts
    }

    /// Index of the `}}` that closes an expression starting at `from`, skipping quoted strings (with escapes); text
    /// markup finds its bindings with it too.
    static func closingBraces(in s: [Unicode.Scalar], from: Int) -> Int? {
        var i = from
        var quote: Unicode.Scalar?
        while i < s.count {
            let c = s[i]
            if let q = quote {
                if c == "\\" { i += 2; continue }
                if c == q { quote = nil }
            } else if c == "'" || c == "\"" {
                quote = c
            } else if c == "}", i + 1 < s.count, s[i + 1] == "}" {
                return i
            }
            i += 1
        }
        return nil
    }

    /// True when there is nothing to evaluate.
    public var isConstant: Bool {
        for part in parts { if case .expression = part { return false } }
        return true
    }

    /// The expression when the string is exactly one `{{expr}}` and nothing else (spaces inside the braces are fine).
    public var singleExpression: Expression? {
        guard parts.count == 1, case .expression(let expression, _, _) = parts[0] else { return nil }
        return expression
    }

    /// A single expression yields its typed value; otherwise parts are interpolated as text (null renders as "").
    public func evaluate(in scope: ExpressionScope) -> JSONValue {
        if parts.count == 1 {
            switch parts[0] {
            case .expression(let expression, _, _): return expression.evaluate(in: scope)
            case .text(let text): return .string(text)
            }
        }
        var out = ""
        out.reserveCapacity(64)  // one allocation for typical labels instead of a few regrowths
        for part in parts {
            switch part {
            case .text(let text): out += text
            case .expression(let expression, _, _): out += expression.evaluate(in: scope).displayText
            }
        }
        return .string(out)
    }

    /// Absolute data paths read by every expression part, without duplicates, in order of first use.
    public func readPaths(in scope: ExpressionScope) -> [DataPath] {
        var paths: [DataPath] = []
        for case .expression(let expression, _, _) in parts { expression.collectReadPaths(into: &paths, scope: scope) }
        return paths
    }

    /// Data paths read without a scope, for the compiler's `deps`; see `Expression.staticReadPaths`.
    public var staticReadPaths: [DataPath] {
        var paths: [DataPath] = []
        for case .expression(let expression, _, _) in parts { expression.collectReadPaths(into: &paths, scope: nil) }
        return paths
    }
}
