import Foundation
import TerminiFrames
import TerminiLaunch
import TerminiRuntime

/// `termini`, the launcher: it runs `termini run` of an installed app, an archive or a bundle folder itself, in an
/// executable without the authoring tools, the server or the benchmarks, whose smaller relocated data leaves fewer
/// private dirty pages at every app's start (docs/PERFORMANCE.md). Every other command line, the gallery, help, a
/// project folder's run and every parse error included, goes unchanged to `termini-tools` next to it (git-style), so
/// users see one `termini` with the same commands, messages and exit codes as before.
@main
enum Launcher {
    /// Decides before any set-up whether this process runs the command, so a hand-over costs only an `execv`; then
    /// does what `termini-tools`' main does for `run`: the crash handlers before any JavaScriptCore VM, JavaScriptCore's
    /// main-thread set-up, the run, and the one error exit.
    ///
    /// Synchronous on purpose, as `termini-tools`' main is: an `async` main ends the main thread with `pthread_exit`,
    /// whose thread-local destructors free WTF's main run loop that `prepareProcess` made.
    static func main() {
        StartupTimeline.process.markMain()
        let arguments = CommandLine.arguments.dropFirst()
        let parsed = LaunchFastPath.command(arguments)
        guard let command = parsed, !LaunchPreparer.needsProjectLoader(command.engine.target) else {
            handOverToTools(what: parsed != nil ? "running a project folder" : arguments.first.map { "'termini \($0)'" } ?? "the gallery")
        }
        CrashReport.installHandlers()
        MiniAppEngine.prepareProcess()
        StartupTimeline.process.mark(.argumentsParsed)
        do {
            try command.run()
        } catch {
            CommandErrorExit.printAndExit(error, root: RunCommand.self)
        }
    }

    /// Replaces this process with `termini-tools`, with the very same argv, `argv[0]` included: it then parses and
    /// words everything as `termini`. Returns only to say it cannot (`what` is the command it was given), with exit
    /// status 1.
    static func handOverToTools(what: String) -> Never {
        let tools = SiblingExecutable.path(SiblingExecutable.tools)
        execv(tools, CommandLine.unsafeArgv)
        let cause = errno
        let problem = cause == ENOENT
            ? "which is not next to \(SiblingExecutable.own) (build it: swift build --product \(SiblingExecutable.tools))"
            : "which cannot start: \(tools): \(String(cString: strerror(cause)))"
        CommandErrorExit.printAndExit(CLIError("\(what) is in \(SiblingExecutable.tools), \(problem)"), root: RunCommand.self)
    }
}
