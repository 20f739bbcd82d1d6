import ArgumentParser
import Foundation
import TemplateCompiler

/// `tplgen docs`: writes the widget reference (docs/WIDGETS.md) from the catalogue, or checks that it is current.
struct DocsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "docs",
        abstract: "Write the widget reference (\(WidgetReferenceEmitter.relativePath)) from the widget catalogue.",
        discussion: """
            Inside the Termini repository the catalogue is crawled from Sources/TerminiDSL and the reference goes to \
            <root>/\(WidgetReferenceEmitter.relativePath); anywhere else the catalogue built into this tplgen is used \
            and the reference goes to ./WIDGETS.md. --out overrides the destination.
            """
    )

    @Option(name: .long, help: "The repository root (default: the folder above the working directory holding Sources/TerminiDSL).")
    var root: String?

    @Option(name: .long, help: "Where to write the reference.")
    var out: String?

    @Flag(name: .long, help: "Write nothing; exit 1 when the reference is stale.")
    var check = false

    @Flag(name: .long, help: "Say where the catalogue came from.")
    var verbose = false

    func run() throws {
        let rootURL = root.map { URL(fileURLWithPath: $0) } ?? DSLLocator.repositoryRoot(from: CurrentFolder.url)
        let located = try DSLLocator.catalog(
            dslFolder: rootURL?.appendingPathComponent(DSLLocator.dslRelativePath), from: CurrentFolder.url)
        if verbose { print("tplgen: \(located.sourceDescription)") }
        let destination = out.map { URL(fileURLWithPath: $0) }
            ?? rootURL?.appendingPathComponent(WidgetReferenceEmitter.relativePath)
            ?? CurrentFolder.url.appendingPathComponent("WIDGETS.md")
        let text = WidgetReferenceEmitter.emit(located.catalog)
        let current = try? String(contentsOf: destination, encoding: .utf8)
        if check {
            if current == text { print("tplgen: \(destination.path) is current"); return }
            print("tplgen: stale: \(destination.path) (run `swift run tplgen docs`)")
            throw ExitCode(1)
        }
        if current == text {
            print("tplgen: \(destination.path) already current")
            return
        }
        try AtomicFileWriter.write(text, to: destination)
        print("tplgen: wrote \(destination.path)")
    }
}
