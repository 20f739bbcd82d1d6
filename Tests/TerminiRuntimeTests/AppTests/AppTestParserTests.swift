import Testing
@testable import TerminiRuntime

/// The `.test` grammar: header lines, events as `termini snapshot` reads them, `expect` lines, and errors that name
/// `file:line:col`.
@Suite struct AppTestParserTests {
    func parse(_ text: String) throws(EventScriptError) -> AppTest {
        try AppTestParser.parse(text, file: "tests/t.test", name: "t")
    }

    func error(_ text: String) -> String? {
        do { _ = try parse(text); return nil } catch { return error.description }
    }

    @Test func aTestWithoutAHeaderStartsAtTheFirstPageOn80x24WithTheClockAtZero() throws {
        let test = try parse("key Tab\nexpect no-error\n")
        #expect(test.header.page == nil && test.header.width == 80 && test.header.height == 24 && test.header.clock == 0)
        #expect(test.header.storage == nil && test.header.requestFixtures == nil)
        #expect(test.steps.map(\.line) == [1, 2])
    }

    @Test func theHeaderSetsPageQuerySizeMockStorageAndClock() throws {
        let test = try parse("""
            # a comment
            start detail?id=3&title=Two%20words
            size 60x16
            mock request=fixtures/api.json
            storage {"runs": 41}
            clock 1700000000000
            key Enter
            """)
        #expect(test.header.page == "detail" && test.header.query == ["id": "3", "title": "Two words"])
        #expect(test.header.width == 60 && test.header.height == 16 && test.header.clock == 1_700_000_000_000)
        #expect(test.header.requestFixtures?.path == "tests/fixtures/api.json")
        guard case .inline(let seed)? = test.header.storage?.seed else { Issue.record("no inline seed"); return }
        #expect(seed["runs"] == .number(41))
        let file = try parse("storage seed.json\n")
        guard case .file(let path)? = file.header.storage?.seed else { Issue.record("no seed file"); return }
        #expect(path == "tests/seed.json")
    }

    @Test func everyAssertionParses() throws {
        let test = try parse("""
            expect text "Buy milk"
            expect text "a \\"quoted\\" word" at 3
            expect focus name
            expect focus none
            expect data items[2].title == {"a": [1, true]}
            expect toast "Saved"
            expect page detail
            expect no-error
            expect screen after-add
            """)
        let expected: [AppTestExpectation] = [
            .text("Buy milk", row: nil), .text("a \"quoted\" word", row: 3), .focus("name"), .focus(nil),
            .data(path: try DataPath(parsing: "items[2].title"), pathText: "items[2].title", equals: .object(["a": [1, true]])),
            .toast("Saved"), .page("detail"), .noError, .screen("after-add"),
        ]
        #expect(test.steps.compactMap { if case .expect(let e) = $0.action { e } else { nil } } == expected)
    }

    @Test func anUnknownAssertionIsAnErrorAtItsColumn() {
        #expect(error("key Tab\n  expect colour red\n")
            == "tests/t.test:2:10: unknown assertion 'colour'; expected text, focus, data, toast, page, no-error or screen")
    }

    @Test func otherMistakesNameTheirLineAndColumn() {
        #expect(error("expect text Buy") == "tests/t.test:1:13: expected 'expect text \"<text>\" [at <row>]' with the text as a JSON string")
        #expect(error("expect text \"x\" on 3") == "tests/t.test:1:17: expected nothing or 'at <row>' (0-based) after the text")
        #expect(error("expect data items[ == 1")?.hasPrefix("tests/t.test:1:19: ") == true)
        #expect(error("expect data count == tru")?.hasPrefix("tests/t.test:1:22: ") == true)
        #expect(error("expect screen ../escape") != nil)
        #expect(error("key Tab\nsize 60x16") == "tests/t.test:2:1: 'size' belongs in the header, before the first event or expect")
        #expect(error("jump 3")?.hasPrefix("tests/t.test:1:1: unknown line 'jump'") == true)
        #expect(error("key Ctrl")?.hasPrefix("tests/t.test:1:5: unknown key 'Ctrl'") == true)
        #expect(error("size 0x3") == "tests/t.test:1:6: expected 'size <cols>x<rows>', e.g. 'size 80x24' (1-1000 each)")
        #expect(error("mock storage=x.json")?.hasPrefix("tests/t.test:1:6: only 'request' can be mocked") == true)
    }
}
