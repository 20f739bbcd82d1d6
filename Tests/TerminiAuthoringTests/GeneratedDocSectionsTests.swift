import Foundation
import TerminiBridge
import TerminiTemplate
import TerminiUI
import TestSupport
import Testing
@testable import TerminiAuthoring
@testable import TerminiRuntime

/// The generated sections of docs/ (the events table, the widget keys, every command) match what the widgets and
/// commands declare today, and a new command reaches the editor types, the docs and `termini check` by its
/// registration alone.
@Suite struct GeneratedDocSectionsTests {
    static let docs = EmbeddedSamplesTests.repositoryRoot + "/docs"

    func registered(host: [CommandSignature] = []) throws -> [CommandSignature] {
        try MiniAppEngine.registeredCommands(hostCommands: host)
    }

    @Test func everyGeneratedSectionIsCurrent() throws {
        for section in GeneratedDocSection.all(commands: try registered()) {
            let text = try String(contentsOfFile: Self.docs + "/" + section.document, encoding: .utf8)
            #expect(section.applied(to: text) != nil, "docs/\(section.document) lacks the markers of '\(section.name)'")
            #expect(section.isCurrent(in: text), "docs/\(section.document) section '\(section.name)' is stale: run Scripts/gen-types")
        }
    }

    /// The staleness check bites: a changed declaration changes the section, and only its body is replaced.
    @Test func aChangedDeclarationMakesTheSectionStaleAndOnlyItsBodyIsRewritten() throws {
        let section = WidgetContractDocs.events
        let text = try String(contentsOfFile: Self.docs + "/JS-API.md", encoding: .utf8)
        var changed = section
        changed.body += "| `Gauge(onPeak:)` (the value passed its maximum) | `\"peak\"` | `{value}` | no |\n"
        #expect(!changed.isCurrent(in: text))
        let rewritten = try #require(changed.applied(to: text))
        #expect(rewritten.hasPrefix(String(text[..<text.range(of: "<!-- BEGIN GENERATED events")!.lowerBound])))
        #expect(rewritten.hasSuffix(String(text[text.range(of: "<!-- END GENERATED events -->")!.lowerBound...])))
        #expect(GeneratedDocSection(name: "nowhere", document: "JS-API.md", body: "").applied(to: text) == nil)
    }

    /// Every event type a widget or modifier declares is documented, and each type the engine sends is declared by
    /// someone (the page hooks' own types aside).
    @Test func everyDeclaredEventIsInTheTableAndTheEditorTypes() throws {
        let declared = WidgetContract.modifierEvents + WidgetContract.all.flatMap(\.events)
        let table = WidgetContractDocs.events.body
        for event in declared { #expect(table.contains("`\"\(event.type.rawValue)\"`"), "\(event.handler)") }
        let pageHooks: Set<UIEventType> = [.key, .paste, .pullDownRefresh]
        #expect(Set(declared.map(\.type)).union(pageHooks) == Set(UIEventType.allCases))
        let types = ScriptTypeDeclarations.emit(commands: [])
        for type in UIEventType.allCases { #expect(types.contains("'\(type.rawValue)'"), "\(type)") }
        // Each focusable widget says which keys it takes.
        for widget in WidgetContract.all where widget.tabStop != nil {
            #expect(!widget.keys.isEmpty, "\(widget.className) is a Tab stop but declares no keys")
        }
    }

    /// A new command, declared as every command is: its shape is all the tools need.
    static let weather = CommandDefinition<Void>(
        name: "getWeather",
        shape: CommandShape("Reads the forecast for a city.", parameters: [CommandField("city", "string")],
                            result: [CommandField("celsius", "number")])
    ) { _, _, _ in { ["celsius": 21] } }

    @Test func aNewCommandReachesTheTypesTheDocsAndCheckWithNoOtherEdit() throws {
        let commands = try registered(host: [Self.weather.signature])
        #expect(ScriptTypeDeclarations.emit(commands: commands)
            .contains("invoke(name: 'getWeather', params: GetWeatherParams): termini.Task<GetWeatherResult>;"))
        #expect(CommandReferenceDocs.section(commands).body
            .contains("| `getWeather` | none | `city: string` | `celsius: number` | Reads the forecast for a city. |"))

        let project = TemporaryFolder()
        try FileManager.default.createDirectory(atPath: project.path + "/pages", withIntermediateDirectories: true)
        try #"{ "id": "w", "name": "W", "version": "1.0.0", "pages": ["index"], "permissions": [] }"#
            .write(toFile: project.path + "/app.json", atomically: true, encoding: .utf8)
        try "import TerminiDSL\n\nlet index = Page(\"index\") {\n    Text(\"hi\")\n}\n"
            .write(toFile: project.path + "/pages/index.swift", atomically: true, encoding: .utf8)
        try "Page('index', { onLoad() { bridge.invoke('getWeather', { city: 'Oslo' }) } })\n"
            .write(toFile: project.path + "/main.js", atomically: true, encoding: .utf8)
        let unknown = { (findings: [CheckFinding]) in findings.contains { "\($0)".contains("unknown command 'getWeather'") } }
        #expect(unknown(ProjectChecker.check(project: project.path, commands: try registered())))
        #expect(!unknown(ProjectChecker.check(project: project.path, commands: commands)))
    }
}
