import Testing
@testable import TerminiTemplate

/// The built-in `{{ }}` functions: every one, wide characters in `truncate` and `pad`, and the compile-time checks of
/// names and argument counts.
@Suite struct TemplateFunctionsTests {
    func eval(_ text: String, _ data: JSONValue = [:]) throws -> JSONValue {
        try Expression.parse(text).evaluate(in: ExpressionScope(data: data))
    }

    @Test func textFunctions() throws {
        let user: JSONValue = ["user": ["name": "Ann Lee"], "tags": ["a", "b", 3], "word": "héllo"]
        #expect(try eval("upper(user.name)", user) == "ANN LEE")
        #expect(try eval("lower('MiXeD')") == "mixed")
        #expect(try eval("len(user.name)", user) == 7)
        #expect(try eval("len(tags)", user) == 3)
        #expect(try eval("len(missing)") == 0)
        #expect(try eval("join(tags, ' / ')", user) == "a / b / 3")
        #expect(try eval("join(tags)", user) == "a,b,3")
        #expect(try eval("upper(word) + '!'", user) == "HÉLLO!")
    }

    @Test func numberFunctions() throws {
        #expect(try eval("fixed(3.14159, 2)") == "3.14")
        #expect(try eval("fixed(2.5)") == "3")
        #expect(try eval("fixed(-1.005, 1)") == "-1.0")
        #expect(try eval("fixed(1, 3)") == "1.000")
        #expect(try eval("group(1234567)") == "1,234,567")
        #expect(try eval("group(-1234.5)") == "-1,234.5")
        #expect(try eval("group(999)") == "999")
        #expect(try eval("min(3, 1, 2)") == 1)
        #expect(try eval("max(3, 1, 2)") == 3)
        #expect(try eval("abs(-4)") == 4)
        #expect(try eval("round(2.5)") == 3)
        #expect(try eval("round(-2.5)") == -2)
        #expect(try eval("round(n)", ["n": 7.49]) == 7)
    }

    @Test func pluralReturnsTheWordOnly() throws {
        #expect(try eval("plural(1, 'comment', 'comments')") == "comment")
        #expect(try eval("plural(0, 'comment', 'comments')") == "comments")
        #expect(try eval("n + ' ' + plural(n, 'item', 'items')", ["n": 5]) == "5 items")
    }

    @Test func datesAreUTC() throws {
        #expect(try eval("date(0, 'yyyy-MM-dd HH:mm:ss')") == "1970-01-01 00:00:00")
        #expect(try eval("date(1795535259000, 'dd/MM/yyyy HH:mm')") == "24/11/2026 15:47")
        #expect(try eval("date(951782400000, 'yyyy-MM-dd')") == "2000-02-29")
        #expect(try eval("date(-86400000, 'yyyy-MM-dd')") == "1969-12-31")
    }

    @Test func padAndTruncateCountDisplayColumns() throws {
        #expect(try eval("pad(42, 6)") == "    42")
        #expect(try eval("pad('中文', 6)") == "  中文")  // two wide characters are four columns
        #expect(try eval("pad('toolong', 3)") == "toolong")
        #expect(try eval("truncate('hello world', 8)") == "hello w…")
        #expect(try eval("truncate('short', 8)") == "short")
        // 中文字 is six columns; five columns leave room for 中文 (4) and the ellipsis, never half of 字.
        #expect(try eval("truncate('中文字', 5)") == "中文…")
        #expect(try eval("truncate('中文字', 4)") == "中…")
        #expect(try eval("truncate('中文字', 6)") == "中文字")
        #expect(try eval("truncate('abc', 0)") == "")
    }

    @Test func namesAndArgumentCountsAreCheckedWhenParsed() {
        let unknown = #expect(throws: ExpressionError.self) { try Expression.parse("uper(name)") }
        #expect(unknown?.message == "unknown function 'uper'; did you mean 'upper'?")
        #expect(unknown?.column == 1)
        let count = #expect(throws: ExpressionError.self) { try Expression.parse("a + truncate(name)") }
        #expect(count?.message == "truncate(s, width) takes 2 arguments, got 1")
        #expect(count?.column == 5)
        let far = #expect(throws: ExpressionError.self) { try Expression.parse("frobnicate(1)") }
        #expect(far?.message.hasPrefix("unknown function 'frobnicate'; the functions are abs, date,") == true)
        let unclosed = #expect(throws: ExpressionError.self) { try Expression.parse("upper(a b)") }
        #expect(unclosed?.message == "expected ',' or ')' to close the '(' at column 6, found 'b'")
    }

    @Test func readsInsideArgumentsAreTracked() throws {
        let e = try Expression.parse("upper(user.name) + truncate(items[0].title, width)")
        #expect(e.staticReadPaths.map(\.description) == ["user.name", "items[0].title", "width"])
        #expect(e.description == "upper(user.name) + truncate(items[0].title, width)")
    }
}
