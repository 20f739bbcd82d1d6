import Foundation
import Testing
import TerminiTemplate
@testable import TemplateCompiler

/// `Page(..., keys: [Key(...)])` compiles into the template's `keys`, and a malformed or duplicated key is a
/// compile error at the key's own position.
@Suite struct KeyBindingCompileTests {
    static func compile(keys: String) throws -> CompilationResult {
        let text = """
            import TerminiDSL

            let inbox = Page("inbox", title: "Inbox", keys: [\(keys)]) {
                Text("hi")
            }
            """
        return try PageCompiler().compile([PageSource(path: "inbox.swift", text: text)])
    }

    @Test func bindingsCompileInOrderWithNormalisedKeys() throws {
        let result = try Self.compile(keys: #"Key("Ctrl+R", "refresh", "Refresh"), Key("d", "archive", "Archive"), Key("f5", "reload")"#)
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        let page = try #require(result.pages.first)
        #expect(page.keys.map(\.key.description) == ["ctrl+r", "d", "f5"])
        #expect(page.keys.map(\.handler) == ["refresh", "archive", "reload"])
        #expect(page.keys.map(\.label) == ["Refresh", "Archive", nil])
        // The JSON round-trips, so the engine reads what tplgen wrote.
        #expect(try TemplateFile(json: page.json) == page)
        #expect(page.json["keys"]?.arrayValue?.first == ["key": "ctrl+r", "handler": "refresh", "label": "Refresh"])
    }

    @Test func malformedKeysAreErrorsAtTheKey() throws {
        let bad = try Self.compile(keys: #"Key("ctrl+1", "x"), Key("shift+z", "y"), Key("", "z")"#)
        #expect(bad.pages.isEmpty)
        let messages = bad.diagnostics.map(\.description)
        #expect(messages.count == 3)
        #expect(messages[0].hasPrefix("inbox.swift:3:54: error: malformed key binding: 'ctrl+1': terminals send Ctrl only with a letter a-z"))
        #expect(messages[1].hasPrefix("inbox.swift:3:74: error: malformed key binding: 'shift+z': terminals send Shift with a letter as the capital; bind 'Z'"))
        #expect(messages[2].hasPrefix("inbox.swift:3:95: error: malformed key binding: an empty key"))
    }

    @Test func duplicatedKeysAreErrorsNamingTheFirst() throws {
        let dup = try Self.compile(keys: #"Key("ctrl+r", "a"), Key("Ctrl+R", "b")"#)
        #expect(dup.diagnostics.map(\.description) == [
            "inbox.swift:3:74: error: duplicate key binding 'ctrl+r'; first bound at inbox.swift:3:54",
        ])
    }

    @Test func nonLiteralArgumentsAreErrors() throws {
        let r = try Self.compile(keys: #"Key(name, "a")"#)
        #expect(r.diagnostics.map(\.description) == ["inbox.swift:3:54: error: Key arguments must be string literals"])
    }
}
