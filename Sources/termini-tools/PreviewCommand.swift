import ArgumentParser
import Foundation
import TerminiAuthoring
import TerminiLaunch
import TerminiRuntime
import TerminiTerminal

/// `termini preview <project>`: run a project with hot reload and the performance HUD.
struct PreviewCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "preview", abstract: "Run a project, watch it, and hot-reload saved files (HUD on).",
        discussion: """
            A saved pages/*.swift is recompiled and the open pages re-render with their data and navigation stack \
            kept. A saved main.js or app.json restarts the app at its first page (page data is not kept). Ctrl-Alt-R \
            restarts by hand: no app may bind it, so the preview never shadows an app's key. A compile or start-up script error shows an overlay with \
            file:line:col over the last good screen. F12 opens the inspector beside the app (widget tree, page data and \
            setData diffs, bridge calls, storage, frame timings); --inspect-socket serves the same as JSON lines \
            (docs/CLI.md, "The inspector"). Esc leaves the page, Ctrl-C quits.
            """)

    @Argument(help: ArgumentHelp("Project folder with app.json, pages/*.swift and main.js.", valueName: "project-dir"))
    var project: String

    @Option(help: "Store folder for app storage (default: $XDG_DATA_HOME/termini).")
    var store: String?

    @Flag(name: .customLong("no-hud"), help: "Hide the frame-rate and frame-time HUD.")
    var noHUD = false

    @Option(help: "Append console output, warnings and stall reports to this file.")
    var log: String?

    @Option(name: .customLong("inspect-socket"), help: ArgumentHelp(
        "Answer the inspector's JSON requests on a Unix socket at this path (mode 0600; a stale socket is replaced).",
        valueName: "path"))
    var inspectSocket: String?

    func run() throws {
        guard ProjectLoader.isProject(project) else {
            throw CLIError("\(project): not a project folder (no app.json); 'termini preview' runs projects, not bundles")
        }
        let console = ConsoleSink(logPath: log)
        var options = EngineOptions()
        options.showPerformanceHUD = !noHUD
        options.console = console.write
        if let store { options.storeDirectory = store }
        // A crash leaves its backtrace in the store instead of holding the terminal in the runtime's prompt.
        if let store = options.storeDirectory { CrashReport.writeBacktraces(into: store + "/crashes") }
        let backend: NcursesBackend
        do { backend = try NcursesBackend() } catch {
            throw CLIError("cannot start the terminal: \(error)")
        }
        defer { backend.shutdown() }
        let session: PreviewSession
        do {
            session = try PreviewSession(project: project, backend: backend, options: options, inspectSocket: inspectSocket)
        } catch {
            backend.shutdown()
            throw CLIError("\(error)")
        }
        session.runInteractive()
        backend.shutdown()
        console.printErrorsAfterExit()
        // A SIGTERM or SIGHUP ended the loop as a quit would: everything is written, so die of it now.
        NcursesBackend.finishRequestedTermination()
    }
}
