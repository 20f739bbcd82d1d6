import Testing
@testable import TerminiTemplate

@Suite struct TemplateStringTests {
    static let scope = ExpressionScope(data: [
        "todos": [["title": "a"], ["title": "b"]],
        "done": true,
        "count": 2.5,
        "user": ["name": "Ada"],
        "nothing": nil,
    ])

    private func error(_ text: String) -> ExpressionError? {
        do {
            _ = try TemplateString(parsing: text)
            return nil
        } catch {
            return error
        }
    }

    @Test func splitsTextAndExpressions() throws {
        let t = try TemplateString(parsing: "Todo ({{todos.length}})")
        #expect(t.parts == [
            .text("Todo ("),
            .expression(.path(root: "todos", steps: [.key("length")]), source: "todos.length", column: 9),
            .text(")"),
        ])
        #expect(!t.isConstant)
        #expect(t.singleExpression == nil)
        #expect(t.evaluate(in: Self.scope) == "Todo (2)")
    }

    @Test func sourceIsTrimmedAndColumnPointsAtIt() throws {
        let t = try TemplateString(parsing: "x{{  a + 1 }}")
        #expect(t.parts.last == .expression(.binary(.add, .path(root: "a", steps: []), .literal(1)),
                                            source: "a + 1", column: 6))
    }

    @Test func singleExpressionYieldsTheTypedValue() throws {
        #expect(try TemplateString(parsing: "{{done}}").evaluate(in: Self.scope) == true)
        #expect(try TemplateString(parsing: "{{ count }}").evaluate(in: Self.scope) == 2.5)
        #expect(try TemplateString(parsing: "{{todos}}").evaluate(in: Self.scope) == [["title": "a"], ["title": "b"]])
        #expect(try TemplateString(parsing: "{{missing}}").evaluate(in: Self.scope) == nil)
        #expect(try TemplateString(parsing: "{{ done }}").singleExpression == .path(root: "done", steps: []))
    }

    @Test func whitespaceOutsideTheBracesMakesItText() throws {
        let t = try TemplateString(parsing: " {{count}}")
        #expect(t.singleExpression == nil)
        #expect(t.evaluate(in: Self.scope) == " 2.5")
    }

    @Test func interpolationRendersNullAsEmptyAndNumbersLikeJavaScript() throws {
        let t = try TemplateString(parsing: "[{{nothing}}|{{missing.x}}|{{count * 2}}|{{done}}|{{user.name}}]")
        #expect(t.evaluate(in: Self.scope) == "[||5|true|Ada]")
        #expect(try TemplateString(parsing: "{{a}}{{b}}").evaluate(in: ExpressionScope(data: ["a": 1, "b": "x"])) == "1x")
    }

    @Test func constantStrings() throws {
        let t = try TemplateString(parsing: "plain text")
        #expect(t.isConstant)
        #expect(t.parts == [.text("plain text")])
        #expect(t.singleExpression == nil)
        #expect(t.evaluate(in: Self.scope) == "plain text")
        #expect(t.staticReadPaths.isEmpty)

        let empty = try TemplateString(parsing: "")
        #expect(empty.isConstant)
        #expect(empty.evaluate(in: Self.scope) == "")
    }

    @Test func strayClosingBracesAndSingleBracesAreText() throws {
        let t = try TemplateString(parsing: "a }} b { c } {d}")
        #expect(t.isConstant)
        #expect(t.evaluate(in: Self.scope) == "a }} b { c } {d}")
        let mixed = try TemplateString(parsing: "}}{{done}}}}")
        #expect(mixed.evaluate(in: Self.scope) == "}}true}}")
    }

    @Test func closingBracesInsideAStringLiteralDoNotEndTheExpression() throws {
        let t = try TemplateString(parsing: "{{ done ? '}}' : \"{{\" }}")
        #expect(t.evaluate(in: Self.scope) == "}}")
        let escaped = try TemplateString(parsing: #"{{ 'it\'s }}' }}"#)
        #expect(escaped.evaluate(in: Self.scope) == "it's }}")
    }

    @Test func errorsCarryTheColumnInTheWholeString() {
        #expect(error("Hello {{name") == ExpressionError(message: "unterminated '{{'; expected '}}'", column: 7))
        #expect(error("ok {{a}} then {{") == ExpressionError(message: "unterminated '{{'; expected '}}'", column: 15))
        #expect(error("x{{}}") == ExpressionError(message: "empty '{{}}'; expected an expression inside", column: 2))
        #expect(error("x{{   }}") == ExpressionError(message: "empty '{{}}'; expected an expression inside", column: 2))
        #expect(error("Count: {{ a + }}") == ExpressionError(message: "expected an expression, found the end", column: 14))
        #expect(error("é {{a b}}") == ExpressionError(message: "unexpected 'b' after the expression", column: 7))
        #expect(error("{{ 'open }}") == ExpressionError(message: "unterminated '{{'; expected '}}'", column: 1))
    }

    @Test func deepNestingInsideBracesIsAnError() {
        let deep = "{{" + String(repeating: "(", count: 1000) + "1" + String(repeating: ")", count: 1000) + "}}"
        #expect(error(deep)?.message == "the expression is nested more than 256 levels deep")
    }

    @Test func readPathsCoverEveryPart() throws {
        let t = try TemplateString(parsing: "{{todo.title}} ({{index + 1}} of {{todos.length}}) {{todo.title}}")
        #expect(t.staticReadPaths.map(\.description) == ["todo.title", "index", "todos"])
        let scope = Self.scope
            .binding("todo", to: ["title": "b"], at: DataPath([.key("todos"), .index(1)]))
            .binding("index", to: 1, at: nil)
        #expect(t.readPaths(in: scope).map(\.description) == ["todos[1].title", "todos"])
        #expect(t.evaluate(in: scope) == "b (2 of 2) b")
    }
}
