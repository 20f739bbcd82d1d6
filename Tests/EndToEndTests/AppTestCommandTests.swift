import Foundation
import Testing

/// `termini test` driven as a user (and a CI job) runs it: a broken binding fails with a diff against the golden
/// screen, `--update` writes golden screens, a mistake in a test names its `file:line:col`, and the exit status
/// says whether every test passed. Also `termini snapshot --format`.
@Suite struct AppTestCommandTests {
    static let page = """
        import TerminiDSL

        let index = Page("index", title: "Shop") {
            Column {
                Text("{{items.length}} items", style: .bold)
                ForEach("{{items}}", key: "id", item: "item") {
                    Text("{{item.title}}", color: .green)
                }
                Button("Add", onTap: "add")
            }
        }
        """
    static let script = """
        Page('index', {
          data: { items: [{ id: 1, title: 'Apples' }, { id: 2, title: 'Pears' }] },
          add() { this.setData({ items: this.data.items.concat([{ id: 3, title: 'Plums' }]) }) },
        })
        """
    static let test = """
        # Enter on Add appends Plums.
        size 40x8
        expect text "Apples"
        expect screen first
        key Enter
        expect data items[2].title == "Plums"
        expect screen added
        expect no-error
        """

    /// A project with one test, its golden screens not written yet.
    func project() throws -> String {
        let dir = try BuiltBinaries.project(id: "shop", pages: ["index": Self.page], script: Self.script)
        try FileManager.default.createDirectory(atPath: dir + "/tests", withIntermediateDirectories: true)
        try Self.test.write(toFile: dir + "/tests/add.test", atomically: true, encoding: .utf8)
        return dir
    }

    @Test func aBrokenBindingFailsWithADiffAgainstTheGoldenScreen() async throws {
        let dir = try project()
        let update = try await BuiltBinaries.run("termini", ["test", dir, "--update"])
        #expect(update.status == 0, "\(update.stdout)\(update.stderr)")
        #expect(update.stdout.contains("wrote \(dir)/tests/screens/first.screen") && update.stdout.hasSuffix("1 passed, 0 failed\n"))
        let passing = try await BuiltBinaries.run("termini", ["test", dir])
        #expect(passing.status == 0 && passing.stdout.hasSuffix("1 passed, 0 failed\n"), "\(passing.stdout)")

        // The list's rows now read a member that does not exist: the rows render empty.
        try Self.page.replacingOccurrences(of: "{{item.title}}", with: "{{item.titel}}")
            .write(toFile: dir + "/pages/index.swift", atomically: true, encoding: .utf8)
        let broken = try await BuiltBinaries.run("termini", ["test", dir])
        #expect(broken.status == 1)
        let out = broken.stdout
        #expect(out.contains("FAIL add"), "\(out)")
        #expect(out.contains("\(dir)/tests/add.test:3: expect text \"Apples\""), "\(out)")
        #expect(out.contains("  expected: \"Apples\" on the screen\n  actual:   not on the screen"), "\(out)")
        #expect(out.hasSuffix("0 passed, 1 failed\n"), "\(out)")

        // Without the text check, the golden screen catches it, with the rows that differ and their styles.
        try Self.test.replacingOccurrences(of: "expect text \"Apples\"\n", with: "")
            .write(toFile: dir + "/tests/add.test", atomically: true, encoding: .utf8)
        let diff = try await BuiltBinaries.run("termini", ["test", dir])
        #expect(diff.status == 1)
        #expect(diff.stdout.contains("\(dir)/tests/add.test:3: expect screen first\n"), "\(diff.stdout)")
        #expect(diff.stdout.contains("  actual:   2 rows differ: 2, 3\n"), "\(diff.stdout)")
        #expect(diff.stdout.contains("    style a: fg=green\n    - row 2 |Apples\n            |aaaaaa\n    + row 2 |\n"), "\(diff.stdout)")
        // --color always paints the rows in their own colours.
        let colored = try await BuiltBinaries.run("termini", ["test", dir, "--color", "always"])
        #expect(colored.stdout.contains("    - row 2 |\u{1B}[0;32mApples\u{1B}[0m"), "\(colored.stdout)")
    }

