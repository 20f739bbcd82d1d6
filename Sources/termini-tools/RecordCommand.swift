import ArgumentParser
import Foundation
import TerminiLaunch
import TerminiRuntime
import TerminiTerminal

/// `termini record <target> --out events.txt`: runs the app interactively and writes what the user did as an events
/// file that `termini snapshot --events` replays to the same final screen.
struct RecordCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "record",
        abstract: "Run a mini-app interactively and write what you do as an events file for termini snapshot.",
        discussion: """
            Keys, typed text, clicks, wheel turns, resizes and Ctrl-Z are written in the events grammar \
            (docs/EVENTS.md) as they happen, with `settle` wherever you paused; the file starts with the terminal's \
            size. Ctrl-C ends the recording. Storage starts empty and is thrown away unless --store is given, as in \
            snapshot, so the replay starts from the same state.

            Example:
              termini record Templates/todo --out add-item.events
              termini snapshot Templates/todo --events add-item.events
            """)

    @OptionGroup var engine: EngineArguments

    @Option(help: ArgumentHelp("The events file to write (replaced if it exists).", valueName: "file"))
    var out: String

    @Option(help: "Append console output, warnings and stall reports to this file.")
    var log: String?

    func run() throws {
        guard FileManager.default.createFile(atPath: out, contents: nil), let file = FileHandle(forWritingAtPath: out) else {
            throw CLIError("\(out): cannot create the events file")
        }
        defer { try? file.close() }
        let launch = try engine.prepareLaunch()
        let console = ConsoleSink(logPath: log)
        var options = engine.engineOptions(console: console.write)
        let scratch: String?
        if engine.store == nil {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("termini-record-\(getpid())").path
            try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            options.storeDirectory = folder
            scratch = folder
        } else {
            scratch = nil
        }
        defer { if let scratch { try? FileManager.default.removeItem(atPath: scratch) } }
        // Ctrl-C ends the run by its signal, after which nothing more of this function runs: say it all now. The
        // message stays on the main screen, which comes back when the app's screen goes.
        writeToStandardError("termini record: writing \(out); Ctrl-C ends the recording. Replay it with: termini snapshot \(engine.target) --events \(out)")
        // A crash leaves its backtrace in the store instead of holding the terminal in the runtime's prompt.
        if let store = options.storeDirectory { CrashReport.writeBacktraces(into: store + "/crashes") }
        let terminal: NcursesBackend
        do { terminal = try NcursesBackend() } catch { throw CLIError("cannot start the terminal: \(error)") }
        defer { terminal.shutdown() }
        let recorder = EventRecorder(startingSize: terminal.size) { line in file.write(Data((line + "\n").utf8)) }
        let backend = RecordingBackend(base: terminal, recorder: recorder)
        let host = try MiniAppEngine(bundle: launch.bundle, backend: backend, options: options)
        host.invalidateScreen()
        host.start(page: launch.page, query: launch.query)
        host.runInteractive()
        host.stop()
        recorder.finish()
        terminal.shutdown()
        console.printErrorsAfterExit()
        // A SIGTERM or SIGHUP ended the loop as a quit would: everything is written, so die of it now.
        NcursesBackend.finishRequestedTermination()
    }
}
