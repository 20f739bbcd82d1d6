import Testing
@testable import TerminiTemplate

@Suite struct ExpressionEvaluationTests {
    static let data: JSONValue = [
        "draft": "milk",
        "count": 3,
        "zero": 0,
        "empty": "",
        "flag": true,
        "nothing": nil,
        "todos": [
            ["id": 1, "title": "Buy milk", "done": false],
            ["id": 2, "title": "Walk", "done": true],
        ],
        "matrix": [[1, 2], [3, 4]],
        "user": ["name": "Ada", "tags": ["a", "b"], "7": "seven"],
        "word": "héllo",
        "numeric": " 42 ",
    ]

    private func eval(_ text: String, _ scope: ExpressionScope = ExpressionScope(data: data)) throws -> JSONValue {
        try Expression.parse(text).evaluate(in: scope)
    }

    @Test func pathsReadData() throws {
        #expect(try eval("draft") == "milk")
        #expect(try eval("todos[1].title") == "Walk")
        #expect(try eval("todos[0]['title']") == "Buy milk")
        #expect(try eval("matrix[1][0]") == 3)
        #expect(try eval("user.tags[count - 2]") == "b")
        #expect(try eval("user[7]") == "seven")
        #expect(try eval("todos.length") == 2)
        #expect(try eval("word.length") == 5)
        #expect(try eval("word[1]") == "é")
        #expect(try eval("user.tags['1']") == "b")
        #expect(try eval("todos['length']") == 2)
    }

    @Test func missingPathsGiveNull() throws {
        #expect(try eval("missing") == nil)
        #expect(try eval("missing.deeper.still") == nil)
        #expect(try eval("todos[5].title") == nil)
        #expect(try eval("todos[-1]") == nil)
        #expect(try eval("todos[0.5]") == nil)
        #expect(try eval("todos[1e300]") == nil)
        #expect(try eval("todos[0 / 0]") == nil)
        #expect(try eval("count.length") == nil)
        #expect(try eval("nothing.x") == nil)
        #expect(try eval("draft[99]") == nil)
        #expect(try eval("user.length") == nil)
        #expect(try eval("todos.first") == nil)
    }

    @Test func arithmetic() throws {
        #expect(try eval("1 + 2 * 3") == 7)
        #expect(try eval("(1 + 2) * 3") == 9)
        #expect(try eval("10 - 4 - 3") == 3)
        #expect(try eval("7 / 2") == 3.5)
        #expect(try eval("7 % 3") == 1)
        #expect(try eval("-7 % 3") == -1)
        #expect(try eval("5.5 % 2") == 1.5)
        #expect(try eval("-count") == -3)
        #expect(try eval("- -count") == 3)
        #expect(try eval("'6' * '7'") == 42)
        #expect(try eval("'10' - 1") == 9)
        #expect(try eval("true + 1") == 2)
        #expect(try eval("null + 1") == 1)
        #expect(try eval("numeric * 1") == 42)
        #expect(try eval("-'abc'").numberValue?.isNaN == true)
    }

    @Test func stringsConvertToNumbersLikeJavaScriptNumber() throws {
        let scope = ExpressionScope(data: ["none": [], "one": [5], "two": [1, 2], "obj": [:]])
        let cases: [(String, Double)] = [
            ("'1.' * 1", 1), ("'.5' * 2", 1), ("'-.5e1' * 1", -5), ("'+3' * 1", 3), ("' \\n 12 \\t' * 1", 12),
            ("'' * 1", 0), ("'   ' * 1", 0), ("'0x10' * 1", 16), ("'0b101' * 1", 5), ("'0o17' * 1", 15),
            ("'Infinity' * 1", .infinity), ("'-Infinity' * 1", -.infinity), ("none * 1", 0), ("one * 2", 10),
            ("false * 1", 0), ("null * 1", 0),
        ]
        for (text, expected) in cases {
            #expect(try eval(text, scope) == .number(expected), "\(text)")
        }
        let notNumbers = ["'12px' * 1", "'nan' * 1", "'inf' * 1", "'0x' * 1", "'0x1p3' * 1", "'1e' * 1", "'-0x10' * 1",
                          "'.' * 1", "'1 2' * 1", "two * 1", "obj * 1", "'1_000' * 1"]
        for text in notNumbers {
            #expect(try eval(text, scope).numberValue?.isNaN == true, "\(text)")
        }
    }

    @Test func divisionByZeroFollowsJavaScript() throws {
        #expect(try eval("1 / 0") == .number(.infinity))
        #expect(try eval("-1 / 0") == .number(-.infinity))
        #expect(try eval("0 / 0").numberValue?.isNaN == true)
        #expect(try eval("1 % 0").numberValue?.isNaN == true)
        #expect(try eval("'a' * 2").numberValue?.isNaN == true)
        // NaN and Infinity cannot appear in JSON; serialization writes null for them.
        #expect(try eval("0 / 0").serialized() == "null")
        #expect(try eval("1 / 0").displayText == "Infinity")
    }

    @Test func plusConcatenatesWhenEitherSideIsAString() throws {
        #expect(try eval("'a' + 1") == "a1")
        #expect(try eval("1 + 'a'") == "1a")
        #expect(try eval("1.5 + '!'") == "1.5!")
        #expect(try eval("2 + 3 + 'x'") == "5x")
        #expect(try eval("'x' + 2 + 3") == "x23")
        #expect(try eval("'Todo (' + todos.length + ')'") == "Todo (2)")
        #expect(try eval("'v' + true") == "vtrue")
        #expect(try eval("'v' + null") == "vnull")
        #expect(try eval("'v' + missing") == "vnull")
        #expect(try eval("'tags: ' + user.tags") == "tags: a,b")
        #expect(try eval("'' + user") == "[object Object]")
        #expect(try eval("1e21 + ''") == "1e+21")
        #expect(try eval("0.1 + 0.2 + ''") == "0.30000000000000004")
        #expect(try eval("1 / 3 + ''") == "0.3333333333333333")
        #expect(try eval("0.0000001 + ''") == "1e-7")
        #expect(try eval("100 + ''") == "100")
    }

