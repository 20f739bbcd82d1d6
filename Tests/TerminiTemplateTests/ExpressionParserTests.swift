import Testing
@testable import TerminiTemplate

@Suite struct ExpressionParserTests {
    private func parse(_ text: String) throws -> Expression { try Expression.parse(text) }

    private func error(_ text: String) -> ExpressionError? {
        do {
            _ = try Expression.parse(text)
            return nil
        } catch {
            return error
        }
    }

    @Test func literals() throws {
        #expect(try parse("42") == .literal(42))
        #expect(try parse("1.5") == .literal(1.5))
        #expect(try parse(".5") == .literal(0.5))
        #expect(try parse("2e3") == .literal(2000))
        #expect(try parse("2.5E-1") == .literal(0.25))
        #expect(try parse("-3") == .literal(-3))
        #expect(try parse("'single'") == .literal("single"))
        #expect(try parse("\"double\"") == .literal("double"))
        #expect(try parse("true") == .literal(true))
        #expect(try parse("false") == .literal(false))
        #expect(try parse("null") == .literal(nil))
        #expect(try parse("undefined") == .literal(nil))
    }

    @Test func stringEscapes() throws {
        #expect(try parse(#"'a\'b'"#) == .literal("a'b"))
        #expect(try parse(#""say \"hi\"""#) == .literal("say \"hi\""))
        #expect(try parse(#"'\n\t\r\\'"#) == .literal("\n\t\r\\"))
        #expect(try parse(#"'\u00e9\x41'"#) == .literal("éA"))
        #expect(try parse(#"'\u{1F600}'"#) == .literal("😀"))
        #expect(try parse(#"'\ud83d\ude00'"#) == .literal("😀"))
        #expect(try parse(#"'\q'"#) == .literal("q"))
        #expect(try parse(#"'it"s'"#) == .literal("it\"s"))
    }

