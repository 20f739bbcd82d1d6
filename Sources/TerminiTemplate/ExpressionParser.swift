/// Recursive-descent parser for `{{ }}` expressions, with JavaScript operator precedence.
///
/// Nesting is capped so that hostile or generated input gets an error instead of overflowing the stack, both
/// here and later in the (recursive) evaluator: the cap bounds the height of every tree this parser builds.
struct ExpressionParser {
    /// Deepest allowed nesting of parentheses, operators and indices; also the tallest tree the parser builds.
    static let maxDepth = 256

    private let tokens: [ExpressionToken]
    private var position = 0

    private init(tokens: [ExpressionToken]) { self.tokens = tokens }

    /// Parses `scalars`, whose first scalar sits at `firstColumn` in the text the caller reports columns against.
    static func parse(_ scalars: ArraySlice<Unicode.Scalar>, firstColumn: Int) throws(ExpressionError) -> Expression {
        let tokens = try ExpressionLexer.tokenize(scalars, firstColumn: firstColumn)
        var parser = ExpressionParser(tokens: tokens)
        if case .end = parser.current.kind {
            throw ExpressionError(message: "the expression is empty", column: parser.current.column)
        }
        let node = try parser.parseConditional(depth: 0)
        if case .end = parser.current.kind { return node.expression }
        throw ExpressionError(message: "unexpected \(parser.current.kind.spelling) after the expression",
                              column: parser.current.column)
    }

    /// An expression with its tree height, tracked so that long flat chains (`1+1+1+…`) are capped too.
    private struct Node {
        var expression: Expression
        var height: Int
    }

    private var current: ExpressionToken { tokens[min(position, tokens.count - 1)] }

    private mutating func advance() { if position < tokens.count - 1 { position += 1 } }

    private func isOperator(_ op: String) -> Bool {
        if case .op(let o) = current.kind { return o == op }
        return false
    }

    private func tooDeep(_ column: Int) -> ExpressionError {
        ExpressionError(message: "the expression is nested more than \(Self.maxDepth) levels deep", column: column)
    }

    private func checked(_ node: Node, column: Int) throws(ExpressionError) -> Node {
        if node.height > Self.maxDepth { throw tooDeep(column) }
        return node
    }

    private mutating func parseConditional(depth: Int) throws(ExpressionError) -> Node {
        if depth > Self.maxDepth { throw tooDeep(current.column) }
        let condition = try parseBinary(minimumPrecedence: 1, depth: depth)
        guard isOperator("?") else { return condition }
        let questionColumn = current.column
        advance()
        let whenTrue = try parseConditional(depth: depth + 1)
        guard isOperator(":") else {
            throw ExpressionError(message: "expected ':' after the '?' branch, found \(current.kind.spelling)",
                                  column: current.column)
        }
        advance()
        let whenFalse = try parseConditional(depth: depth + 1)
        let height = 1 + max(condition.height, whenTrue.height, whenFalse.height)
        return try checked(Node(expression: .conditional(condition.expression, whenTrue.expression, whenFalse.expression),
                                height: height), column: questionColumn)
    }

    /// Precedence climbing: left-associative loops, recursing only for tighter-binding right operands.
    private mutating func parseBinary(minimumPrecedence: Int, depth: Int) throws(ExpressionError) -> Node {
        var left = try parseUnary(depth: depth)
        while case .op(let spelling) = current.kind, let op = BinaryOperator(rawValue: spelling),
              op.precedence >= minimumPrecedence
        {
            let opColumn = current.column
            advance()
            let right = try parseBinary(minimumPrecedence: op.precedence + 1, depth: depth + 1)
            left = try checked(Node(expression: .binary(op, left.expression, right.expression),
                                    height: 1 + max(left.height, right.height)), column: opColumn)
        }
        return left
    }

    private mutating func parseUnary(depth: Int) throws(ExpressionError) -> Node {
        if depth > Self.maxDepth { throw tooDeep(current.column) }
        guard case .op(let spelling) = current.kind, let op = UnaryOperator(rawValue: spelling) else {
            return try parsePrimary(depth: depth)
        }
        let opColumn = current.column
        advance()
        let operand = try parseUnary(depth: depth + 1)
        // `-3` is a literal, not an operation to repeat on every evaluation.
        if op == .negate, case .literal(.number(let n)) = operand.expression {
            return Node(expression: .literal(.number(-n)), height: 1)
        }
        return try checked(Node(expression: .unary(op, operand.expression), height: 1 + operand.height), column: opColumn)
    }

