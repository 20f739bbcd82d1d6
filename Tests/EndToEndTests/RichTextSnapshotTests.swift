import Foundation
import Testing

/// Rich text through the built binaries: `Text(markup:)` with a theme class, a colour and a link in the styled
/// snapshot (`--format ansi`), markup in data shown literally, malformed markup as a compile error at its
/// file:line:col, and a Markdown table and each highlighted language in their colours.
@Suite(.serialized) struct RichTextSnapshotTests {
    static let page = """
        import TerminiDSL

        let index = Page("index", title: "Rich") {
            Column {
                Text(markup: "[b]Total:[/b] [accent]{{count}}[/] [#ff8000]hot[/] [link=https://example.org/docs]docs[/link]")
                Text(markup: "[i]{{user}}[/i] said [[hi]")
                Text("[q] quit")
            }
        }
        """

    static func project(page: String = page, script: String = "Page('index', { data: { count: 3, user: '[b]bob[/b] {{x}}' } })") throws -> String {
        let dir = try BuiltBinaries.project(id: "rich", pages: ["index": page], script: script)
        try #"""
            { "id": "rich", "name": "rich", "version": "1.0.0", "pages": ["index"], "permissions": [],
              "themes": { "plain": { "accent": { "color": "magenta", "style": "underline" } } } }
            """#.write(toFile: dir + "/app.json", atomically: true, encoding: .utf8)
        return dir
    }

    @Test func markupDrawsItsStylesAndLinksAndDataStaysLiteral() async throws {
        let dir = try Self.project()
        let text = try await BuiltBinaries.snapshot(dir, size: "60x6", extra: ["--format", "text"])
        #expect(text.status == 0, "\(text.stderr)")
        #expect(text.stdout.contains("Total: 3 hot docs"), "\(text.stdout)")
        #expect(text.stdout.contains("[b]bob[/b] {{x}} said [hi]"), "a user's markup is shown as written: \(text.stdout)")
        #expect(text.stdout.contains("[q] quit"), "a plain Text keeps its brackets: \(text.stdout)")
        let ansi = try await BuiltBinaries.snapshot(dir, size: "60x6", extra: ["--format", "ansi"])
        #expect(ansi.status == 0, "\(ansi.stderr)")
        let out = ansi.stdout
        #expect(out.contains("\u{1B}[0;1mTotal:\u{1B}[0m"), "bold: \(out.debugDescription)")
        #expect(out.contains("\u{1B}[0;4;35m3\u{1B}[0m"), "the theme's accent class: \(out.debugDescription)")
        #expect(out.contains("\u{1B}[0;38;2;255;128;0mhot\u{1B}[0m"), "#rrggbb: \(out.debugDescription)")
        let open = "\u{1B}]8;;", close = "\u{1B}]8;;\u{1B}\\"
        #expect(out.contains(open + "https://example.org/docs\u{1B}\\"), "an OSC 8 link: \(out.debugDescription)")
        #expect(out.contains("docs\u{1B}[0m" + close) || out.contains("docs" + close), "the link ends after its text: \(out.debugDescription)")
        #expect(out.contains("\u{1B}[0;3m[b]bob[/b] {{x}}\u{1B}[0m"), "data keeps the span's italic, not its own tags: \(out.debugDescription)")
    }

    @Test func malformedMarkupIsACompileErrorAtItsFileLineAndColumn() async throws {
        let cases: [(String, String)] = [
            (#"Text(markup: "[b]Total: {{count}}")"#, "pages/index.swift:4:19: error: '[b]' is never closed; end it with '[/b]' or '[/]'"),
            (#"Text(markup: "ok [bold ]x[/]")"#, "pages/index.swift:4:22: error: unknown style 'bold ' in markup"),
            (#"Text(markup: "[b]x[/i]")"#, "pages/index.swift:4:23: error: '[/i]' does not close the innermost open tag, '[b]'"),
            (#"Text(markup: "see [link=ftp://x]x[/link]")"#, "pages/index.swift:4:23: error: 'ftp://x' is not a link"),
            (#"Text(markup: "[#ff00]x[/]")"#, "pages/index.swift:4:19: error: '#ff00' is not a colour"),
            (#"Text(markup: "x [b")"#, "pages/index.swift:4:21: error: '[' opens a tag that is never closed with ']'"),
        ]
        for (n, (widget, message)) in cases.enumerated() {
            let page = "import TerminiDSL\n\nlet index = Page(\"index\") {\n    \(widget)\n}\n"
            let dir = try BuiltBinaries.project(id: "badmarkup\(n)", pages: ["index": page], script: "Page('index', {})")
            let check = try await BuiltBinaries.run("termini", ["check", dir])
            #expect(check.status != 0)
            #expect(check.stdout.contains(message) || check.stderr.contains(message), "\(widget): \(check.stdout) \(check.stderr)")
            let snapshot = try await BuiltBinaries.snapshot(dir)
            #expect(snapshot.status != 0 && (snapshot.stderr + snapshot.stdout).contains(message), "\(snapshot.stderr)")
        }
    }

    static let markdownPage = """
        import TerminiDSL

        let index = Page("index") {
            ScrollView { Markdown("{{md}}") }
        }
        """

    static func markdown(_ md: String, size: String, format: String) async throws -> BuiltBinaries.Result {
        let literal = String(data: try JSONSerialization.data(withJSONObject: [md], options: [.fragmentsAllowed]), encoding: .utf8)!
        let dir = try BuiltBinaries.project(id: "md", pages: ["index": markdownPage],
                                            script: "Page('index', { data: { md: \(literal)[0] } })")
        return try await BuiltBinaries.snapshot(dir, size: size, extra: ["--format", format])
    }

    @Test func aMarkdownTableHasBordersAndStylesAndAWideOneFitsFortyColumns() async throws {
        let md = "| Name | Qty |\n|:--|--:|\n| [apple](https://example.org/a) | 3 |\n| kiwi | 120 |\n"
        let ansi = try await Self.markdown(md, size: "40x12", format: "ansi")
        #expect(ansi.status == 0, "\(ansi.stderr)")
        #expect(ansi.stdout.contains("\u{1B}[0;2m┌"), "dim borders: \(ansi.stdout.debugDescription)")
        #expect(ansi.stdout.contains("\u{1B}[0;1mName"), "bold header: \(ansi.stdout.debugDescription)")
        #expect(ansi.stdout.contains("\u{1B}]8;;https://example.org/a\u{1B}\\"), "a link in a cell: \(ansi.stdout.debugDescription)")
        let text = try await Self.markdown(md, size: "40x12", format: "text")
        #expect(text.stdout.lines.contains { $0.hasPrefix("│ kiwi") && $0.contains("│ 120 │") }, "\(text.stdout)")

        let header = (0..<10).map { "heading\($0)" }, cells = (0..<10).map { "cell-\($0)-" + String(repeating: "z", count: 10) }
        let wide = "| " + header.joined(separator: " | ") + " |\n|" + String(repeating: "---|", count: 10) + "\n| "
            + cells.joined(separator: " | ") + " |\n"
        #expect(wide.split(separator: "\n")[0].count + cells.joined(separator: " | ").count > 200)
        let narrow = try await Self.markdown(wide, size: "40x40", format: "text")
        #expect(narrow.status == 0, "\(narrow.stderr)")
        for line in narrow.stdout.lines { #expect(line.count <= 40, "\(line)") }
        for cell in cells { #expect(narrow.stdout.contains(cell), "\(cell) is shown: \(narrow.stdout)") }
    }

    /// One fenced block per language, and in each the escape of a token that language colours.
    @Test func eachLanguageIsHighlighted() async throws {
        let blocks: [(String, String, String)] = [
            ("json", #"{"name": "x", "n": 12}"#, "\u{1B}[0;34m\"name\""),
            ("javascript", "const a = 'b' // c", "\u{1B}[0;35mconst"),
            ("swift", "let s: String = \"q\"", "\u{1B}[0;36mString"),
            ("shell", "echo $HOME # home", "\u{1B}[0;36m$HOME"),
            ("python", "def f(): return None", "\u{1B}[0;34mf"),
            ("diff", "-old\n+new", "\u{1B}[0;32m+new"),
        ]
        let md = blocks.map { "```\($0.0)\n\($0.1)\n```" }.joined(separator: "\n\n")
        let ansi = try await Self.markdown(md, size: "50x24", format: "ansi")
        #expect(ansi.status == 0, "\(ansi.stderr)")
        for (language, _, escape) in blocks {
            #expect(ansi.stdout.contains(escape), "\(language): \(ansi.stdout.debugDescription)")
        }
        #expect(ansi.stdout.contains("\u{1B}[0;31m-old"))
        #expect(ansi.stdout.contains("\u{1B}[0;3;90m// c") || ansi.stdout.contains("\u{1B}[0;3;37m// c") || ansi.stdout.contains("// c"))
    }
}
