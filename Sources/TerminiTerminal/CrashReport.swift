#if canImport(Glibc)
import Glibc
#endif
import Synchronization
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

    /// A last step of a crash, after the report and backtrace are written: `termini run` writes its flight recorder's
    /// trace. Unlike the rest of the handler it is not async-signal-safe (it allocates and takes locks), so it is a
    /// best effort: it runs once, and if the crash left the heap or a lock broken and it hangs, an alarm ends the
    /// process after `lastWordsSeconds`, dying of the crash's own signal. Set it before the screen starts.
    nonisolated(unsafe) public static var lastWords: (@Sendable () -> Void)?
    static let lastWordsSeconds: UInt32 = 2
    private static let lastWordsSaid = Atomic<Bool>(false)

    /// From a crash handler: runs `lastWords` once (a crash inside it comes back here, and goes on without it).
    static func sayLastWords(signal: Int32) {
        guard let words = lastWords, !lastWordsSaid.exchange(true, ordering: .relaxed) else { return }
        // The alarm's handler dies of the termination signal on record: the crash's, not SIGALRM.
        TerminalSignals.terminationRequested.store(signal, ordering: .relaxed)
        alarm(lastWordsSeconds)
        words()
        alarm(0)
    }

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

    /// Writes the report for `signal` to `descriptor` (standard error); async-signal-safe (only `write`).
    static func write(signal: Int32, to descriptor: Int32 = 2) {
        func put(_ text: StaticString) { _ = Glibc.write(descriptor, text.utf8Start, text.utf8CodeUnitCount) }
        put("termini: crashed with ")
        switch signal {
        case SIGSEGV: put("SIGSEGV")
        case SIGBUS: put("SIGBUS")
        case SIGABRT: put("SIGABRT")
        case SIGILL: put("SIGILL (a runtime trap)")
        case SIGTRAP: put("SIGTRAP (a runtime trap)")
        case SIGFPE: put("SIGFPE")
        case SIGQUIT: put("SIGQUIT")
        case SIGSYS: put("SIGSYS")
        default: put("a signal")
        }
        put("; pages: ")
        if pagesLength > 0 { _ = Glibc.write(descriptor, pages, min(pagesLength, capacity)) } else { put("none") }
        put("; last script entry: ")
        if entryLength > 0 { _ = Glibc.write(descriptor, entry, min(entryLength, capacity)) } else { put("none") }
        put("\n")
    }

    // MARK: - The backtrace file

    /// Where an interactive run's crash writes its backtrace, as a C string in fixed storage (nil: none prepared).
    nonisolated(unsafe) private static var backtracePath: UnsafeMutablePointer<CChar>?
    nonisolated(unsafe) private static var backtracePathLength = 0
    private typealias BacktraceFunction = @convention(c) (UnsafeMutablePointer<UnsafeMutableRawPointer?>?, Int32) -> Int32
    private typealias BacktraceSymbolsFunction = @convention(c) (UnsafePointer<UnsafeMutableRawPointer?>?, Int32, Int32) -> Void
    nonisolated(unsafe) private static var backtraceFunction: BacktraceFunction?
    nonisolated(unsafe) private static var backtraceSymbolsFunction: BacktraceSymbolsFunction?
    nonisolated(unsafe) private static let frames = UnsafeMutablePointer<UnsafeMutableRawPointer?>.allocate(capacity: 128)

    /// Makes a crash of an interactive run write its report and a backtrace to `<directory>/termini-<pid>.txt` and
    /// end, instead of handing the signal to the Swift runtime's interactive backtracer, which would hold the user's
    /// terminal for half a minute waiting for a key. Call once the store is known, before the screen starts.
    public static func writeBacktraces(into directory: String) {
        var made = directory.hasPrefix("/") ? "" : "."
        for part in directory.split(separator: "/") {
            made += "/" + part
            _ = mkdir(made, 0o700)
        }
        var status = stat()
        guard stat(directory, &status) == 0, status.st_mode & S_IFMT == S_IFDIR else { return }
        let path = directory + "/termini-\(getpid()).txt"
        let storage = UnsafeMutablePointer<CChar>.allocate(capacity: path.utf8.count + 1)
        path.withCString { storage.initialize(from: $0, count: path.utf8.count + 1) }
        backtracePath = storage
        backtracePathLength = path.utf8.count
        // glibc's backtrace (through dlsym: Swift's Glibc module does not show execinfo.h), called once now so that
        // it has loaded what it needs before a handler calls it.
        if let symbol = dlsym(nil, "backtrace") {   // nil is RTLD_DEFAULT
            backtraceFunction = unsafeBitCast(symbol, to: BacktraceFunction.self)
        }
        if let symbol = dlsym(nil, "backtrace_symbols_fd") {
            backtraceSymbolsFunction = unsafeBitCast(symbol, to: BacktraceSymbolsFunction.self)
        }
        _ = backtraceFunction?(frames, 128)
    }

    /// From a crash handler: writes the report and a backtrace to the prepared file and says where on standard
    /// error. Returns false when no file was prepared (the caller then hands the signal on as before).
    static func writeBacktraceFile(signal: Int32) -> Bool {
        guard let path = backtracePath else { return false }
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        guard fd >= 0 else { return false }
        write(signal: signal, to: fd)
        if let capture = backtraceFunction, let symbols = backtraceSymbolsFunction {
            let count = capture(frames, 128)
            symbols(frames, count, fd)
        }
        close(fd)
        func put(_ text: StaticString) { _ = Glibc.write(2, text.utf8Start, text.utf8CodeUnitCount) }
        put("termini: the backtrace is in ")
        _ = Glibc.write(2, path, backtracePathLength)
        put("\n")
        return true
    }
}