    @Test func aMissingGoldenScreenFailsUntilUpdateWritesIt() async throws {
        let dir = try project()
        let missing = try await BuiltBinaries.run("termini", ["test", dir])
        #expect(missing.status == 1)
        #expect(missing.stdout.contains("actual:   there is no \(dir)/tests/screens/first.screen; run `termini test --update` to write it"),
                "\(missing.stdout)")
        #expect(missing.stdout.contains("    row 1 |2 items"), "the screen it reached: \(missing.stdout)")
        _ = try await BuiltBinaries.run("termini", ["test", dir, "--update"])
        let golden = try String(contentsOfFile: dir + "/tests/screens/added.screen", encoding: .utf8)
        #expect(golden.hasPrefix("screen 40x8\n") && golden.contains("row 4 |Plums\n"), "\(golden)")
    }

    @Test func aMistakeInATestIsAnErrorAtItsLineAndColumnAndTheOtherTestsStillRun() async throws {
        let dir = try project()
        try "key Tab\nexpect colour green\n".write(toFile: dir + "/tests/mistake.test", atomically: true, encoding: .utf8)
        try "expect text \"Apples\"\n".write(toFile: dir + "/tests/other.test", atomically: true, encoding: .utf8)
        let r = try await BuiltBinaries.run("termini", ["test", dir, "--filter", "t"])
        #expect(r.status == 1)
        #expect(r.stdout.contains("FAIL mistake"), "\(r.stdout)")
        #expect(r.stdout.contains("\(dir)/tests/mistake.test:2:8: error: unknown assertion 'colour'; expected text, focus, data, toast, page, no-error or screen"),
                "\(r.stdout)")
        #expect(r.stdout.contains("ok   other"), "\(r.stdout)")
        #expect(r.stdout.hasSuffix("1 passed, 1 failed\n"), "the filter left add.test out: \(r.stdout)")
        let none = try await BuiltBinaries.run("termini", ["test", dir, "--filter", "nothing"])
        #expect(none.status == 1 && none.stderr.contains("no test in \(dir)/tests has 'nothing' in its name"), "\(none.stderr)")
        let help = try await BuiltBinaries.run("termini", ["test", "--help"])
        #expect(help.status == 0 && help.stdout.contains("expect screen <name>") && help.stdout.contains("--update"), "\(help.stdout)")
    }

    @Test func snapshotPrintsTheScreenAsTextANSISVGOrHTML() async throws {
        let dir = try project()
        let text = try await BuiltBinaries.snapshot(dir, size: "30x5", extra: ["--format", "text"])
        #expect(text.stdout.lines.dropFirst().first == "2 items", "\(text.stdout)")
        let ansi = try await BuiltBinaries.snapshot(dir, size: "30x5", extra: ["--format", "ansi"])
        #expect(ansi.stdout.contains("\u{1B}[0;1m2 items\u{1B}[0m\n\u{1B}[0;32mApples\u{1B}[0m"), "\(ansi.stdout)")
        let svg = try await BuiltBinaries.snapshot(dir, size: "30x5", extra: ["--format", "svg"])
        #expect(svg.status == 0 && svg.stdout.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"252\" height=\"85\""), "\(svg.stdout)")
        #expect(svg.stdout.contains("fill=\"#00cd00\"") && svg.stdout.contains(">Apples</text>") && svg.stdout.hasSuffix("</svg>\n"))
        let html = try await BuiltBinaries.snapshot(dir, size: "30x5", extra: ["--format", "html"])
        #expect(html.stdout.hasPrefix("<!DOCTYPE html>") && html.stdout.contains("<span style=\"color:#00cd00\">Apples</span>"), "\(html.stdout)")
        let refused = try await BuiltBinaries.snapshot(dir, extra: ["--format", "svg", "--show-focus"])
        #expect(refused.status == 64 && refused.stderr.contains("--show-focus"), "\(refused.stderr)")
        let unknown = try await BuiltBinaries.snapshot(dir, extra: ["--format", "png"])
        #expect(unknown.status == 64, "\(unknown.stderr)")
    }
}
