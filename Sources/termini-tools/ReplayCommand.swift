import ArgumentParser
import Foundation
import TerminiAuthoring
import TerminiLaunch
import TerminiRuntime

/// `termini replay FILE`: plays a flight-recorder trace headless and checks that every frame comes out as recorded.
struct ReplayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "replay",
        abstract: "Replay a trace from termini run headless and check every frame against the recording.",
        discussion: """
            The app gets the recorded inputs, clock reads, random seed and answers (storage, request, system info) \
            instead of the user, the clock and the network, so it draws the same frames. The first frame that \
            differs is reported with the input before it and a diff of its rows; the exit code is 1 then. A trace \
            that is cut short or edited is refused at its byte offset. Traces hold what the user typed \
            (docs/CLI.md, "Traces").

            Examples:
              termini replay ~/.local/share/termini/traces/com.example.todo/20261127T101500Z-4242.trace
              termini replay bug.trace --app Templates/todo
              termini replay bug.trace --interactive
            """)

    @Argument(help: ArgumentHelp("The trace file (termini run --trace FILE, or one written when a script failed).", valueName: "file"))
    var file: String

    @Option(help: ArgumentHelp("The app to replay against, as termini run takes it (default: the one the trace names).", valueName: "target"))
    var app: String?

    @Option(help: "Store folder where installed apps are found (default: $XDG_DATA_HOME/termini).")
    var store: String?

    @Flag(help: "Run an unsigned or untrusted .zip (development only).")
    var dev = false

    @Flag(help: "Step through the trace in the terminal: next and previous input, with each step's data changes beside the screen.")
    var interactive = false

    func run() throws {
        let recording: TraceRecording
        recording = try TraceRecording.load(path: file)
        let target = app ?? recording.start.target
        let preparer = LaunchPreparer(store: AppStore(root: store ?? AppStore.defaultRoot()),
                                      archivePolicy: ArchiveRunPolicy(trustedKeys: [], skipSignatureCheck: dev),
                                      projectLoader: ProjectLoader.load)
        let launch: PreparedLaunch
        do { launch = try preparer.prepare(target, page: nil, query: [:]) } catch {
            throw CLIError("\(file): the app '\(target)' the trace was recorded with cannot be loaded (--app names another): \(error.description)")
        }
        let replay = TraceReplay(recording: recording, bundle: launch.bundle)
        if interactive {
            if try !ReplayStepper(replay: replay, file: file).run() { throw ExitCode(1) }
            return
        }
        let started = Date()
        let outcome = try replay.run()
        let seconds = Date().timeIntervalSince(started)
        for line in ReplayReport.lines(for: outcome, file: file, seconds: seconds) { print(line) }
        if !outcome.passed { throw ExitCode(1) }
    }
}
