import ArgumentParser
import Foundation
import TerminiAuthoring
import TerminiBridge
import TerminiRuntime
import TerminiTerminal

/// `termini check <project>`: reports every problem it finds in a project, each with file:line:col.
struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Report every problem in a mini-app project, each at its file:line:col; exit 1 on errors.",
        discussion: """
            Errors: pages that do not compile; pages in app.json without Page('name') in main.js, and the reverse; \
            handlers named in templates and key bindings that the page object does not define; bridge.invoke of an \
            unknown command; a command whose permission app.json lacks; an exception in main.js's top level.
            Warnings: a permission no invoked command needs; a data path the templates read that is neither in the \
            page's initial data nor written by a setData or spliceData with a literal key.
            main.js's top level runs in JavaScriptCore to learn the pages and their methods; no hook runs and no \
            command is answered. `termini pack` runs the same check and refuses a project with errors.

            Examples:
              termini check myapp
              termini check --host-command openSample Templates/gallery
            """)

    @Argument(help: ArgumentHelp("Project folder with app.json, pages/*.swift and main.js.", valueName: "project"))
    var project: String

    @Option(name: .customLong("host-command"),
            help: ArgumentHelp("A command the embedding host registers besides the built-in ones (repeatable).", valueName: "name"))
    var hostCommands: [String] = []

    @Flag(help: "Exit 1 on warnings too.")
    var strict = false

    func run() throws {
        let findings = try Self.findings(project: project, hostCommands: hostCommands)
        print(TerminalSafeText.sanitized(ProjectChecker.report(findings, project: project)))
        if findings.contains(where: { $0.severity == .error || strict }) { throw ExitCode(1) }
    }

    /// The findings against the engine's own command registry.
    static func findings(project: String, hostCommands: [String] = []) throws -> [CheckFinding] {
        let host = hostCommands.map { CommandSignature(name: $0, permission: nil, shape: .undescribed) }
        let commands = try MiniAppEngine.registeredCommands(hostCommands: host)
        return ProjectChecker.check(project: project, commands: commands)
    }
}
