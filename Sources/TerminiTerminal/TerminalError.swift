#if canImport(Glibc)
import Glibc
#endif

/// Why a terminal backend could not start or continue.
public enum TerminalError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A system call failed; `errno` is its error number.
    case system(call: String, errno: Int32)
    /// ncurses could not set up the terminal (unknown TERM, not a terminal...).
    case terminalSetupFailed(term: String, reason: String)
    /// Only one ncurses screen can be live in a process at a time.
    case alreadyActive

    public var description: String {
        switch self {
        case .system(let call, let code):
            let message = strerror(code).map { String(cString: $0) } ?? "error \(code)"
            return "\(call) failed: \(message)"
        case .terminalSetupFailed(let term, let reason):
            return term.isEmpty ? reason : "TERM=\(term): \(reason)"
        case .alreadyActive:
            return "a terminal backend is already active in this process; shut it down first"
        }
    }
}
