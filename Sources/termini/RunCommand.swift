import ArgumentParser
import Foundation
import TerminiRuntime
import TerminiTerminal

/// `termini run`: the interactive engine on the real terminal.
struct RunCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run", abstract: "Run a mini-app interactively in this terminal.",
        discussion: "Tab moves focus, Enter or Space activates, arrows and PageUp/PageDown scroll, Esc leaves the page, Ctrl-C quits.")

    @OptionGroup var engine: EngineArguments

    @Flag(help: "Show the frame-rate and frame-time HUD.")
    var perf = false

    @Option(help: "Append console output, warnings and stall reports to this file.")
    var log: String?

    func run() throws {
        let launch = try engine.prepareLaunch()
        let console = ConsoleSink(logPath: log)
        var options = engine.engineOptions(console: console.write)
        options.showPerformanceHUD = perf
        let backend: NcursesBackend
        do { backend = try NcursesBackend() } catch {
            throw CLIError("cannot start the terminal: \(error)")
        }
        defer { backend.shutdown() }
        let host = try MiniAppEngine(bundle: launch.bundle, backend: backend, options: options)
        if let probation = launch.probation { host.watchFirstLaunch(probation) }
        host.start(page: launch.page, query: launch.query)
        host.runInteractive()
        host.stop()
        backend.shutdown()
        console.printErrorsAfterExit()
        if let notice = launch.probation?.notice { printNotice(notice) }
    }
}
