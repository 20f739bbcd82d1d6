import Foundation
import Testing
import TestSupport
import TemplateCompiler
import TerminiTemplate

/// The sample apps' pages type-check (this target depends on every `SamplePages_<app>` library) and compile to the
/// expected templates, both through the library and through the built `tplgen` binary.
@Suite struct SamplePagesCompileTests {
    static let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// What each page must look like: root widget, data paths read, and title. (`$screen.height` is read by the
    /// pages that drop their blank rows on a short screen.)
    static let expected: [String: [String: (root: String, deps: [String], title: String?)]] = [
        "todo": ["index": ("Column", ["$screen.height", "doneCount", "draft", "todos"], "Todo")],
        "feed": [
            "index": ("Column", ["items", "loading", "loadingMore", "offline", "status"], "Feed"),
            "detail": ("Padding", ["story.author", "story.points", "story.text", "story.title"], "Story"),
        ],
        "settings": [
            "index": ("Column", ["account", "options.autoUpdate", "options.darkMode", "options.notifications", "status"],
                      "Settings"),
            "account": ("Column", ["name"], "Account"),
            "about": ("Column", ["heard", "shows", "version"], "About"),
        ],
        "clock": ["index": ("Box", ["$screen.height", "date", "running", "seconds", "ticks", "time", "uptime", "zone"], "Clock")],
    ]

    static func pagesFolder(_ app: String) -> String {
        repositoryRoot.appendingPathComponent("Templates/\(app)/pages").path
    }

    /// The app's pages folder and, when it has one, its components folder: one compile run.
    static func sourceFolders(_ app: String) -> [String] {
        let components = repositoryRoot.appendingPathComponent("Templates/\(app)/components").path
        return [pagesFolder(app)] + (FileManager.default.fileExists(atPath: components) ? [components] : [])
    }

    static func manifestPages(_ app: String) throws -> [String] {
        let text = try String(contentsOf: repositoryRoot.appendingPathComponent("Templates/\(app)/app.json"), encoding: .utf8)
        let manifest = try JSONValue.parse(text)
        #expect(manifest["id"] == .string(app))
        #expect(manifest["version"] == "1.0.0")
        return manifest["pages"]?.arrayValue?.compactMap(\.stringValue) ?? []
    }

    /// Every widget node carries a `file:line:col` loc pointing into the app's pages folder.
    static func allNodesHaveLoc(_ node: TemplateNode, app: String) -> Bool {
        guard let loc = node.loc, loc.contains("Templates/\(app)/pages/"), loc.split(separator: ":").count == 3 else {
            return false
        }
        return (node.children + node.slots.values.flatMap { $0 }).allSatisfy { allNodesHaveLoc($0, app: app) }
    }

    @Test(arguments: ["todo", "feed", "clock", "settings"])
    func libraryCompilesEveryAppToTheExpectedPages(app: String) throws {
        let (sources, loadErrors) = PageSourceLoader.load(paths: Self.sourceFolders(app))
        #expect(loadErrors.isEmpty)
        let result = try PageCompiler().compile(sources)
        #expect(result.diagnostics.map(\.description) == [])
        let expected = try #require(Self.expected[app])
        #expect(Set(result.pages.map(\.page)) == Set(expected.keys))
        #expect(Set(try Self.manifestPages(app)) == Set(expected.keys), "app.json lists the pages tplgen produces")
        for page in result.pages {
            let want = try #require(expected[page.page])
            #expect(page.root.cls == want.root, "\(app)/\(page.page)")
            #expect(page.deps == want.deps, "\(app)/\(page.page)")
            #expect(page.title == want.title)
            #expect(page.source.hasPrefix("\(app)/pages/"))
            #expect(Self.allNodesHaveLoc(page.root, app: app))
            #expect(try TemplateFile(jsonText: page.json.prettySerialized()) == page)
        }
    }

    @Test func todoPageFollowsTheDesignExample() throws {
        let (sources, _) = PageSourceLoader.load(paths: Self.sourceFolders("todo"))
        let page = try #require(try PageCompiler().compile(sources).pages.first)
        let classes = page.root.children.map(\.cls)
        #expect(classes == ["Text", "TextField", "ForEach", "If", "Padding"])
        let forEach = page.root.children[2]
        #expect(forEach.props["key"] == "id" && forEach.props["item"] == "todo")
        // Each row is a TodoRow component: its use names the component, binds its properties and its events.
        let use = try #require(forEach.children.first)
        #expect(use.cls == "Component" && use.props["p1"] == "TodoRow")
        #expect(use.props["properties"]?["todoId"] == "{{todo.id}}" && use.props["properties"]?["index"] == "{{i}}")
        #expect(use.props["events"] == ["toggle": "toggle", "moveUp": "moveUp", "moveDown": "moveDown", "remove": "remove"])
        let row = try #require(try PageCompiler().compile(sources).components.first { $0.name == "TodoRow" }?.body.first)
        #expect(row.children.map(\.cls) == ["Checkbox", "Text", "Spacer", "Button", "Button", "Button"])
        #expect(page.root.children[3].slots["else"]?.map(\.cls) == ["Divider"])
    }

