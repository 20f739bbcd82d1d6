import ArgumentParser
import Foundation
import TemplateCompiler

/// `tplgen catalog --out <file>`: writes catalog.json, crawled from Sources/TerminiDSL inside the repository and
/// taken from the catalogue built into tplgen anywhere else.
struct CatalogCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "catalog",
        abstract: "Write the widget catalogue as JSON.",
        discussion: """
            Inside the Termini repository (a folder above the working directory holds Sources/TerminiDSL) the \
            catalogue is crawled from those sources with swift-syntax; anywhere else it is the catalogue built into \
            this tplgen, the one `tplgen compile` checks pages against.
            """
    )

    @Option(name: .long, help: "Where to write catalog.json.")
    var out: String

    @Option(name: .long, help: "Crawl this TerminiDSL source folder instead.")
    var dsl: String?

    @Flag(name: .long, help: "Say where the catalogue came from.")
    var verbose = false

    func run() throws {
        let located = try DSLLocator.catalog(dslFolder: dsl.map { URL(fileURLWithPath: $0) }, from: CurrentFolder.url)
        if verbose { print("tplgen: \(located.sourceDescription)") }
        let catalog = located.catalog
        try AtomicFileWriter.write(catalog.json.prettySerialized() + "\n", to: URL(fileURLWithPath: out))
        print("tplgen: catalog with \(catalog.widgets.count) widgets, \(catalog.modifiers.count) modifiers, "
              + "\(catalog.enums.count) enums, \(catalog.valueTypes.count) value types -> \(out)")
    }
}

/// The working directory, where tplgen looks for the repository.
enum CurrentFolder {
    static var url: URL { URL(fileURLWithPath: FileManager.default.currentDirectoryPath) }
}
