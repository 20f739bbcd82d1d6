import Testing
import TerminiTemplate
@testable import TerminiUI

/// Each fenced-code tokenizer against a real snippet: the tokens put together are the code exactly, and the parts a
/// reader looks for carry their kind.
@Suite struct CodeHighlightTests {
    func kinds(_ language: String, _ code: String) throws -> [String: CodeTokenKind] {
        let tokenizer = try #require(CodeHighlighter.tokenizer(for: language))
        let tokens = tokenizer.tokens(in: code)
        #expect(tokens.map(\.text).joined() == code, "the tokens are the code, nothing lost or added")
        var out: [String: CodeTokenKind] = [:]
        for token in tokens { if let kind = token.kind { out[token.text] = kind } }
        return out
    }

    @Test func json() throws {
        let k = try kinds("json", #"{"name": "termini", "version": 2.5, "private": true, "deps": null, "tags": ["tui"]}"#)
        #expect(k["\"name\""] == .property && k["\"termini\""] == .string && k["2.5"] == .number)
        #expect(k["true"] == .keyword && k["null"] == .keyword && k["\"tui\""] == .string)
    }

    @Test func javascript() throws {
        let k = try kinds("js", """
            // load the list
            async function load(page) {
              const rows = await bridge.invoke('request', { url: `https://x/${page}` })
              return rows.length > 0 ? new Map() : null /* none */
            }
            """)
        #expect(k["// load the list"] == .comment && k["/* none */"] == .comment)
        #expect(k["async"] == .keyword && k["function"] == .keyword && k["const"] == .keyword && k["await"] == .keyword)
        #expect(k["load"] == .function && k["invoke"] == .function && k["Map"] == .type)
        #expect(k["'request'"] == .string && k["`https://x/${page}`"] == .string && k["0"] == .number)
    }

    @Test func swift() throws {
        let k = try kinds("Swift", #"""
            @MainActor struct Counter {
                var count = 0x1F // start
                func label() -> String { "count: \(count)" }
                let doc = """
                    many [lines]
                    """
            }
            """#)
        #expect(k["@MainActor"] == .keyword && k["struct"] == .keyword && k["Counter"] == .type && k["String"] == .type)
        #expect(k["0x1F"] == .number && k["// start"] == .comment && k["label"] == .function)
        #expect(k[#""count: \(count)""#] == .string)
        #expect(k.keys.contains { $0.hasPrefix("\"\"\"") && $0.contains("many [lines]") && k[$0] == .string })
    }

    @Test func shell() throws {
        let k = try kinds("bash", """
            #!/bin/sh
            export PATH="$HOME/bin:$PATH"  # prefer ours
            for f in *.txt; do grep -n --color 'todo' "$f" || echo ${COUNT:-0}; done
            """)
        #expect(k["#!/bin/sh"] == .comment && k["# prefer ours"] == .comment)
        #expect(k["export"] == .keyword && k["for"] == .keyword && k["do"] == .keyword && k["done"] == .keyword)
        #expect(k["\"$HOME/bin:$PATH\""] == .string && k["'todo'"] == .string && k["${COUNT:-0}"] == .variable)
        #expect(k["-n"] == .property && k["--color"] == .property)
    }

    @Test func python() throws {
        let k = try kinds("py", #"""
            @dataclass
            class Point(Base):
                """A point."""
                def norm(self) -> float:
                    return math.sqrt(self.x ** 2 + 1.5)  # length
            print(f"{p!r}", rb'\d', None)
            """#)
        #expect(k["@dataclass"] == .keyword && k["class"] == .keyword && k["Point"] == .type && k["Base"] == .type)
        #expect(k["\"\"\"A point.\"\"\""] == .string && k["def"] == .keyword && k["norm"] == .function)
        #expect(k["sqrt"] == .function && k["2"] == .number && k["1.5"] == .number && k["# length"] == .comment)
        #expect(k["f\"{p!r}\""] == .string && k[#"rb'\d'"#] == .string && k["None"] == .keyword && k["self"] == .keyword)
    }

    @Test func diff() throws {
        let k = try kinds("diff", """
            diff --git a/x.swift b/x.swift
            --- a/x.swift
            +++ b/x.swift
            @@ -1,2 +1,2 @@
             let a = 1
            -let b = 2
            +let b = 3
            """)
        #expect(k["--- a/x.swift"] == .meta && k["+++ b/x.swift"] == .meta && k["@@ -1,2 +1,2 @@"] == .meta)
        #expect(k["-let b = 2"] == .deleted && k["+let b = 3"] == .inserted && k[" let a = 1"] == nil)
    }

    @Test func unknownLanguagesAndUnclosedStringsStayWhole() throws {
        #expect(CodeHighlighter.tokenizer(for: "cobol") == nil)
        for language in ["json", "js", "swift", "sh", "python", "diff"] {
            let tokenizer = try #require(CodeHighlighter.tokenizer(for: language))
            for code in ["\"unclosed", "/* open", "'''", "$", "@", "-", "\n\n", "x = \"a\\", "rb"] {
                #expect(tokenizer.tokens(in: code).map(\.text).joined() == code, "\(language): \(code.debugDescription)")
            }
        }
    }
}