    /// The built executable, which SwiftPM places next to the test bundle in the build folder.
    static func tplgenExecutable() throws -> URL {
        var dir = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for _ in 0..<3 {
            let candidate = dir.appendingPathComponent("tplgen")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            dir = dir.deletingLastPathComponent()
        }
        if let bundle = Bundle.allBundles.first(where: { $0.bundlePath.hasSuffix(".xctest") }) {
            let candidate = URL(fileURLWithPath: bundle.bundlePath).deletingLastPathComponent().appendingPathComponent("tplgen")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: "tplgen next to \(CommandLine.arguments[0]); run `swift build --build-tests` first"])
    }

    static func run(_ arguments: [String], in directory: URL) throws -> (status: Int32, stdout: String, stderr: String) {
        let output = try ChildProcess.runBlocking(try tplgenExecutable().path, arguments, directory: directory.path)
        return (output.status, output.stdout, output.stderr)
    }

    @Test func binaryCompilesTodoAndRejectsBadInputWithoutWriting() throws {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("tplgen-e2e-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: out) }
        let ok = try Self.run(["compile", "Templates/todo/pages", "Templates/todo/components", "--out", out.path], in: Self.repositoryRoot)
        #expect(ok.status == 0, "\(ok.stderr)")
        let text = try String(contentsOf: out.appendingPathComponent("pages/index.json"), encoding: .utf8)
        let page = try TemplateFile(jsonText: text)
        #expect(page.page == "index" && page.source == "todo/pages/index.swift")
        #expect(page.root.loc == "Templates/todo/pages/index.swift:7:5")
        #expect(text == page.json.prettySerialized() + "\n")

        let bad = out.appendingPathComponent("bad")
        try FileManager.default.createDirectory(at: bad, withIntermediateDirectories: true)
        try "let p = Page(\"p\") {\n    Txt(\"x\")\n}\n".write(to: bad.appendingPathComponent("p.swift"), atomically: true,
                                                               encoding: .utf8)
        let failed = try Self.run(["compile", "p.swift", "--out", "result"], in: bad)
        #expect(failed.status == 1)
        #expect(failed.stderr.hasPrefix("p.swift:2:5: error: unknown widget 'Txt'; did you mean 'Text'?\n"))
        #expect(!FileManager.default.fileExists(atPath: bad.appendingPathComponent("result").path))

        let help = try Self.run(["compile", "--help"], in: bad)
        #expect(help.status == 0 && help.stdout.contains("--out"))
    }

    @Test func binaryWritesTheCatalogAndFindsGeneratedFilesCurrent() throws {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("tplgen-catalog-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: out) }
        // Run from a subfolder: the DSL folder is found by walking up from the working directory.
        let templates = Self.repositoryRoot.appendingPathComponent("Templates")
        let catalog = try Self.run(["catalog", "--out", out.path], in: templates)
        #expect(catalog.status == 0, "\(catalog.stderr)")
        let json = try JSONValue.parse(String(contentsOf: out, encoding: .utf8))
        let widgets = json["widgets"]?.arrayValue?.compactMap { $0["name"]?.stringValue } ?? []
        let declared = try CatalogCrawler.crawl(directory: Self.repositoryRoot.appendingPathComponent(DSLLocator.dslRelativePath))
        #expect(widgets == declared.widgets.map(\.name) && widgets.contains("ForEach"))
        let check = try Self.run(["generate", "--check"], in: Self.repositoryRoot)
        #expect(check.status == 0, "generated files are stale: \(check.stdout)")
    }
}

/// Package.swift cannot import the project model, so it spells a project's declaration folders itself; this holds
/// that spelling to `ProjectLayout`.
@Suite struct SampleTargetsFollowTheProjectLayoutTests {
    @Test func theManifestNamesTheLayoutsDeclarationFolders() throws {
        let manifest = try String(contentsOf: SamplePagesCompileTests.repositoryRoot.appendingPathComponent("Package.swift"), encoding: .utf8)
        let spelled = "let sources = [" + ProjectLayout.declarationFolderNames.map { "\"\($0)\"" }.joined(separator: ", ") + "]"
        #expect(manifest.contains(spelled), "Package.swift's sample targets must compile \(ProjectLayout.declarationFolderNames)")
    }
}