    @Test func paths() throws {
        #expect(try parse("todo") == .path(root: "todo", steps: []))
        #expect(try parse("todo.title") == .path(root: "todo", steps: [.key("title")]))
        #expect(try parse("a.b[0].c") == .path(root: "a", steps: [.key("b"), .index(.literal(0)), .key("c")]))
        #expect(try parse("xs[i + 1]") == .path(root: "xs", steps: [
            .index(.binary(.add, .path(root: "i", steps: []), .literal(1))),
        ]))
        #expect(try parse("xs.length") == .path(root: "xs", steps: [.key("length")]))
        #expect(try parse("$item._id2") == .path(root: "$item", steps: [.key("_id2")]))
        #expect(try parse("a . b") == .path(root: "a", steps: [.key("b")]))
        #expect(try parse("o.null.true") == .path(root: "o", steps: [.key("null"), .key("true")]))
        #expect(try parse("m['k']") == .path(root: "m", steps: [.index(.literal("k"))]))
        #expect(try parse("日本.名前") == .path(root: "日本", steps: [.key("名前")]))
    }

    @Test func precedenceFollowsJavaScript() throws {
        let a = Expression.path(root: "a", steps: [])
        let b = Expression.path(root: "b", steps: [])
        let c = Expression.path(root: "c", steps: [])
        #expect(try parse("a + b * c") == .binary(.add, a, .binary(.multiply, b, c)))
        #expect(try parse("a - b - c") == .binary(.subtract, .binary(.subtract, a, b), c))
        #expect(try parse("(a + b) * c") == .binary(.multiply, .binary(.add, a, b), c))
        #expect(try parse("a || b && c") == .binary(.or, a, .binary(.and, b, c)))
        #expect(try parse("a == b < c") == .binary(.equal, a, .binary(.less, b, c)))
        #expect(try parse("a < b == b > c") == .binary(.equal, .binary(.less, a, b), .binary(.greater, b, c)))
        #expect(try parse("!a && b") == .binary(.and, .unary(.not, a), b))
        #expect(try parse("-a * b") == .binary(.multiply, .unary(.negate, a), b))
        #expect(try parse("a ? b : c ? a : b") == .conditional(a, b, .conditional(c, a, b)))
        #expect(try parse("a || b ? b : c") == .conditional(.binary(.or, a, b), b, c))
        #expect(try parse("a === b !== c") == .binary(.strictNotEqual, .binary(.strictEqual, a, b), c))
        #expect(try parse("a <= b >= c") == .binary(.greaterOrEqual, .binary(.lessOrEqual, a, b), c))
        #expect(try parse("a % b / c") == .binary(.divide, .binary(.remainder, a, b), c))
        #expect(try parse("!!a") == .unary(.not, .unary(.not, a)))
        #expect(try parse("a != b") == .binary(.notEqual, a, b))
    }

    @Test func errorsNameTheColumn() {
        #expect(error("") == ExpressionError(message: "the expression is empty", column: 1))
        #expect(error("   ") == ExpressionError(message: "the expression is empty", column: 4))
        #expect(error("a +") == ExpressionError(message: "expected an expression, found the end", column: 4))
        #expect(error("a + * b") == ExpressionError(message: "expected an expression, found '*'", column: 5))
        #expect(error("(a + b") == ExpressionError(message: "expected ')' to close the '(' at column 1, found the end", column: 7))
        #expect(error("a b") == ExpressionError(message: "unexpected 'b' after the expression", column: 3))
        #expect(error("a = 1") == ExpressionError(message: "unexpected '='; use '==' to compare (assignment is not allowed)", column: 3))
        #expect(error("a & b") == ExpressionError(message: "unexpected '&'; did you mean '&&'?", column: 3))
        #expect(error("a | b") == ExpressionError(message: "unexpected '|'; did you mean '||'?", column: 3))
        #expect(error("'abc") == ExpressionError(message: "unterminated string; expected a closing '", column: 1))
        #expect(error("x + \"abc") == ExpressionError(message: "unterminated string; expected a closing \"", column: 5))
        #expect(error("a ? b") == ExpressionError(message: "expected ':' after the '?' branch, found the end", column: 6))
        #expect(error("a.") == ExpressionError(message: "expected a name after '.', found the end", column: 3))
        #expect(error("a.5") == ExpressionError(message: "expected a name after '.', found number 5", column: 3))
        #expect(error("xs[]") == ExpressionError(message: "expected an index expression inside '[]'", column: 4))
        #expect(error("xs[1") == ExpressionError(message: "expected ']' to close the '[' at column 3, found the end", column: 5))
        #expect(error("a # b") == ExpressionError(message: "unexpected character '#'", column: 3))
        #expect(error("12abc") == ExpressionError(message: "unexpected 'a' right after a number", column: 3))
        #expect(error("1e") == ExpressionError(message: "expected digits in the number's exponent", column: 3))
        #expect(error("(a).b") == ExpressionError(message: "'.' can only follow a name, not a parenthesized expression", column: 4))
        #expect(error("'s'[0]") == ExpressionError(message: "'[' can only follow a name, not a string", column: 4))
        #expect(error(")") == ExpressionError(message: "expected an expression, found ')'", column: 1))
        #expect(error(#"'\x4'"#) == ExpressionError(message: "invalid \\x escape; expected two hex digits", column: 2))
        #expect(error(#"'\u12'"#) == ExpressionError(message: "invalid \\u escape; expected four hex digits", column: 2))
    }

    @Test func columnsCountUnicodeScalarsNotBytes() {
        #expect(error("'é' + ") == ExpressionError(message: "expected an expression, found the end", column: 7))
    }

    @Test func deepNestingIsAnErrorNotACrash() {
        let parens = String(repeating: "(", count: 1000) + "1" + String(repeating: ")", count: 1000)
        let e = error(parens)
        #expect(e?.message == "the expression is nested more than 256 levels deep")
        #expect(e.map { $0.column > 200 && $0.column < 300 } == true)

        #expect(error(String(repeating: "!", count: 1000) + "a")?.message.contains("nested more than 256") == true)
        #expect(error(String(repeating: "-", count: 1000) + "a")?.message.contains("nested more than 256") == true)
        #expect(error("xs" + String(repeating: "[xs", count: 1000) + String(repeating: "]", count: 1000))?
            .message.contains("nested more than 256") == true)
        let chain = (0..<1000).map { _ in "a" }.joined(separator: " + ")
        #expect(error(chain)?.message.contains("nested more than 256") == true)
        let ternaries = String(repeating: "a ? b : ", count: 1000) + "c"
        #expect(error(ternaries)?.message.contains("nested more than 256") == true)
    }

    @Test func moderateNestingIsFine() throws {
        let parens = String(repeating: "(", count: 100) + "1" + String(repeating: ")", count: 100)
        #expect(try parse(parens) == .literal(1))
        let chain = (0..<100).map { _ in "1" }.joined(separator: " + ")
        #expect(try parse(chain).evaluate(in: ExpressionScope(data: [:])) == 100)
    }

    @Test func descriptionIsCanonicalSourceThatParsesBack() throws {
        let canonical = [
            "a + b * c", "(a + b) * c", "a - (b - c)", "a - b - c", "a || b && c", "(a || b) && c",
            "a ? b : c ? d : e", "(a ? b : c) ? d : e", "a ? b || c : d",
            "!a && -b", "!(a && b)", "-(a + b)", "- -a", "!!a", "a - -3", "xs[i + 1].title", "m['two words'][0]",
            "'it\\'s \\n'", "null == 0", "a === b !== c", "x < 1 == y >= 2", "1.5e+21 + 1e-7", "a % b / c",
        ]
        for text in canonical {
            let e = try parse(text)
            #expect(e.description == text)
            #expect(try parse(e.description) == e)
        }
        #expect(try parse("((a))+(b)").description == "a + b")
        #expect(try parse("\"x\"").description == "'x'")
        #expect(Expression.literal(.number(.nan)).description == "(0 / 0)")
        #expect(try parse(Expression.literal(.number(-.infinity)).description).evaluate(in: ExpressionScope(data: [:]))
            == .number(-.infinity))
        #expect(try parse(Expression.literal("a\u{01}\t'b").description) == .literal("a\u{01}\t'b"))
    }

    @Test func errorDescriptionNamesTheColumn() {
        #expect(ExpressionError(message: "boom", column: 7).description == "column 7: boom")
    }
}
