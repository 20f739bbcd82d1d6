import ArgumentParser
import Foundation
import TerminiAuthoring
import TerminiLaunch

/// `termini new <dir> [--template blank|list|form]`: creates a project that runs at once and passes `termini check`.
struct NewCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "new",
        abstract: "Create a mini-app project that runs at once and passes termini check.",
        discussion: """
            Templates:
            \(ProjectTemplate.allCases.map { "  \($0.rawValue.padding(toLength: 6, withPad: " ", startingAt: 0)) \($0.summary)" }.joined(separator: "\n"))

            The project has app.json, pages/, main.js, termini.d.ts and jsconfig.json (editor types for main.js), a \
            Package.swift that lets SourceKit-LSP complete the page declarations, and a README on previewing, testing \
            and packing.

            Examples:
              termini new myapp
              termini new shop --template list
              termini preview myapp
            """)

    /// Where a project finds TerminiDSL when this binary was not built from a checkout.
    static let repositoryURL = "https://github.com/termini-dev/termini.git"

    @Argument(help: ArgumentHelp("The folder to create (it may exist if it is empty).", valueName: "dir"))
    var directory: String

    @Option(help: ArgumentHelp("blank, list or form.", valueName: "name"))
    var template: ProjectTemplate = .blank

    @Option(name: .customLong("dsl"),
            help: ArgumentHelp("Where Package.swift finds TerminiDSL: the Termini checkout this binary was built from, else its git URL.",
                               valueName: "path-or-url"))
    var dslPackage: String?

    @Flag(help: "Write into a folder that is not empty (files with the project's names are replaced).")
    var force = false

    func run() throws {
        let files: [String]
        do {
            files = try ProjectScaffold.create(in: directory, template: template,
                                               dslPackage: dslPackage ?? Self.checkoutFolder() ?? Self.repositoryURL,
                                               typeDeclarations: try TypesCommand.declarations(), force: force)
        } catch let refusal as ProjectScaffold.Refusal {
            throw CLIError(refusal.description)
        }
        print("created \(directory) (\(template.rawValue)): \(files.sorted().joined(separator: ", "))")
        print("next: termini preview \(directory)")
    }

    /// The Termini checkout holding this binary (`<checkout>/.build/<config>/termini`), if it is one. `argv[0]` names
    /// the `termini` the user started, which handed this command to `termini-tools` with its argv unchanged.
    static func checkoutFolder() -> String? {
        var url = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        if !CommandLine.arguments[0].contains("/"), let found = findOnPath(CommandLine.arguments[0]) { url = found }
        for _ in 0..<5 {
            url.deleteLastPathComponent()
            if FileManager.default.fileExists(atPath: url.appendingPathComponent("Sources/TerminiDSL").path),
               FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path)
            {
                return url.path
            }
        }
        return nil
    }

    static func findOnPath(_ name: String) -> URL? {
        for dir in (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":") {
            let candidate = URL(fileURLWithPath: String(dir)).appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate.resolvingSymlinksInPath() }
        }
        return nil
    }
}

extension ProjectTemplate: ExpressibleByArgument {}
