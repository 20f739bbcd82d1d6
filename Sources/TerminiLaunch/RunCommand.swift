import ArgumentParser
import Foundation
import TerminiFrames
import TerminiRuntime
import TerminiTerminal

/// `termini run`: the interactive engine on the real terminal.
public struct RunCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "run", abstract: "Run a mini-app interactively in this terminal.",
        discussion: "Tab moves focus, Enter or Space activates, arrows and PageUp/PageDown scroll, Esc leaves the page, Ctrl-C quits.")

    @OptionGroup public var engine: EngineArguments

    @OptionGroup var timeout: TimeoutOption

    @Flag(help: "Show the frame-rate and frame-time HUD.")
    var perf = false

    @Option(help: "Append console output, warnings and stall reports to this file.")
    var log: String?

    @Option(help: ArgumentHelp("Write the flight recorder's trace to this file on exit, for termini replay. It holds what you typed.", valueName: "file"))
    var trace: String?

    @Flag(name: .customLong("no-trace"), help: "Keep no flight recorder: no trace, not even when the script fails.")
    var noTrace = false

    public init() {}

    public func validate() throws {
        if noTrace, trace != nil { throw ValidationError("--trace and --no-trace cannot be given together") }
    }

    public func run() throws {
        let warmUp = MiniAppEngine.warmUpScriptEngine()
        defer { warmUp.wait() }
        let updates = LaunchUpdates(target: engine.target, store: engine.appStore, timeout: timeout)
        try updates?.installRequiredUpdate()
        HeldUpdatePrompt.ask(target: engine.target, store: engine.appStore, interactive: true)
        var launch = try engine.prepareLaunch()
        StartupTimeline.process.mark(.bundleLoaded)
        let console = ConsoleSink(logPath: log)
        var options = engine.engineOptions(console: console.write)
        options.showPerformanceHUD = perf
        // A crash leaves its backtrace in the store instead of holding the terminal in the runtime's prompt.
        if let store = options.storeDirectory { CrashReport.writeBacktraces(into: store + "/crashes") }
        var traces = RunTraces(explicitPath: trace, enabled: !noTrace, target: engine.target, console: console.write)
        // An error thrown out of the run is a crash the process caught: its trace is written too, after the
        // terminal is given back (this runs after the backend's own `defer`), so the lines reach the user.
        defer { traces.finish().forEach(printNotice) }
        let backend: NcursesBackend
        do { backend = try NcursesBackend() } catch {
            throw CLIError("cannot start the terminal: \(error)")
        }
        StartupTimeline.process.mark(.terminalReady)
        defer { backend.shutdown() }
        var notices: [String] = launch.notice.map { [$0] } ?? []
        while true {
            var engineOptions = options
            engineOptions.activityObservers = traces.observers(for: launch.bundle, store: options.storeDirectory)
            let host = try MiniAppEngine(bundle: launch.bundle, backend: backend, options: engineOptions)
            if let probation = launch.probation { host.watchFirstLaunch(probation) }
            host.invalidateScreen()
            host.start(page: launch.page, query: launch.query)
            updates?.attach(running: launch.bundle.manifest.version) { host.updateInstalled($0) }
            updates?.startInBackground(console: console.write)
            host.runInteractive()
            host.stop()
            if let notice = launch.probation?.notice { notices.append(notice) }
            // applyUpdate: the app asked to run the version installed for the next launch, now.
            guard host.restartRequested else { break }
            launch = try engine.prepareLaunch()
            if let notice = launch.notice { notices.append(notice) }
        }
        updates?.finish()
        backend.shutdown()
        console.printErrorsAfterExit()
        notices += traces.finish()
        notices.forEach(printNotice)
        // A SIGTERM or SIGHUP ended the loop as a quit would: everything is written, so die of it now.
        NcursesBackend.finishRequestedTermination()
    }
}
