import ArgumentParser
import TerminiAuthoring
import TerminiRuntime
import TerminiTerminal

/// `termini`: runs, previews, snapshots, packs and installs mini-apps. Each subcommand lives in its own file.
/// Without a subcommand it opens the gallery of the sample apps that are embedded in the binary.
@main
struct Termini: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "termini",
        abstract: "A dynamic UI engine for terminal mini-apps. Without a subcommand: the gallery of sample apps.",
        subcommands: TerminiSubcommands.all
    )

    /// Installs the crash handlers before anything else (see `CrashReport.installHandlers`), prepares JavaScriptCore
    /// on the main thread (`MiniAppEngine.prepareProcess`), then parses and runs.
    static func main() async {
        CrashReport.installHandlers()
        MiniAppEngine.prepareProcess()
        await main(nil)
    }

    func run() async throws {
        let backend: NcursesBackend
        do { backend = try NcursesBackend() } catch {
            throw CLIError("cannot start the terminal: \(error)")
        }
        defer { backend.shutdown() }
        let console = ConsoleSink(logPath: nil)
        var options = EngineOptions()
        options.console = console.write
        try GalleryHost(backend: backend, options: options).run()
        backend.shutdown()
        console.printErrorsAfterExit()
    }
}
