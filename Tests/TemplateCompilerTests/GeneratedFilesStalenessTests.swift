import Foundation
import Testing
import TerminiUI
@testable import TemplateCompiler

/// The checked-in generated files must match what `tplgen generate` produces from the DSL sources today.
@Suite struct GeneratedFilesStalenessTests {
    static let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func crawl() throws -> Catalog {
        try CatalogCrawler.crawl(directory: repositoryRoot.appendingPathComponent(DSLLocator.dslRelativePath))
    }

    @Test func widgetPropsFileIsCurrent() throws {
        let expected = PropsCodeGenerator.generate(try Self.crawl())
        let url = Self.repositoryRoot.appendingPathComponent(PropsCodeGenerator.relativePath)
        let current = try String(contentsOf: url, encoding: .utf8)
        #expect(current == expected, "\(PropsCodeGenerator.relativePath) is stale: run `swift run tplgen generate`")
        #expect(current.hasPrefix(GeneratedFileHeader.line + "\n"))
    }

    @Test func embeddedCatalogIsCurrent() throws {
        let catalog = try Self.crawl()
        let url = Self.repositoryRoot.appendingPathComponent(CatalogSwiftEmitter.relativePath)
        let current = try String(contentsOf: url, encoding: .utf8)
        #expect(current == CatalogSwiftEmitter.emit(catalog),
                "\(CatalogSwiftEmitter.relativePath) is stale: run `swift run tplgen generate`")
        #expect(try Catalog.builtIn() == catalog)
    }

    @Test func catalogCoversTheDesignContract() throws {
        let catalog = try Self.crawl()
        let widgets = Set(catalog.widgets.map(\.name))
        // Every widget the DSL declares has a behaviour compiled into the engine, and no behaviour lacks a declaration.
        #expect(widgets == Set(WidgetContract.all.map(\.className)))
        #expect(catalog.modifiers.map(\.name) == ["autoFocus", "background", "catchTap", "data", "disabled", "globalKey", "hidden",
                                                  "id", "key", "onBlur", "onFocus", "onTap", "styleClass"])
        #expect(catalog.enums.map(\.name) == ["Alignment", "BorderStyle", "Color", "FormAction", "TextAlign", "TextFieldKind", "TextStyle",
                                              "ValidationRule"])
        #expect(catalog.valueTypes.map(\.name) == ["EdgeInsets", "TableColumn"])
        #expect(catalog.valueType(named: "TableColumn")?.factories.map(\.name) == ["init"])
        #expect(catalog.valueType(named: "EdgeInsets")?.factories.map(\.name) == ["all", "symmetric", "only"])
        #expect(catalog.enumType(named: "Color")?.enumCase(named: "index")?.parameters.map(\.key) == ["p1"])
    }

    @Test func catalogRecordsLabelsDefaultsAndBuilders() throws {
        let catalog = try Self.crawl()
        let text = try #require(catalog.widget(named: "Text")?.initializers.first)
        #expect(text.parameters.map(\.key) == ["p1", "markup", "style", "color", "wrap"])
        #expect(!text.parameters[0].isRequired && text.parameters[0].bindable && text.parameters[0].valueType == "String")
        #expect(text.parameters[0].defaultValue == "")
        #expect(!text.parameters[1].bindable && text.parameters[1].optional && text.parameters[1].valueType == "Markup")
        #expect(text.parameters[2].defaultValue == [] && text.parameters[2].valueType == "[TextStyle]")
        #expect(text.parameters[4].defaultValue == true)
        let ifWidget = try #require(catalog.widget(named: "If")?.initializers.first)
        #expect(ifWidget.takesChildren)
        #expect(ifWidget.slots == ["else"])
        let page = try #require(catalog.page?.initializers.first)
        #expect(page.parameters.map(\.key) == ["p1", "title", "keys", "children"])
    }
}

/// The staleness check must bite: a DSL change that affects the contract changes the generated text.
@Suite struct StalenessDetectionTests {
    @Test func aNewLabelInTheDSLMakesTheCheckedInFilesStale() throws {
        let dsl = GeneratedFilesStalenessTests.repositoryRoot.appendingPathComponent(DSLLocator.dslRelativePath)
        let names = try FileManager.default.contentsOfDirectory(atPath: dsl.path).filter { $0.hasSuffix(".swift") }.sorted()
        var sources = try names.map { ($0, try String(contentsOf: dsl.appendingPathComponent($0), encoding: .utf8)) }
        let index = try #require(sources.firstIndex { $0.0 == "ContentWidgets.swift" })
        sources[index].1 = sources[index].1.replacingOccurrences(of: "wrap: Binding<Bool> = true)",
                                                                 with: "wrap: Binding<Bool> = true, blink: Bool = false)")
        let changed = CatalogCrawler.crawl(sources: sources.map { (name: $0.0, text: $0.1) })
        let checkedIn = try String(contentsOf: GeneratedFilesStalenessTests.repositoryRoot
            .appendingPathComponent(PropsCodeGenerator.relativePath), encoding: .utf8)
        #expect(PropsCodeGenerator.generate(changed) != checkedIn)
        #expect(PropsCodeGenerator.generate(changed).contains("public var blink: Bool"))
        #expect(try changed != Catalog.builtIn())
    }
}