    @Test func looseEquality() throws {
        #expect(try eval("1 == '1'") == true)
        #expect(try eval("0 == ''") == true)
        #expect(try eval("null == null") == true)
        #expect(try eval("missing == null") == true)
        #expect(try eval("null == 0") == false)
        #expect(try eval("null == ''") == false)
        #expect(try eval("null == false") == false)
        #expect(try eval("true == 1") == true)
        #expect(try eval("'1' == true") == true)
        #expect(try eval("'a' == 'a'") == true)
        #expect(try eval("'a' != 'b'") == true)
        #expect(try eval("0 / 0 == 0 / 0") == false)
        #expect(try eval("0 / 0 != 0 / 0") == true)
        #expect(try eval("user.tags == 'a,b'") == true)
        #expect(try eval("todos.length == 0") == false)
        #expect(try eval("todos[0].done == false") == true)
    }

    @Test func strictEquality() throws {
        #expect(try eval("1 === '1'") == false)
        #expect(try eval("1 !== '1'") == true)
        #expect(try eval("1 === 1.0") == true)
        #expect(try eval("null === null") == true)
        #expect(try eval("'a' === 'a'") == true)
        #expect(try eval("true === 1") == false)
    }

    @Test func relationalComparison() throws {
        #expect(try eval("1 < 2") == true)
        #expect(try eval("2 <= 2") == true)
        #expect(try eval("3 > 2") == true)
        #expect(try eval("2 >= 3") == false)
        #expect(try eval("'b' > 'a'") == true)
        #expect(try eval("'apple' < 'banana'") == true)
        #expect(try eval("'10' < '9'") == true, "two strings compare lexicographically")
        #expect(try eval("10 < '9'") == false, "a number and a string compare numerically")
        #expect(try eval("'a' < 1") == false)
        #expect(try eval("'a' >= 1") == false)
        #expect(try eval("null < 1") == true)
        #expect(try eval("null >= 0") == true)
        #expect(try eval("0 / 0 < 1") == false)
        #expect(try eval("0 / 0 >= 1") == false)
        #expect(try eval("'Z' < 'a'") == true)
        #expect(try eval("'\\uFF5E' < '\\u{1F600}'") == false, "strings order by UTF-16 code units, as in JavaScript")
    }

    @Test func logicalOperatorsReturnOperands() throws {
        #expect(try eval("draft || 'none'") == "milk")
        #expect(try eval("empty || 'none'") == "none")
        #expect(try eval("missing || zero") == 0)
        #expect(try eval("count && draft") == "milk")
        #expect(try eval("zero && draft") == 0)
        #expect(try eval("nothing && missing.x") == nil)
        #expect(try eval("!empty") == true)
        #expect(try eval("!todos") == false)
        #expect(try eval("!!draft") == true)
        #expect(try eval("flag && count > 2 || false") == true)
    }

    @Test func conditional() throws {
        #expect(try eval("todos.length == 0 ? 'empty' : 'has items'") == "has items")
        #expect(try eval("zero ? 'yes' : 'no'") == "no")
        #expect(try eval("count > 5 ? 'big' : count > 1 ? 'medium' : 'small'") == "medium")
        #expect(try eval("flag ? todos[0].id : todos[1].id") == 1)
    }

    @Test func literalsEvaluateToThemselves() throws {
        #expect(try eval("'str'") == "str")
        #expect(try eval("2.5") == 2.5)
        #expect(try eval("true") == true)
        #expect(try eval("null") == nil)
    }

    @Test func localsShadowDataAndInnerShadowsOuter() throws {
        let scope = ExpressionScope(data: Self.data)
            .binding("todo", to: ["title": "outer"], at: DataPath([.key("todos"), .index(0)]))
            .binding("draft", to: "local draft", at: nil)
            .binding("todo", to: ["title": "inner"], at: DataPath([.key("todos"), .index(1)]))
        #expect(try eval("todo.title", scope) == "inner")
        #expect(try eval("draft", scope) == "local draft")
        #expect(try eval("count", scope) == 3)
        #expect(scope.lookup("todo") == ["title": "inner"])
        #expect(scope.lookup("missing") == nil)
        #expect(scope.lookup("count") == 3)
    }

    @Test func indexBindingDrivesComputedIndices() throws {
        let scope = ExpressionScope(data: Self.data).binding("i", to: 0, at: nil)
        #expect(try eval("todos[i + 1].title", scope) == "Walk")
        #expect(try eval("i + 1 + '. ' + todos[i].title", scope) == "1. Buy milk")
    }

    @Test func scopeOverNonObjectDataFindsNothing() throws {
        let scope = ExpressionScope(data: [1, 2, 3])
        #expect(try eval("length", scope) == nil)
        #expect(try eval("x.y", scope) == nil)
    }

    @Test func parsedOnceEvaluatesAgainstManyScopes() throws {
        let expression = try Expression.parse("todo.done ? '[x] ' + todo.title : '[ ] ' + todo.title")
        let todos = Self.data["todos"]?.arrayValue ?? []
        #expect(todos.count == 2)
        let rendered = todos.enumerated().map { i, todo in
            expression.evaluate(in: ExpressionScope(data: Self.data)
                .binding("todo", to: todo, at: DataPath([.key("todos"), .index(i)])))
        }
        #expect(rendered == ["[ ] Buy milk", "[x] Walk"])
    }
}
