import ArgumentParser
import Foundation
import TerminiRuntime

/// `termini snapshot`: headless run that plays an events file and prints the final screen.
struct SnapshotCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "snapshot", abstract: "Run a mini-app headless, play an events file, and print the final screen.",
        discussion: """
        Events file, one per line: key <name>, type <text>, click <col> <row>, resize <cols>x<rows>, wait <ms>, settle,
        suspend (Ctrl-Z and fg). Lines starting with # are comments.
        Key names: \(EventScript.keyNames.sorted().joined(separator: ", ")), Ctrl-<letter>, or one character.
        """)

    @OptionGroup var engine: EngineArguments

    @Option(help: "Screen size as COLSxROWS.")
    var size: String = "80x24"

    @Option(help: "Events file to play.")
    var events: String?

    func run() throws {
        guard let (width, height) = EventScript.parseSize(size) else {
            throw ValidationError("--size must look like 80x24 (1-1000 each), got '\(size)'")
        }
        var steps: [EventStep] = []
        if let events {
            guard let text = try? String(contentsOfFile: events, encoding: .utf8) else {
                throw CLIError("\(events): cannot read the events file")
            }
            steps = try EventScript.parse(text, file: events)
        }
        let updates = LaunchUpdates(target: engine.target, store: engine.appStore)
        try updates?.installRequiredUpdate()
        var launch = try engine.prepareLaunch()
        let console = ConsoleSink(logPath: nil, echoToStandardError: true)
        var screen = ""
        var notices: [String] = []
        while true {
            let session = try SnapshotSession(bundle: launch.bundle, width: width, height: height,
                                              options: engine.engineOptions(console: console.write))
            if let probation = launch.probation { session.watchFirstLaunch(probation) }
            updates?.attach(running: launch.bundle.manifest.version) { session.updateInstalled(version: $0) }
            updates?.startInBackground(console: console.write)
            screen = session.run(steps: steps, page: launch.page, query: launch.query)
            if let notice = launch.probation?.notice { notices.append(notice) }
            // applyUpdate restarts on the new version, which then settles without the rest of the events.
            guard session.restartRequested else { break }
            launch = try engine.prepareLaunch()
            steps = []
        }
        updates?.finish()
        print(screen)
        notices.forEach(printNotice)
    }
}
