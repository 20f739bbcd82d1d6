import ArgumentParser
import Foundation
import TerminiAuthoring
import TerminiLaunch
import TerminiRuntime

/// `termini test [project]`: runs the project's `tests/*.test` files headless and checks their assertions.
struct TestCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "test",
        abstract: "Run a project's tests (tests/*.test, tests/*.trace) headless and check them; exit 1 on any failure.",
        discussion: """
            A test is an events file (the grammar of termini snapshot --events) with
            expect lines among the events, after an optional header:
              start <page>[?k=v]         size <cols>x<rows>      clock <ms>
              mock request=<fixtures.json>
              storage <seed.json>  or  storage {"key": value}
            Without a header a test starts at the first page, 80x24, with empty
            storage and the clock at 0.

            Assertions, checked in order once the app settles:
              expect text "<text>" [at <row>]    expect focus <id> | none
              expect data <path> == <json>       expect toast "<text>"
              expect page <name>                 expect no-error
              expect screen <name>     tests/screens/<name>.screen (--update writes it)

            A trace (tests/*.trace, from termini run --trace or a failed run) is
            replayed: it passes when every frame comes out as recorded, and fails at
            the first frame that differs, with the input before it and a diff.

            A failure prints file:line, what was expected, what the app showed and
            the screen, or its diff against the golden screen; then the next test
            runs. The last line is "N passed, N failed". Reference: docs/TESTING.md.

            Examples:
              termini test
              termini test myapp --filter add
              termini test myapp --update
            """)

    @Argument(help: ArgumentHelp("Project folder with app.json and tests/*.test.", valueName: "project"))
    var project: String = "."

    @Option(help: ArgumentHelp("Run only the tests whose name (file name without .test) contains this.", valueName: "name"))
    var filter: String?

    @Flag(help: "Write the golden screens that are missing or differ (tests/screens/<name>.screen) instead of failing.")
    var update = false

    @Option(help: ArgumentHelp("Paint screens and diffs in their colours: auto (when standard output is a terminal "
                               + "and NO_COLOR is unset), always or never.", valueName: "when"))
    var color: ColorChoice = .auto

    /// `--color`.
    enum ColorChoice: String, ExpressibleByArgument, CaseIterable {
        case auto, always, never
    }

    func run() throws {
        guard ProjectLoader.isProject(project) else { throw CLIError("\(project): not a project folder (no app.json)") }
        let suite = AppTestSuite(project: project, filter: filter)
        guard !suite.files.isEmpty else {
            let folder = AppTestSuite.testsFolder(of: project)
            throw CLIError(filter.map { "no test in \(folder) has '\($0)' in its name" } ?? "no tests: \(folder) has no *.test or *.trace files")
        }
        let bundle: LoadedBundle
        do { bundle = try ProjectLoader.load(folder: project) } catch { throw CLIError("\(error)") }
        let runner = AppTestRunner(bundle: bundle, screens: AppTestSuite.screens(of: project), update: update)
        let styled = color == .always || (color == .auto && isatty(STDOUT_FILENO) == 1 && ProcessInfo.processInfo.environment["NO_COLOR"] == nil)
        let report = AppTestReport(styled: styled)
        // Each test's lines go out as it ends (unbuffered), so a long run shows its progress.
        func write(_ lines: [String]) { FileHandle.standardOutput.write(Data(lines.map { $0 + "\n" }.joined().utf8)) }
        let (passed, failed) = suite.run(with: runner) { write(report.lines(for: $0)) }
        write([AppTestReport.summary(passed: passed, failed: failed)])
        if failed > 0 { throw ExitCode(1) }
    }
}
