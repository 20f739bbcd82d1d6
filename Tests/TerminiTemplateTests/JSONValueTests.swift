import Testing
@testable import TerminiTemplate

@Suite struct JSONValueTests {
    private func syntaxError(_ text: String) -> JSONSyntaxError? {
        do {
            _ = try JSONValue.parse(text)
            return nil
        } catch {
            return error
        }
    }

    @Test func roundTripsNestedValues() throws {
        let text = #"{"a":[1,2.5,"x\n",true,null],"b":{"c":"\u00e9"}}"#
        let v = try JSONValue.parse(text)
        #expect(v["b"]?["c"] == "é")
        #expect(v["a"] == [1, 2.5, "x\n", true, nil])
        #expect(try JSONValue.parse(v.serialized()) == v)
    }

    @Test func parsesScalarsAndWhitespace() throws {
        #expect(try JSONValue.parse(" \t\r\n null \n") == nil)
        #expect(try JSONValue.parse("true") == true)
        #expect(try JSONValue.parse("false") == false)
        #expect(try JSONValue.parse("-0.5e2") == -50)
        #expect(try JSONValue.parse("1E3") == 1000)
        #expect(try JSONValue.parse("\"\"") == "")
        #expect(try JSONValue.parse("[]") == [])
        #expect(try JSONValue.parse("{}") == [:])
        #expect(try JSONValue.parse("[[],[[]]]") == [[], [[]]])
    }

    @Test func parsesStringEscapes() throws {
        #expect(try JSONValue.parse(#""\"\\\/\b\f\n\r\t""#) == "\"\\/\u{08}\u{0C}\n\r\t")
        #expect(try JSONValue.parse(#""\ud83d\ude00""#) == "😀")
        #expect(try JSONValue.parse(#""caf\u00E9 ok""#) == "café ok")
        #expect(try JSONValue.parse(#""\ud800""#) == "\u{FFFD}", "a lone surrogate becomes U+FFFD")
        #expect(try JSONValue.parse(#""\ud800\u0041""#) == "\u{FFFD}A", "the escape after a lone surrogate is kept")
        #expect(try JSONValue.parse("\"日本語\"") == "日本語")
    }

    @Test func laterDuplicateKeysWin() throws {
        #expect(try JSONValue.parse(#"{"a":1,"a":2}"#) == ["a": 2])
    }

