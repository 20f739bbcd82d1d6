/// Parsed `{{ }}` expression: parse once when a template loads, then evaluate for every row that binds it.
public indirect enum Expression: Hashable, Sendable {
    case literal(JSONValue)
    /// `todo.title`, `xs[i + 1]`, `xs.length`: a name followed by member and index steps.
    case path(root: String, steps: [PathStep])
    case unary(UnaryOperator, Expression)
    case binary(BinaryOperator, Expression, Expression)
    /// `condition ? whenTrue : whenFalse`
    case conditional(Expression, Expression, Expression)
    /// `upper(user.name)`: a built-in function (`TemplateFunctions`) applied to its arguments.
    case call(String, [Expression])
}

/// One step after a path's root name: `.b` or `[expr]`.
public enum PathStep: Hashable, Sendable {
    case key(String)
    case index(Expression)
}

/// Prefix operators.
public enum UnaryOperator: String, Hashable, Sendable {
    case not = "!"
    case negate = "-"
}

/// Infix operators; the raw value is the source spelling.
public enum BinaryOperator: String, Hashable, Sendable, CaseIterable {
    case add = "+"
    case subtract = "-"
    case multiply = "*"
    case divide = "/"
    case remainder = "%"
    case equal = "=="
    case notEqual = "!="
    case strictEqual = "==="
    case strictNotEqual = "!=="
    case less = "<"
    case lessOrEqual = "<="
    case greater = ">"
    case greaterOrEqual = ">="
    case and = "&&"
    case or = "||"

    /// JavaScript binding strength; higher binds tighter. `?:` sits below all of these.
    var precedence: Int {
        switch self {
        case .or: 1
        case .and: 2
        case .equal, .notEqual, .strictEqual, .strictNotEqual: 3
        case .less, .lessOrEqual, .greater, .greaterOrEqual: 4
        case .add, .subtract: 5
        case .multiply, .divide, .remainder: 6
        }
    }
}

/// An expression or template string that could not be parsed.
public struct ExpressionError: Error, Equatable, Sendable, CustomStringConvertible {
    public var message: String
    /// 1-based column (in Unicode scalars) within the text that was parsed: the whole template string for `TemplateString`.
    public var column: Int

    public init(message: String, column: Int) {
        self.message = message
        self.column = column
    }

    public var description: String { "column \(column): \(message)" }
}

extension Expression {
    /// Parses the text between `{{` and `}}`. Errors carry the 1-based column within `text`.
    public static func parse(_ text: String) throws(ExpressionError) -> Expression {
        let scalars = Array(text.unicodeScalars)
        return try ExpressionParser.parse(scalars[...], firstColumn: 1)
    }
}
