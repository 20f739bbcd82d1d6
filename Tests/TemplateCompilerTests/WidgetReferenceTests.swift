import Foundation
import TerminiTemplate
import Testing
import TestSupport
@testable import TemplateCompiler

/// docs/WIDGETS.md is generated from the catalogue by `tplgen docs`; it must match what the DSL says today.
@Suite struct WidgetReferenceTests {
    static let repositoryRoot = GeneratedFilesStalenessTests.repositoryRoot

    @Test func checkedInReferenceIsCurrent() throws {
        let expected = WidgetReferenceEmitter.emit(try GeneratedFilesStalenessTests.crawl())
        let url = Self.repositoryRoot.appendingPathComponent(WidgetReferenceEmitter.relativePath)
        let current = try String(contentsOf: url, encoding: .utf8)
        #expect(current == expected, "\(WidgetReferenceEmitter.relativePath) is stale: run `swift run tplgen docs`")
        #expect(current.hasPrefix(WidgetReferenceEmitter.headerLine + "\n"))
    }

    @Test func referenceListsEveryWidgetWithItsArgumentsAndEveryStyleCase() throws {
        let catalog = try GeneratedFilesStalenessTests.crawl()
        let text = WidgetReferenceEmitter.emit(catalog)
        for widget in catalog.widgets {
            #expect(text.contains("### `\(widget.name)`\n\n\(widget.doc)\n"), "no section for \(widget.name)")
            for p in widget.initializers.flatMap(\.valueParameters) {
                #expect(text.contains("| `\(p.key)` |"), "\(widget.name) lacks its argument \(p.key)")
            }
        }
        #expect(text.contains("""
            | `style:` | `style` | `[TextStyle]` | yes | `[]` |
            """))
        #expect(text.contains("| `_ text` | `p1` | `String` | yes | required |"))
        #expect(text.contains("Slot: a labelled block `else: { ... }` (optional), JSON key `else`."))
        #expect(text.contains("| `_ dataset` | `data` | `[String: DataValue]` | each value | required |"))
        for e in catalog.enums {
            for c in e.cases { #expect(text.contains("`{\"cls\": \"\(e.name)\", \"cmd\": \"\(c.name)\""), "\(e.name).\(c.name)") }
        }
        #expect(text.contains("| `.index(Int)` | `{\"cls\": \"Color\", \"cmd\": \"index\", \"p1\": …}` |"))
        #expect(text.contains("#### `.symmetric`\n\n```swift\n.symmetric(h: Int = 0, v: Int = 0)\n```"))
    }

    /// The check must bite: a new DSL argument shows up in the reference, so the checked-in copy goes stale.
    @Test func aNewArgumentInTheDSLMakesTheReferenceStale() throws {
        let dsl = Self.repositoryRoot.appendingPathComponent(DSLLocator.dslRelativePath)
        let names = try FileManager.default.contentsOfDirectory(atPath: dsl.path).filter { $0.hasSuffix(".swift") }.sorted()
        var sources = try names.map { (name: $0, text: try String(contentsOf: dsl.appendingPathComponent($0), encoding: .utf8)) }
        let index = try #require(sources.firstIndex { $0.name == "ContentWidgets.swift" })
        sources[index].text = sources[index].text.replacingOccurrences(
            of: "wrap: Binding<Bool> = true)", with: "wrap: Binding<Bool> = true, blink: Binding<Bool> = false)")
        let changed = WidgetReferenceEmitter.emit(CatalogCrawler.crawl(sources: sources))
        let checkedIn = try String(contentsOf: Self.repositoryRoot.appendingPathComponent(WidgetReferenceEmitter.relativePath),
                                   encoding: .utf8)
        #expect(changed != checkedIn)
        #expect(changed.contains("| `blink:` | `blink` | `Bool` | yes | `false` |"))
    }

    @Test func emittingTwiceGivesTheSameText() throws {
        let catalog = try GeneratedFilesStalenessTests.crawl()
        #expect(WidgetReferenceEmitter.emit(catalog) == WidgetReferenceEmitter.emit(try Catalog.builtIn()))
    }
}

/// `tplgen catalog` and `tplgen docs` in a folder outside the repository use the catalogue built into tplgen.
@Suite struct TplgenOutsideRepositoryTests {
    /// The built executable, which SwiftPM places next to the test bundle in the build folder.
    static func tplgen() throws -> String {
        var dir = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = dir.appendingPathComponent("tplgen")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate.path }
            dir = dir.deletingLastPathComponent()
        }
        throw TestSupportError("tplgen next to \(CommandLine.arguments[0]); run `swift build --build-tests` first")
    }

    static func temporaryProject() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("tplgen-outside-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        #expect(DSLLocator.repositoryRoot(from: url) == nil, "the temporary folder must lie outside any checkout")
        return url
    }

    @Test func catalogInAProjectFolderWritesTheBuiltInCatalogue() throws {
        let folder = try Self.temporaryProject()
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try ChildProcess.runBlocking(try Self.tplgen(), ["catalog", "--out", "catalog.json", "--verbose"],
                                               directory: folder.path)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.hasPrefix("tplgen: catalogue built into tplgen (no Sources/TerminiDSL above the working directory)\n"))
        #expect(!run.stderr.contains("cannot find"))
        let written = try String(contentsOf: folder.appendingPathComponent("catalog.json"), encoding: .utf8)
        #expect(written == (try Catalog.builtIn()).json.prettySerialized() + "\n")
        #expect(try Catalog(json: JSONValue.parse(written)) == GeneratedFilesStalenessTests.crawl())
    }

    @Test func docsInAProjectFolderWritesTheReferenceThereAndChecksIt() throws {
        let folder = try Self.temporaryProject()
        defer { try? FileManager.default.removeItem(at: folder) }
        let tplgen = try Self.tplgen()
        let run = try ChildProcess.runBlocking(tplgen, ["docs"], directory: folder.path)
        #expect(run.status == 0, "\(run.stderr)")
        let written = try String(contentsOf: folder.appendingPathComponent("WIDGETS.md"), encoding: .utf8)
        let checkedIn = try String(contentsOf: WidgetReferenceTests.repositoryRoot
            .appendingPathComponent(WidgetReferenceEmitter.relativePath), encoding: .utf8)
        #expect(written == checkedIn)
        #expect(try ChildProcess.runBlocking(tplgen, ["docs", "--check"], directory: folder.path).status == 0)

        try "# edited by hand\n".write(to: folder.appendingPathComponent("WIDGETS.md"), atomically: true, encoding: .utf8)
        let stale = try ChildProcess.runBlocking(tplgen, ["docs", "--check"], directory: folder.path)
        #expect(stale.status == 1)
        #expect(stale.stdout.contains("tplgen: stale: "))
        #expect(try String(contentsOf: folder.appendingPathComponent("WIDGETS.md"), encoding: .utf8) == "# edited by hand\n")
    }

    @Test func docsCheckInsideTheRepositoryFindsTheReferenceCurrent() throws {
        let templates = WidgetReferenceTests.repositoryRoot.appendingPathComponent("Templates")
        let run = try ChildProcess.runBlocking(try Self.tplgen(), ["docs", "--check", "--verbose"], directory: templates.path)
        #expect(run.status == 0, "docs/WIDGETS.md is stale: \(run.stdout)")
        #expect(run.stdout.hasPrefix("tplgen: catalogue crawled from "))
    }
}