    @Test func syntaxErrorNamesLineAndColumn() {
        #expect(syntaxError("{\"a\": 1,\n \"b\": 2 \"c\"}") ==
            JSONSyntaxError(message: "expected ',' or '}' in object", line: 2, column: 9))
    }

    @Test func syntaxErrors() {
        #expect(syntaxError("") == JSONSyntaxError(message: "the document is empty", line: 1, column: 1))
        #expect(syntaxError("  \n ") == JSONSyntaxError(message: "the document is empty", line: 2, column: 2))
        #expect(syntaxError("1 2") == JSONSyntaxError(message: "unexpected text after the JSON value", line: 1, column: 3))
        #expect(syntaxError("[1,") == JSONSyntaxError(message: "unexpected end of input", line: 1, column: 4))
        #expect(syntaxError("[1 2]") == JSONSyntaxError(message: "expected ',' or ']' in array", line: 1, column: 4))
        #expect(syntaxError("[1") == JSONSyntaxError(message: "unterminated array", line: 1, column: 3))
        #expect(syntaxError("{\"a\" 1}") == JSONSyntaxError(message: "expected ':' after key", line: 1, column: 6))
        #expect(syntaxError("{a:1}") == JSONSyntaxError(message: "expected a string key", line: 1, column: 2))
        #expect(syntaxError("{\"a\":1") == JSONSyntaxError(message: "unterminated object", line: 1, column: 7))
        #expect(syntaxError("\"abc") == JSONSyntaxError(message: "unterminated string", line: 1, column: 5))
        #expect(syntaxError("\"a\tb\"") == JSONSyntaxError(message: "control character in string", line: 1, column: 3))
        #expect(syntaxError(#""\q""#) == JSONSyntaxError(message: "invalid escape sequence", line: 1, column: 4))
        #expect(syntaxError(#""\u12G4""#) == JSONSyntaxError(message: #"invalid \u escape"#, line: 1, column: 6))
        #expect(syntaxError(#""\u12""#) == JSONSyntaxError(message: #"truncated \u escape"#, line: 1, column: 4))
        #expect(syntaxError("tru") == JSONSyntaxError(message: "unexpected end of input", line: 1, column: 1))
        #expect(syntaxError("nul!") == JSONSyntaxError(message: "invalid literal", line: 1, column: 1))
        #expect(syntaxError("-") == JSONSyntaxError(message: "invalid number", line: 1, column: 2))
        #expect(syntaxError("1.") == JSONSyntaxError(message: "invalid number", line: 1, column: 3))
        #expect(syntaxError("1e+") == JSONSyntaxError(message: "invalid number", line: 1, column: 4))
        #expect(syntaxError("@") == JSONSyntaxError(message: "unexpected character '@'", line: 1, column: 1))
        #expect(syntaxError("[\"é\", x]") == JSONSyntaxError(message: "unexpected character 'x'", line: 1, column: 7),
                "columns count characters, not UTF-8 bytes")
    }

    @Test func deepNestingIsRefusedNotACrash() {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        #expect(syntaxError(deep)?.message == "nesting deeper than 2000 levels")
        let fine = String(repeating: "[", count: 1000) + String(repeating: "]", count: 1000)
        #expect(syntaxError(fine) == nil)
    }

    @Test func rejectsInvalidUTF8Bytes() throws {
        #expect(throws: JSONSyntaxError(message: "the file is not valid UTF-8", line: 1, column: 1)) {
            try JSONValue.parse(bytes: [0x22, 0xFF, 0x22])
        }
        #expect(try JSONValue.parse(bytes: Array("[1]".utf8)) == [1])
    }

    @Test func serializationIsCompactWithSortedKeys() {
        let v: JSONValue = ["b": 1, "a": [true, nil, 2.5], "c": ["z": "", "y": [:]]]
        #expect(v.serialized() == #"{"a":[true,null,2.5],"b":1,"c":{"y":{},"z":""}}"#)
    }

    @Test func serializationEscapesStrings() {
        let v: JSONValue = .string("q\"b\\n\nr\rt\tc\u{01}é😀")
        #expect(v.serialized() == #""q\"b\\n\nr\rt\tc\u0001é😀""#)
    }

    /// A streamed chunk (many lines, ANSI colours, characters of every UTF-8 length) reaches the script as the same
    /// text: the escapes fall between whole characters, and the runs between them are copied as they are.
    @Test func aLongChunkOfLinesSerializesToTheSameText() throws {
        let line = "\u{1B}[32mok\u{1B}[0m é 中 😀 \"quoted\" back\\slash\ttab"
        let chunk = (0..<2000).map { "\($0) \(line)" }.joined(separator: "\n") + "\n"
        let text = JSONValue.string(chunk).serialized()
        #expect(text.hasPrefix(#""0 \u001b[32mok\u001b[0m é 中 😀 \"quoted\" back\\slash\ttab\n1 "#))
        #expect(try JSONValue.parse(text) == .string(chunk))
    }

    @Test func nonFiniteNumbersSerializeAsNull() {
        #expect(JSONValue.array([.number(.nan), .number(.infinity), .number(-.infinity)]).serialized() == "[null,null,null]")
    }

    @Test func numbersSerializeLikeJavaScript() {
        #expect(JSONValue.number(1).serialized() == "1")
        #expect(JSONValue.number(-0.0).serialized() == "0")
        #expect(JSONValue.number(2.5).serialized() == "2.5")
        #expect(JSONValue.number(1e21).serialized() == "1e+21")
        #expect(JSONValue.number(1e-7).serialized() == "1e-7")
        #expect(JSONValue.number(123e-20).serialized() == "1.23e-18")
    }

    @Test func formatNumberMatchesJavaScriptString() {
        let cases: [(Double, String)] = [
            (0, "0"), (42, "42"), (-7, "-7"), (0.5, "0.5"), (-0.25, "-0.25"), (0.1 + 0.2, "0.30000000000000004"),
            (1e15, "1000000000000000"), (1e16, "10000000000000000"), (1.2345678901234568e20, "123456789012345680000"),
            (1e21, "1e+21"), (1.5e21, "1.5e+21"), (-1e21, "-1e+21"), (1e-6, "0.000001"), (1.5e-6, "0.0000015"),
            (1e-7, "1e-7"), (-2.5e-7, "-2.5e-7"), (1e300, "1e+300"), (Double.leastNonzeroMagnitude, "5e-324"), (1234.5678, "1234.5678"),
            (Double.nan, "NaN"), (Double.infinity, "Infinity"), (-Double.infinity, "-Infinity"),
        ]
        for (n, expected) in cases {
            #expect(JSONValue.formatNumber(n) == expected, "formatting \(n)")
        }
    }

    @Test func prettySerializationIndentsByTwoSpaces() {
        let v: JSONValue = ["b": [1, 2], "a": [:], "c": []]
        #expect(v.prettySerialized() == "{\n  \"a\": {},\n  \"b\": [\n    1,\n    2\n  ],\n  \"c\": []\n}")
    }

    @Test func truthinessFollowsJavaScript() {
        let falsy: [JSONValue] = [nil, false, 0, .number(-0.0), .number(.nan), ""]
        let truthy: [JSONValue] = [true, 1, -1, .number(.infinity), "0", "false", " ", [], [:]]
        for v in falsy { #expect(!v.isTruthy, "\(v) is falsy") }
        for v in truthy { #expect(v.isTruthy, "\(v) is truthy") }
    }

    @Test func displayTextRendersNullAsEmpty() {
        #expect(JSONValue.null.displayText == "")
        #expect(JSONValue.bool(true).displayText == "true")
        #expect(JSONValue.number(3).displayText == "3")
        #expect(JSONValue.number(0.5).displayText == "0.5")
        #expect(JSONValue.string("hi").displayText == "hi")
        #expect(JSONValue.array([1, "a"]).displayText == #"[1,"a"]"#)
        #expect(JSONValue.object(["k": nil]).displayText == #"{"k":null}"#)
    }

    @Test func accessorsAndTypeNames() {
        let v: JSONValue = ["n": 3, "f": 2.5, "s": "x", "b": true, "a": [1], "o": [:], "z": nil]
        #expect(v["n"]?.intValue == 3)
        #expect(v["f"]?.intValue == nil)
        #expect(JSONValue.number(1e16).intValue == nil)
        #expect(v["f"]?.numberValue == 2.5)
        #expect(v["s"]?.stringValue == "x")
        #expect(v["b"]?.boolValue == true)
        #expect(v["a"]?.arrayValue == [1])
        #expect(v["o"]?.objectValue == [:])
        #expect(v["z"]?.isNull == true)
        #expect(v["missing"] == nil)
        #expect(JSONValue.string("x")["k"] == nil)
        #expect(v["s"]?.numberValue == nil)
        let names = [v["z"], v["b"], v["n"], v["s"], v["a"], v["o"]].map { $0?.typeName }
        #expect(names == ["null", "boolean", "number", "string", "array", "object"])
    }
}
