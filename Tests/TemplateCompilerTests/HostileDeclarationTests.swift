import Foundation
import Testing
@testable import TemplateCompiler

/// Declarations at extreme depth: `tplgen` names the limit at the place it is passed and says what to do instead
/// (issue 27, items 2 and 13).
@Suite struct HostileDeclarationTests {
    static func compile(_ text: String) throws -> [String] {
        let result = try PageCompiler().compile([PageSource(path: "deep.swift", text: text)])
        #expect(result.pages.isEmpty || result.diagnostics.isEmpty)
        return result.diagnostics.map(\.description)
    }

    /// `count` Columns, one inside the other, around a Text.
    static func nestedColumns(_ count: Int) -> String {
        var body = "Text(\"leaf\")"
        for _ in 0..<count { body = "Column {\n\(body)\n}" }
        return "import TerminiDSL\n\nlet page = Page(\"page\") {\n\(body)\n}\n"
    }

    @Test(arguments: [ParserNesting.maximumLevels, ParserNesting.maximumLevels + 5, 400])
    func nestingPastTheParsersLimitNamesTheLimitAndAComponent(columns: Int) throws {
        let errors = try Self.compile(Self.nestedColumns(columns))
        #expect(errors.count == 1, "\(errors)")
        let error = try #require(errors.first)
        #expect(error.hasPrefix("deep.swift:"), "\(error)")
        #expect(error.contains("nests deeper than the Swift parser allows (\(ParserNesting.maximumLevels) levels"), "\(error)")
        #expect(error.contains("struct Inner: Component"), "\(error)")
        #expect(!error.contains(ParserNesting.swiftSyntaxMessage), "\(error)")
    }

    @Test func nestingWithinTheParsersLimitCompiles() throws {
        #expect(try Self.compile(Self.nestedColumns(ParserNesting.maximumLevels / 2)).isEmpty)
    }

    @Test(arguments: [257, 50_000]) func aBindingWithTooManyMemberAccessesIsAnErrorAtItsPlace(steps: Int) throws {
        let binding = "{{msg" + String(repeating: ".a", count: steps) + "}}"
        let errors = try Self.compile("import TerminiDSL\n\nlet page = Page(\"page\") {\n    Text(\"\(binding)\")\n}\n")
        #expect(errors.count == 1, "\(errors.map { String($0.prefix(200)) })")
        // Line 4; the string's first character is column 11, and the 257th step starts 2 + 3 + 2 * 256 later.
        #expect(errors.first?.hasPrefix("deep.swift:4:\(11 + 5 + 2 * 256): error: ") == true, "\(errors.first?.prefix(300) ?? "")")
        #expect(errors.first?.contains("more than 256 steps") == true)
    }
}
