import ArgumentParser
import Foundation
import TerminiLaunch
import TerminiRuntime

/// `termini snapshot`: headless run that plays an events file and prints the final screen.
struct SnapshotCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "snapshot", abstract: "Run a mini-app headless, play an events file, and print the final screen.",
        discussion: """
        Events file, one per line: key <name>, type <text>, paste "<text>", click <col> <row>, wheel up|down <col> <row>,
        resize <cols>x<rows>, wait <ms>, settle, suspend (Ctrl-Z and fg). Lines starting with # are comments.
        --format ansi keeps colours and attributes; svg and html draw the screen in the theme's colours.
        Key names: \(EventScript.keyNames.sorted().joined(separator: ", ")), Ctrl-<letter>, or one character.
        """)

    @OptionGroup var engine: EngineArguments

    @OptionGroup var timeout: TimeoutOption

    @Option(help: "Screen size as COLSxROWS.")
    var size: String = "80x24"

    @Option(help: "Events file to play ('-' reads standard input).")
    var events: String?

    @Option(help: "Also write console output, warnings and errors to this file.")
    var log: String?

    @Option(help: ArgumentHelp("Start the app's storage with these values: a JSON object of storage keys to values.", valueName: "seed.json"))
    var storage: String?

    @Flag(help: "Keep the app's storage in the store (default without --store: a fresh storage, thrown away after the run).")
    var keepStorage = false

    @Option(help: ArgumentHelp("Answer a command from a file instead of the real service; only 'request' can be mocked.", valueName: "request=fixtures.json"))
    var mock: [String] = []

    @Option(help: ArgumentHelp("Fix the script's clock: Date.now() and new Date() start at this time (milliseconds since 1970) and move only with the events file's waits.", valueName: "ms"))
    var clock: Double?

    @Flag(help: "After the screen, print a line naming the focused widget: 'focus: column C, row R: <loc>' (text and ansi formats).")
    var showFocus = false

    @Option(help: ArgumentHelp("How to print the screen: text (characters only), ansi (with colours and attributes), svg or html (a picture in the theme's colours).", valueName: "format"))
    var format: ScreenFormat = .text

    func validate() throws {
        if showFocus, format == .svg || format == .html {
            throw ValidationError("--show-focus prints a line after the screen, which --format \(format.rawValue) cannot hold; use text or ansi")
        }
    }

    func run() throws {
        let exitStatus = try snapshot()
        if exitStatus != 0 { throw ExitCode(exitStatus) }
    }

    /// The events file's text: `-` is standard input; device files and pipes are read to their end (Foundation's
    /// whole-file read cannot read them).
    static func readEvents(_ path: String) throws -> String {
        let handle: FileHandle
        if path == "-" {
            handle = FileHandle.standardInput
        } else {
            guard let opened = FileHandle(forReadingAtPath: path) else { throw CLIError("\(path): cannot read the events file") }
            handle = opened
        }
        defer { if path != "-" { try? handle.close() } }
        let data: Data
        do { data = try handle.readToEnd() ?? Data() } catch { throw CLIError("\(path): cannot read the events file: \(error.localizedDescription)") }
        guard let text = String(data: data, encoding: .utf8) else { throw CLIError("\(path): the events file is not UTF-8 text") }
        return text
    }

    /// Prints the final screen; returns 1 when a script error happened or the screen is an error screen, so a CI
    /// job that snapshots an app fails when the app does.
    private func snapshot() throws -> Int32 {
        guard let (width, height) = EventScript.parseSize(size) else {
            throw ValidationError("--size must look like 80x24 (1-1000 each), got '\(size)'")
        }
        var steps: [EventStep] = []
        if let events {
            steps = try EventScript.parse(try Self.readEvents(events), file: events == "-" ? "<stdin>" : events)
        }
        let updates = LaunchUpdates(target: engine.target, store: engine.appStore, timeout: timeout)
        try updates?.installRequiredUpdate()
        HeldUpdatePrompt.ask(target: engine.target, store: engine.appStore, interactive: false)
        var launch = try engine.prepareLaunch()
        let console = ConsoleSink(logPath: log, echoToStandardError: true)
        // Without a store of its own, a snapshot's storage starts empty and is thrown away, so runs repeat exactly.
        let scratch = engine.store == nil && !keepStorage ? FileManager.default.temporaryDirectory
            .appendingPathComponent("termini-snapshot-\(getpid())-\(UInt32.random(in: 0...UInt32.max))") : nil
        defer { if let scratch { try? FileManager.default.removeItem(at: scratch) } }
        var options = engine.engineOptions(console: console.write)
        if let scratch {
            try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
            options.storeDirectory = scratch.path
        }
        if let clock {
            guard clock >= 0, clock <= 8.64e15, clock == clock.rounded() else {
                throw ValidationError("--clock must be a whole number of milliseconds since 1970, got \(clock)")
            }
            options.fixedClockStart = clock
        }
        if let storage {
            guard let storeDirectory = options.storeDirectory else { throw CLIError("--storage needs a store for the app's storage") }
            do {
                try StorageSeed.write(try StorageSeed.read(path: storage), app: launch.bundle.storageId, into: storeDirectory, source: storage)
            } catch { throw CLIError(error.description) }
        }
        for mocked in mock {
            guard mocked.hasPrefix("request="), mocked.count > "request=".count else {
                throw ValidationError("--mock: only 'request' can be mocked, as --mock request=fixtures.json; got '\(mocked)'")
            }
            do { options.requestFixtures = try RequestFixtures.load(path: String(mocked.dropFirst("request=".count))) } catch {
                throw CLIError(error.description)
            }
        }
        var screen = ""
        var notices: [String] = launch.notice.map { [$0] } ?? []
        var failed = false
        var focusLine: String?
        while true {
            let session = try SnapshotSession(bundle: launch.bundle, width: width, height: height, options: options)
            if let probation = launch.probation { session.watchFirstLaunch(probation) }
            updates?.attach(running: launch.bundle.manifest.version) { session.updateInstalled($0) }
            updates?.startInBackground(console: console.write)
            screen = session.run(steps: steps, page: launch.page, query: launch.query)
            if format != .text { screen = session.renderScreen(as: format) }
            failed = failed || session.showsErrorScreen
            focusLine = session.focus.map { "focus: column \($0.column), row \($0.row): \($0.loc)" } ?? "focus: none"
            if let notice = launch.probation?.notice { notices.append(notice) }
            // applyUpdate restarts on the new version, which then settles without the rest of the events.
            guard session.restartRequested else { break }
            launch = try engine.prepareLaunch()
            if let notice = launch.notice { notices.append(notice) }
            steps = []
        }
        updates?.finish()
        print(screen, terminator: format == .svg || format == .html ? "" : "\n")
        if showFocus, let focusLine { print(focusLine) }
        notices.forEach(printNotice)
        let errors = console.errorCount
        guard failed || errors > 0 else { return 0 }
        FileHandle.standardError.write(Data("termini snapshot: \(errors) script error\(errors == 1 ? "" : "s")\(failed ? "; the final screen is an error screen" : "")\n".utf8))
        return 1
    }
}

extension ScreenFormat: ExpressibleByArgument {}
