#if canImport(Glibc)
import Glibc
#endif
import TerminiClock

/// What a crash leaves on standard error once the terminal is restored: the signal, the page stack and the last
/// entry into the script, in one line, e.g.
/// `termini: crashed with SIGSEGV; pages: index > detail; last script entry: go (page 2)`.
///
/// A signal handler may not allocate or take locks, so the context lives in two fixed buffers that the UI and JS
/// threads overwrite as things change and the handler only reads with `write(2)`. A crash in the middle of an
/// update can show a torn line; it is a best effort report, never a reason to crash again. The writers take a lock
/// among themselves: a process with several engines has several JS threads noting their entries at once.
public enum CrashReport {
    /// Makes a crash restore the terminal and print the report before the process dies of it. Call it at the
    /// start of `main`, before any engine exists (JavaScriptCore must install its own handlers after it).
    public static func installHandlers() { TerminalSignals.installCrashHandlers() }

    static let capacity = 256
    nonisolated(unsafe) private static let pages = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
    nonisolated(unsafe) private static var pagesLength = 0
    nonisolated(unsafe) private static let entry = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
    nonisolated(unsafe) private static var entryLength = 0
    /// Held by whoever writes the buffers; the crash handler reads without it.
    private static let writing = Locked(())

    /// The navigation stack, root first (the UI thread calls it when the stack changes).
    public static func notePageStack(_ names: [String]) {
        let text = names.joined(separator: " > ")
        writing.withLock { _ in pagesLength = copy(text, into: pages) }
    }

    /// The script's entry point now running: a hook or handler name and its page (the JS thread calls it).
    public static func noteScriptEntry(_ handler: String, pageId: Int?) {
        let text = pageId.map { "\(handler) (page \($0))" } ?? handler
        writing.withLock { _ in entryLength = copy(text, into: entry) }
    }

    private static func copy(_ text: String, into buffer: UnsafeMutablePointer<UInt8>) -> Int {
        var n = 0
        for byte in text.utf8 where n < capacity { buffer[n] = byte; n += 1 }
        return n
    }

    /// Writes the report for `signal` to standard error; async-signal-safe (only `write`).
    static func write(signal: Int32) {
        func put(_ text: StaticString) { _ = Glibc.write(2, text.utf8Start, text.utf8CodeUnitCount) }
        put("termini: crashed with ")
        switch signal {
        case SIGSEGV: put("SIGSEGV")
        case SIGBUS: put("SIGBUS")
        case SIGABRT: put("SIGABRT")
        case SIGILL: put("SIGILL (a runtime trap)")
        case SIGTRAP: put("SIGTRAP (a runtime trap)")
        case SIGFPE: put("SIGFPE")
        default: put("a signal")
        }
        put("; pages: ")
        if pagesLength > 0 { _ = Glibc.write(2, pages, min(pagesLength, capacity)) } else { put("none") }
        put("; last script entry: ")
        if entryLength > 0 { _ = Glibc.write(2, entry, min(entryLength, capacity)) } else { put("none") }
        put("\n")
    }
}
