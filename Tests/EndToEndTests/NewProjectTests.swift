import Foundation
import Testing

/// `termini new` makes a project that runs at once, passes `termini check --strict` and the TypeScript check, and
/// whose Package.swift type-checks the pages; it refuses a folder that is not empty unless `--force`.
@Suite struct NewProjectTests {
    @Test(arguments: [("blank", "Hello from Blank App!"), ("list", "3 items"), ("form", "Sign up")])
    func aNewProjectRunsAndPassesTheChecks(template: String, firstLine: String) async throws {
        let dir = BuiltBinaries.temporaryFolder() + "/\(template)-app"
        let made = try await BuiltBinaries.run("termini", ["new", dir, "--template", template])
        #expect(made.status == 0, "\(made.stderr)")
        for file in ["app.json", "main.js", "pages/index.swift", "termini.d.ts", "jsconfig.json", "Package.swift", "README.md"] {
            #expect(FileManager.default.fileExists(atPath: dir + "/" + file), "\(template): no \(file)")
        }
        let check = try await BuiltBinaries.run("termini", ["check", "--strict", dir])
        #expect(check.status == 0 && check.stdout.contains("no problems found"), "\(template): \(check.stdout)")
        let screen = try await BuiltBinaries.snapshot(dir, size: "50x12")
        #expect(screen.status == 0, "\(screen.stderr)")
        // The page's title in the title bar, then its first line.
        #expect(screen.stdout.lines.first?.hasPrefix(" ") == true && screen.stdout.lines.first?.hasSuffix(" App") == true,
                "\(template): \(screen.stdout)")
        #expect(screen.stdout.lines.dropFirst().first == firstLine, "\(template): \(screen.stdout)")
        let tsc = try await BuiltBinaries.run("/usr/bin/tsc", ["-p", dir + "/jsconfig.json", "--pretty", "false"])
        #expect(tsc.status == 0, "\(template): \(tsc.stdout)")
        let readme = try String(contentsOfFile: dir + "/README.md", encoding: .utf8)
        #expect(readme.contains("termini preview .") && readme.contains("termini check .") && readme.contains("termini pack ."))
        // Two tests that pass as made, and a README that says how to run them in CI.
        let tests = try await BuiltBinaries.run("termini", ["test", dir])
        #expect(tests.status == 0 && tests.stdout.hasSuffix("2 passed, 0 failed\n"), "\(template): \(tests.stdout)")
        #expect(readme.contains("termini test .") && readme.contains("### In CI") && readme.contains("- run: termini test ."))
    }

    @Test func theBlankProjectCountsPresses() async throws {
        let dir = BuiltBinaries.temporaryFolder() + "/counter"
        _ = try await BuiltBinaries.run("termini", ["new", dir])
        let r = try await BuiltBinaries.snapshot(dir, size: "50x12", events: "key Tab\nkey Enter\nkey Enter\nsettle\n")
        #expect(r.stdout.contains("You pressed the button 2 times."), "\(r.stdout)")
        let reset = try await BuiltBinaries.snapshot(dir, size: "50x12", events: "key Tab\nkey Enter\nkey r\nsettle\n")
        #expect(reset.stdout.contains("You pressed the button 0 times."), "\(reset.stdout)")
    }

    @Test func itsPackageTypeChecksThePagesAgainstTerminiDSL() async throws {
        let dir = BuiltBinaries.temporaryFolder() + "/typed"
        _ = try await BuiltBinaries.run("termini", ["new", dir, "--dsl", BuiltBinaries.packageRoot.path])
        // A component of its own, used by the page: one module with the pages.
        try FileManager.default.createDirectory(atPath: dir + "/components", withIntermediateDirectories: true)
        try "import TerminiDSL\n\nstruct Badge: Component {\n    let text: Binding<String>\n    @WidgetBuilder var body: [any Widget] { Text(\"[{{text}}]\") }\n}\n"
            .write(toFile: dir + "/components/Badge.swift", atomically: true, encoding: .utf8)
        let page = dir + "/pages/index.swift"
        try String(contentsOfFile: page, encoding: .utf8)
            .replacingOccurrences(of: "Text(\"You pressed the button {{count}} times.\")", with: "Badge(text: \"{{count}}\")")
            .write(toFile: page, atomically: true, encoding: .utf8)
        let build = try await BuiltBinaries.run("/opt/swift/usr/bin/swift", ["build", "--package-path", dir], timeout: 300)
        #expect(build.status == 0, "\(build.stdout)\(build.stderr)")
        let shown = try await BuiltBinaries.snapshot(dir, size: "40x6")
        #expect(shown.stdout.contains("[0]"), "\(shown.stdout)")
        // A wrong argument label is a compile error in the editor (and in swift build).
        let text = try String(contentsOfFile: page, encoding: .utf8).replacingOccurrences(of: "onTap: \"press\"", with: "onTapp: \"press\"")
        try text.write(toFile: page, atomically: true, encoding: .utf8)
        let broken = try await BuiltBinaries.run("/opt/swift/usr/bin/swift", ["build", "--package-path", dir], timeout: 300)
        #expect(broken.status != 0)
        #expect((broken.stdout + broken.stderr).contains("index.swift:7:15: error: incorrect argument label"), "\(broken.stdout)")
    }

    @Test func aFolderThatIsNotEmptyIsRefusedUnlessForced() async throws {
        let dir = BuiltBinaries.temporaryFolder()
        try "keep me".write(toFile: dir + "/notes.txt", atomically: true, encoding: .utf8)
        let refused = try await BuiltBinaries.run("termini", ["new", dir])
        #expect(refused.status != 0)
        #expect(refused.stderr.contains("is not empty") && refused.stderr.contains("--force"), "\(refused.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir + "/app.json"))
        let forced = try await BuiltBinaries.run("termini", ["new", dir, "--force"])
        #expect(forced.status == 0)
        #expect(FileManager.default.fileExists(atPath: dir + "/app.json"))
        #expect(try String(contentsOfFile: dir + "/notes.txt", encoding: .utf8) == "keep me")
    }
}
