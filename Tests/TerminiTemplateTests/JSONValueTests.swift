import Testing
@testable import TerminiTemplate

@Suite struct JSONValueTests {
    @Test func roundTripsNestedValues() throws {
        let text = #"{"a":[1,2.5,"x\n",true,null],"b":{"c":"\u00e9"}}"#
        let v = try JSONValue.parse(text)
        #expect(v["b"]?["c"] == "é")
        #expect(try JSONValue.parse(v.serialized()) == v)
    }

    @Test func syntaxErrorNamesLineAndColumn() {
        #expect(throws: JSONSyntaxError(message: "expected ',' or '}' in object", line: 2, column: 9)) {
            try JSONValue.parse("{\"a\": 1,\n \"b\": 2 \"c\"}")
        }
    }
}
