import ArgumentParser
import Foundation
import TemplateCompiler

/// `tplgen generate`: regenerates the engine prop decoders and the compiler's embedded catalogue from the DSL.
struct GenerateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "generate",
        abstract: "Regenerate \(PropsCodeGenerator.relativePath) and \(CatalogSwiftEmitter.relativePath) from Sources/TerminiDSL."
    )

    @Option(name: .long, help: "The repository root (default: the folder above the working directory holding Sources/TerminiDSL).")
    var root: String?

    @Flag(name: .long, help: "Write nothing; exit 1 when a generated file is stale.")
    var check = false

    func run() throws {
        let rootURL: URL
        if let root { rootURL = URL(fileURLWithPath: root) } else {
            let cwd = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
            guard let found = DSLLocator.repositoryRoot(from: cwd) else {
                throw ValidationError("cannot find \(DSLLocator.dslRelativePath) above \(cwd.path); pass --root <dir>")
            }
            rootURL = found
        }
        let catalog = try CatalogCrawler.crawl(directory: rootURL.appendingPathComponent(DSLLocator.dslRelativePath))
        let outputs = [
            (PropsCodeGenerator.relativePath, PropsCodeGenerator.generate(catalog)),
            (CatalogSwiftEmitter.relativePath, CatalogSwiftEmitter.emit(catalog)),
        ]
        var stale: [String] = []
        for (path, text) in outputs {
            let url = rootURL.appendingPathComponent(path)
            let current = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
            if current == text { continue }
            stale.append(path)
            if !check { try AtomicFileWriter.write(text, to: url) }
        }
        if check {
            if stale.isEmpty { print("tplgen: generated files are current") ; return }
            for path in stale { print("tplgen: stale: \(path)") }
            throw ExitCode(1)
        }
        print(stale.isEmpty ? "tplgen: generated files already current" : stale.map { "tplgen: wrote \($0)" }.joined(separator: "\n"))
    }
}
