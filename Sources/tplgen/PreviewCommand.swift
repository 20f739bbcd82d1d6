import ArgumentParser
import Foundation
import TemplateCompiler
import TerminiTemplate
import TerminiTerminal
import TerminiUI

/// `tplgen preview`: compiles one declaration file and prints a page rendered headless, the author's first look.
struct PreviewCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "preview",
        abstract: "Render a page declaration as text, with optional sample data.",
        discussion: """
            Other .swift files in the same folder are compiled too, so shared fragments resolve. Bindings read from \
            --data (a JSON object); missing paths render empty. Render problems print to standard error with their \
            template location.
            """
    )

    @Argument(help: "A page declaration file.")
    var file: String

    @Option(help: "The page to show when the file declares several (default: the first).")
    var page: String?

    @Option(help: "A JSON file with the page data.")
    var data: String?

    @Option(help: "Screen size as COLSxROWS.")
    var size: String = "80x24"

    func run() throws {
        guard let (width, height) = TerminalSize(parsing: size).map({ ($0.width, $0.height) }) else {
            throw ValidationError("--size must look like 80x24 (1-1000 each), got '\(size)'")
        }
        let pageData = try loadData()
        let folder = (file as NSString).deletingLastPathComponent
        let siblings = ((try? FileManager.default.contentsOfDirectory(atPath: folder.isEmpty ? "." : folder)) ?? [])
            .filter { $0.hasSuffix(".swift") }.sorted().map { folder.isEmpty ? $0 : (folder as NSString).appendingPathComponent($0) }
        // A page in a project's pages/ may use the components declared in the project's components/.
        let components = ProjectLayout.owning(pagesFolder: folder)?.componentsFolder.map { [$0] } ?? []
        let inputs = [file] + siblings.filter { URL(fileURLWithPath: $0).standardized != URL(fileURLWithPath: file).standardized }
            + components
        let (sources, readErrors) = PageSourceLoader.load(paths: inputs)
        var stderr = StandardError()
        let result = try PageCompiler().compile(sources)
        let diagnostics = readErrors + result.diagnostics
        if !diagnostics.isEmpty {
            for d in diagnostics { print(d, to: &stderr) }
            throw ExitCode(1)
        }
        let declared = result.pages.filter { URL(fileURLWithPath: $0.source).lastPathComponent == URL(fileURLWithPath: file).lastPathComponent }
        let candidates = declared.isEmpty ? result.pages : declared
        guard let template = page.map({ name in candidates.first { $0.page == name } }) ?? candidates.first else {
            let names = candidates.map(\.page).joined(separator: ", ")
            print("\(file): no page named '\(page ?? "")'; pages here: \(names)", to: &stderr)
            throw ExitCode(1)
        }
        // `$screen` as the engine gives it, so a layout that reads the size previews as it runs at that size.
        let view = PageView(template: template, data: ScreenData.adding(to: pageData, width: width, height: height),
                            components: Dictionary(uniqueKeysWithValues: result.components.map { ($0.name, $0) }))
        print(view.renderText(width: width, height: height))
        for d in view.diagnostics { print("warning: \(d)", to: &stderr) }
    }

    private func loadData() throws -> JSONValue {
        guard let data else { return .object([:]) }
        guard let text = try? String(contentsOfFile: data, encoding: .utf8) else {
            throw ValidationError("\(data): cannot read the data file")
        }
        do {
            let value = try JSONValue.parse(text)
            guard case .object = value else { throw ValidationError("\(data): the data must be a JSON object") }
            return value
        } catch let error as JSONSyntaxError {
            throw ValidationError("\(data):\(error.line):\(error.column): \(error.message)")
        }
    }
}
