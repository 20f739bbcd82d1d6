import Foundation
import Testing
import TestSupport
import TerminiTemplate
@testable import TemplateCompiler

/// Compiles the fixtures under Fixtures/golden and compares every page with its checked-in `<page>.json`.
/// After an intended change, review the diff and regenerate with `TPLGEN_UPDATE_GOLDENS=1 swift test --filter Golden`.
@Suite struct GoldenTests {
    static let fixtures = Bundle.module.resourceURL!.appendingPathComponent("Fixtures/golden")
    static let sourceFixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/golden")

    /// Files compiled together in one run, and the pages the run must produce.
    static let runs: [(files: [String], pages: [String])] = [
        (["widgets.swift"], ["widgets"]),
        (["slots.swift"], ["slots"]),
        (["modifiers.swift"], ["modifiers"]),
        (["values.swift"], ["values"]),
        (["deps.swift"], ["deps"]),
        (["fragments_a.swift", "fragments_b.swift"], ["fragments", "second"]),
    ]

    static func source(_ name: String) throws -> PageSource {
        let text = try String(contentsOf: fixtures.appendingPathComponent(name), encoding: .utf8)
        return PageSource(path: "golden/\(name)", text: text)
    }

    /// The fixtures are real TerminiDSL code: they type-check against the module, so the goldens show what authors get.
    @Test func fixturesTypeCheckAgainstTerminiDSL() throws {
        let buildDir = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        let candidates = [buildDir, buildDir.deletingLastPathComponent()].map { $0.appendingPathComponent("Modules") }
        let modules = try #require(candidates.first { FileManager.default.fileExists(atPath: $0.appendingPathComponent("TerminiDSL.swiftmodule").path) },
                                   "TerminiDSL.swiftmodule not found near \(buildDir.path)")
        let toolchain = ["/opt/swift/usr/bin/swiftc", "/usr/bin/swiftc"].first { FileManager.default.isExecutableFile(atPath: $0) }
        let swiftc = try #require(toolchain, "swiftc not found")
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.fixtures.path).filter { $0.hasSuffix(".swift") }
        let typecheck = try ChildProcess.runBlocking(
            swiftc, ["-typecheck", "-I", modules.path] + files.sorted().map { Self.fixtures.appendingPathComponent($0).path })
        #expect(typecheck.status == 0, "\(typecheck.stderr)")
    }

    @Test(arguments: 0..<runs.count)
    func pagesMatchGoldenJSON(run: Int) throws {
        let (files, expectedPages) = Self.runs[run]
        let result = try PageCompiler().compile(files.map(Self.source))
        #expect(result.diagnostics.map(\.description) == [])
        #expect(result.pages.map(\.page) == expectedPages)
        for page in result.pages {
            let actual = page.json.prettySerialized() + "\n"
            if ProcessInfo.processInfo.environment["TPLGEN_UPDATE_GOLDENS"] == "1" {
                try actual.write(to: Self.sourceFixtures.appendingPathComponent("\(page.page).json"), atomically: true,
                                 encoding: .utf8)
                continue
            }
            let expected = try String(contentsOf: Self.fixtures.appendingPathComponent("\(page.page).json"), encoding: .utf8)
            #expect(actual == expected, "golden/\(page.page).json differs")
            // The output must also be a valid template in the engine's model.
            let decoded = try TemplateFile(jsonText: actual)
            #expect(decoded == page)
        }
    }
}
