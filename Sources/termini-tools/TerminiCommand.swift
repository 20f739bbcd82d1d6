import ArgumentParser
import TerminiAuthoring
import TerminiFrames
import TerminiLaunch
import TerminiRuntime
import TerminiTerminal

/// `termini`: runs, previews, snapshots, packs and installs mini-apps. Each subcommand lives in its own file.
/// Without a subcommand it opens the gallery of the sample apps that are embedded in the binary.
///
/// This is the executable `termini-tools`; users start it as `termini`, the launcher next to it, which runs
/// installed apps, archives and bundle folders itself and hands it every other command line unchanged (argv[0]
/// included), so its name, help and errors are still `termini`'s.
@main
struct Termini: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "termini",
        abstract: "A dynamic UI engine for terminal mini-apps. Without a subcommand: the gallery of sample apps.",
        version: "termini \(TerminiEngine.version)",
        subcommands: TerminiSubcommands.all
    )

    /// Installs the crash handlers before anything else (see `CrashReport.installHandlers`), prepares JavaScriptCore
    /// on the main thread (`MiniAppEngine.prepareProcess`), then parses and runs. `run` keeps its fast path here too:
    /// a project folder's run comes through here.
    ///
    /// Synchronous on purpose: an `async` main hands the main thread to `dispatch_main`, which ends it with
    /// `pthread_exit`, and its thread-local destructors free WTF's main run loop that `prepareProcess` made. The
    /// first full collection from JavaScriptCore's timer then wrote into that freed memory (a `malloc_consolidate()`
    /// abort or a SIGSEGV in the benchmarks; docs/RELIABILITY.md, "Sanitizers").
    static func main() {
        StartupTimeline.process.markMain()
        CrashReport.installHandlers()
        MiniAppEngine.prepareProcess()
        EngineArguments.projectLoader = ProjectLoader.load
        do {
            var command: any ParsableCommand = try LaunchFastPath.command(CommandLine.arguments.dropFirst()) ?? parseAsRoot(nil)
            StartupTimeline.process.mark(.argumentsParsed)
            try command.run()
        } catch {
            CommandErrorExit.printAndExit(error, root: Self.self)
        }
    }

    func run() throws {
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
        // A SIGTERM or SIGHUP ended the loop as a quit would: everything is written, so die of it now.
        NcursesBackend.finishRequestedTermination()
    }
}