    private mutating func parsePrimary(depth: Int) throws(ExpressionError) -> Node {
        let token = current
        switch token.kind {
        case .number(let n):
            advance()
            return try rejectSteps(after: Node(expression: .literal(.number(n)), height: 1), what: "a number")
        case .string(let s):
            advance()
            return try rejectSteps(after: Node(expression: .literal(.string(s)), height: 1), what: "a string")
        case .name(let name):
            advance()
            switch name {
            case "true": return try rejectSteps(after: Node(expression: .literal(.bool(true)), height: 1), what: "'true'")
            case "false": return try rejectSteps(after: Node(expression: .literal(.bool(false)), height: 1), what: "'false'")
            // Page data has no `undefined`; a missing value is null, so the two spellings mean the same.
            case "null", "undefined":
                return try rejectSteps(after: Node(expression: .literal(.null), height: 1), what: "'\(name)'")
            default:
                if isOperator("(") { return try parseCall(name, column: token.column, depth: depth) }
                return try parsePathSteps(root: name, depth: depth)
            }
        case .op("("):
            advance()
            let inner = try parseConditional(depth: depth + 1)
            guard isOperator(")") else {
                throw ExpressionError(message: "expected ')' to close the '(' at column \(token.column), found \(current.kind.spelling)",
                                      column: current.column)
            }
            advance()
            return try rejectSteps(after: inner, what: "a parenthesized expression")
        case .end:
            throw ExpressionError(message: "expected an expression, found the end", column: token.column)
        default:
            throw ExpressionError(message: "expected an expression, found \(token.kind.spelling)", column: token.column)
        }
    }

    /// `name(a, b)`: checked against `TemplateFunctions` here, so an unknown name or a wrong count is an error at
    /// its column, never a silent null on screen.
    private mutating func parseCall(_ name: String, column: Int, depth: Int) throws(ExpressionError) -> Node {
        guard let function = TemplateFunctions.all[name] else {
            let hint = ExpressionParser.closest(to: name, among: TemplateFunctions.names).map { "; did you mean '\($0)'?" }
                ?? "; the functions are \(TemplateFunctions.names.joined(separator: ", "))"
            throw ExpressionError(message: "unknown function '\(name)'\(hint)", column: column)
        }
        let openColumn = current.column
        advance()
        var arguments: [Expression] = []
        var height = 1
        if !isOperator(")") {
            while true {
                let argument = try parseConditional(depth: depth + 1)
                arguments.append(argument.expression)
                height = max(height, 1 + argument.height)
                if isOperator(",") { advance(); continue }
                break
            }
        }
        guard isOperator(")") else {
            throw ExpressionError(message: "expected ',' or ')' to close the '(' at column \(openColumn), found \(current.kind.spelling)",
                                  column: current.column)
        }
        advance()
        guard function.arity.contains(arguments.count) else {
            let expected = function.arity.count == 1 ? "\(function.arity.lowerBound)"
                : "\(function.arity.lowerBound) to \(function.arity.upperBound)"
            throw ExpressionError(message: "\(function.signature) takes \(expected) argument\(function.arity.upperBound == 1 ? "" : "s"), got \(arguments.count)",
                                  column: column)
        }
        if height > Self.maxDepth { throw tooDeep(column) }
        return try rejectSteps(after: Node(expression: .call(name, arguments), height: height), what: "a function call")
    }

    /// The closest name by edit distance, when close enough to be a typo (one edit per three characters, 1–3).
    static func closest(to name: String, among candidates: [String]) -> String? {
        func distance(_ a: [Character], _ b: [Character]) -> Int {
            if a.isEmpty { return b.count }
            var previous = Array(0...b.count)
            for i in 1...a.count {
                var current = [i] + Array(repeating: 0, count: b.count)
                for j in stride(from: 1, through: b.count, by: 1) {
                    current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
                }
                previous = current
            }
            return previous[b.count]
        }
        let lowered = Array(name.lowercased())
        let best = candidates.map { ($0, distance(lowered, Array($0.lowercased()))) }.min { $0.1 < $1.1 }
        guard let best, best.1 <= min(3, max(1, name.count / 3)) else { return nil }
        return best.0
    }

    /// `Expression.path` starts at a name, so `.x` or `[i]` after anything else cannot be represented; say so.
    private func rejectSteps(after node: Node, what: String) throws(ExpressionError) -> Node {
        if isOperator(".") || isOperator("[") {
            throw ExpressionError(message: "\(current.kind.spelling) can only follow a name, not \(what)",
                                  column: current.column)
        }
        return node
    }

    private mutating func parsePathSteps(root: String, depth: Int) throws(ExpressionError) -> Node {
        var steps: [PathStep] = []
        var height = 1
        while true {
            // A chain of steps is flat here, but everything built from it later (a read path, a node per step of
            // the read index) is as deep as the chain is long.
            if steps.count == Self.maxDepth, isOperator(".") || isOperator("[") {
                throw ExpressionError(message: "the path '\(root)…' has more than \(Self.maxDepth) steps ('.name' or '[index]'), "
                                      + "the limit that nesting has in an expression", column: current.column)
            }
            if isOperator(".") {
                advance()
                guard case .name(let key) = current.kind else {
                    throw ExpressionError(message: "expected a name after '.', found \(current.kind.spelling)",
                                          column: current.column)
                }
                steps.append(.key(key))
                advance()
            } else if isOperator("[") {
                let openColumn = current.column
                advance()
                if isOperator("]") {
                    throw ExpressionError(message: "expected an index expression inside '[]'", column: current.column)
                }
                let index = try parseConditional(depth: depth + 1)
                guard isOperator("]") else {
                    throw ExpressionError(message: "expected ']' to close the '[' at column \(openColumn), found \(current.kind.spelling)",
                                          column: current.column)
                }
                advance()
                height = max(height, 1 + index.height)
                if height > Self.maxDepth { throw tooDeep(openColumn) }
                steps.append(.index(index.expression))
            } else {
                return Node(expression: .path(root: root, steps: steps), height: height)
            }
        }
    }
}
