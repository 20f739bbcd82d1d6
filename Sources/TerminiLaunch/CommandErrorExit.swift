import ArgumentParser
import TerminiRuntime

/// How `termini` and `termini-tools` end on an error or a help request: both word it alike, so which of the two
/// ran a command never shows.
public enum CommandErrorExit {
    /// Prints `error` and exits with its code, as ArgumentParser's own `main` would for `root`, except that every
    /// message passes `TerminalSafeText`: an error can quote what an app wrote (a script error's text, a key, a file
    /// name).
    public static func printAndExit<Root: ParsableCommand>(_ error: any Error, root: Root.Type) -> Never {
        let code = root.exitCode(for: error)
        // Termini's own errors print in the one diagnostic shape, `where: error: what`; the parser's keep theirs.
        let message = (error as? any DiagnosticConvertible)?.diagnostic.described(placeless: "termini")
            ?? root.fullMessage(for: error)
        if !message.isEmpty {
            if code == .success {
                print(TerminalSafeText.sanitized(message))
            } else {
                writeToStandardError(message)
            }
        }
        root.exit(withError: code == .success ? nil : ExitCode(code.rawValue))
    }
}
