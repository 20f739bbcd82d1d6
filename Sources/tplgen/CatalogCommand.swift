import ArgumentParser
import Foundation
import TemplateCompiler

/// `tplgen catalog --out <file>`: crawls Sources/TerminiDSL and writes catalog.json.
struct CatalogCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "catalog",
        abstract: "Crawl Sources/TerminiDSL with swift-syntax and write the widget catalogue as JSON."
    )

    @Option(name: .long, help: "Where to write catalog.json.")
    var out: String

    @Option(name: .long, help: "The TerminiDSL source folder (default: Sources/TerminiDSL above the working directory).")
    var dsl: String?

    func run() throws {
        let dslDir = try DSLFolder.resolve(dsl)
        let catalog = try CatalogCrawler.crawl(directory: dslDir)
        try AtomicFileWriter.write(catalog.json.prettySerialized() + "\n", to: URL(fileURLWithPath: out))
        print("tplgen: catalog with \(catalog.widgets.count) widgets, \(catalog.modifiers.count) modifiers, "
              + "\(catalog.enums.count) enums, \(catalog.valueTypes.count) value types -> \(out)")
    }
}

/// Resolves the DSL folder from an option or the working directory.
enum DSLFolder {
    static func resolve(_ option: String?) throws -> URL {
        if let option { return URL(fileURLWithPath: option) }
        let cwd = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        guard let root = DSLLocator.repositoryRoot(from: cwd) else {
            throw ValidationError("cannot find \(DSLLocator.dslRelativePath) above \(cwd.path); pass --dsl <dir>")
        }
        return root.appendingPathComponent(DSLLocator.dslRelativePath)
    }
}
