#if canImport(Glibc)
import Glibc
#endif
import CNcurses
import Synchronization

/// Process-wide signal plumbing for the ncurses backend: resize notification, job control (Ctrl-Z and `fg`) and
/// terminal restore on termination (through `SignalSafeTerminalReset`, never ncurses itself, from a handler).
///
/// Signal handlers cannot capture context, so the state they touch is global and set before they are installed.
enum TerminalSignals {
    /// Write end of the active backend's wake pipe: SIGWINCH wakes the input wait. Atomic, like `screenActive`: a
    /// handler may run on any thread while the UI thread installs or uninstalls (ThreadSanitizer saw that race).
    static let resizeWakeFileDescriptor = Atomic<Int32>(-1)
    /// Whether ncurses currently owns the terminal (read by the termination and crash handlers).
    static let screenActive = Atomic<Bool>(false)
    static let resizePending = Atomic<Bool>(false)
    /// Ctrl-Z (SIGTSTP) arrived: the UI loop hides the app before it stops (`NcursesBackend.suspend`).
    static let suspendPending = Atomic<Bool>(false)
    /// SIGCONT arrived: the terminal may hold anything, so the backend takes it back and the host repaints.
    static let continuePending = Atomic<Bool>(false)
    nonisolated(unsafe) private static var previousActions: [(Int32, sigaction)] = []
    nonisolated(unsafe) private static var exitHookInstalled = false

    /// Signals whose default action ends the process: the app is ended as if the user quit (its `--timings` and
    /// `--log` files complete, the terminal given back by the normal path), and the process then dies of the signal.
    /// A second one, or the loop not getting there within `terminationGraceSeconds`, ends it at once, terminal
    /// restored. SIGALRM is that deadline's own signal, so it always ends at once.
    /// SIGUSR1 is among them, but like every one of them it is taken only where no handler is installed yet: while
    /// JavaScriptCore suspends its threads with it (its default; `ScriptRuntime.prepareProcess` moves it to another
    /// signal) its handler is there first and must stay alone (a handler that passed its signals on crashed a
    /// collection).
    private static let terminationSignals: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGUSR1, SIGUSR2, SIGPWR,
                                                      SIGVTALRM, SIGPROF, SIGXCPU, SIGSTKFLT]
    private static let immediateTerminationSignals: [Int32] = [SIGALRM]
    /// Signals that would kill the process for something it can handle as an error: a write to a closed pipe
    /// (EPIPE) and a file over `ulimit -f` (EFBIG), which the log writer reports and stops writing.
    private static let ignoredSignals: [Int32] = [SIGPIPE, SIGXFSZ]
    static let terminationGraceSeconds: UInt32 = 2
    /// The termination signal the loop is ending the app for (0: none).
    static let terminationRequested = Atomic<Int32>(0)
    /// A crash (a bad access, an abort, a Swift runtime trap): the terminal is restored and `CrashReport` written
    /// before the process dies of the signal as it would have.
    private static let crashSignals: [Int32] = [SIGSEGV, SIGBUS, SIGABRT, SIGILL, SIGTRAP, SIGFPE, SIGSYS]
    /// Signals whose handler goes in front of another one already there, like a crash's, without the crash report:
    /// the Swift runtime's backtracer takes SIGQUIT (Ctrl-\) before us, and printed into the app's screen and waited
    /// there, with the terminal still in raw mode.
    private static let chainedSignals: [Int32] = [SIGQUIT]
    /// The handlers the crash handler hands each signal on to, by signal number; fixed storage, since a signal
    /// handler may not allocate.
    static let crashActionSlots: Int32 = 65
    nonisolated(unsafe) static let crashPreviousActions: UnsafeMutablePointer<sigaction> = {
        let slots = UnsafeMutablePointer<sigaction>.allocate(capacity: Int(crashActionSlots))
        slots.initialize(repeating: sigaction(), count: Int(crashActionSlots))
        return slots
    }()

    /// Installs our SIGWINCH handler before `newterm`, so ncurses does not install its own (ncurses' handler would
    /// re-read the size from the descriptor we temporarily redirect while flushing), and termination handlers where
    /// the host has none.
    static func install(wakeFileDescriptor: Int32) {
        resizeWakeFileDescriptor.store(wakeFileDescriptor, ordering: .relaxed)
        resizePending.store(false, ordering: .relaxed)
        previousActions = []
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { _ in
            TerminalSignals.resizePending.store(true, ordering: .relaxed)
            var byte: UInt8 = 1
            _ = write(TerminalSignals.resizeWakeFileDescriptor.load(ordering: .relaxed), &byte, 1)
        }
        sigemptyset(&action.sa_mask)
        action.sa_flags = SA_RESTART
        var old = sigaction()
        if sigaction(SIGWINCH, &action, &old) == 0 { previousActions.append((SIGWINCH, old)) }

        // Ctrl-Z is not acted on in the handler: the loop first lets the app hear onHide, restores the terminal and
        // only then stops (`stopProcess`). A host that ignores SIGTSTP keeps it ignored.
        suspendPending.store(false, ordering: .relaxed)
        continuePending.store(false, ordering: .relaxed)
        var jobControl = sigaction()
        jobControl.__sigaction_handler.sa_handler = { signal in
            if signal == SIGTSTP {
                TerminalSignals.suspendPending.store(true, ordering: .relaxed)
            } else {
                TerminalSignals.continuePending.store(true, ordering: .relaxed)
            }
            var byte: UInt8 = 1
            _ = write(TerminalSignals.resizeWakeFileDescriptor.load(ordering: .relaxed), &byte, 1)
        }
        sigemptyset(&jobControl.sa_mask)
        jobControl.sa_flags = SA_RESTART
        for signal in [SIGTSTP, SIGCONT] {
            var current = sigaction()
            guard sigaction(signal, nil, &current) == 0, current.__sigaction_handler.sa_handler == nil else { continue }
            if sigaction(signal, &jobControl, &old) == 0 { previousActions.append((signal, old)) }
        }

        terminationRequested.store(0, ordering: .relaxed)
        var terminate = sigaction()
        terminate.__sigaction_handler.sa_handler = { signal in TerminalSignals.requestTermination(signal) }
        sigemptyset(&terminate.sa_mask)
        var immediate = sigaction()
        immediate.__sigaction_handler.sa_handler = { signal in
            let requested = TerminalSignals.terminationRequested.load(ordering: .relaxed)
            TerminalSignals.terminateNow(signal == SIGALRM && requested != 0 ? requested : signal)
        }
        sigemptyset(&immediate.sa_mask)
        var ignore = sigaction()
        ignore.__sigaction_handler.sa_handler = unsafeBitCast(1, to: (@convention(c) (Int32) -> Void).self)   // SIG_IGN
        sigemptyset(&ignore.sa_mask)
        for (signals, action) in [(terminationSignals, terminate), (immediateTerminationSignals, immediate), (ignoredSignals, ignore)] {
            var action = action
            for signal in signals {
                var current = sigaction()
                guard sigaction(signal, nil, &current) == 0, current.__sigaction_handler.sa_handler == nil else { continue }
                if sigaction(signal, &action, &old) == 0 { previousActions.append((signal, old)) }
            }
        }
        // A parent may start us with these blocked (a test runner spawning from one of its worker threads does), and
        // a blocked SIGTERM never reaches its handler. The calling (UI) thread takes them: the kernel hands a signal
        // sent to the process to a thread that does not block it.
        var accepted = sigset_t()
        sigemptyset(&accepted)
        for signal in [SIGWINCH, SIGTSTP, SIGCONT] + terminationSignals + immediateTerminationSignals + crashSignals {
            sigaddset(&accepted, signal)
        }
        pthread_sigmask(SIG_UNBLOCK, &accepted, nil)
        if !exitHookInstalled {
            exitHookInstalled = true
            // A host that calls exit() without shutdown() must not leave the terminal in raw mode.
            atexit { if TerminalSignals.screenActive.load(ordering: .relaxed) { endwin() } }
        }
    }

    /// From a handler: the first termination signal ends the app as a quit does (the loop sees the flag, woken
    /// through the pipe) within `terminationGraceSeconds`; a second one, or the grace running out, ends it now.
    static func requestTermination(_ signal: Int32) {
        if terminationRequested.compareExchange(expected: 0, desired: signal, ordering: .relaxed).exchanged {
            var byte: UInt8 = 1
            _ = write(resizeWakeFileDescriptor.load(ordering: .relaxed), &byte, 1)
            alarm(terminationGraceSeconds)
            return
        }
        terminateNow(signal)
    }

    /// Restores the terminal without ncurses and dies of `signal` (from a handler).
    static func terminateNow(_ signal: Int32) {
        if screenActive.exchange(false, ordering: .relaxed) { SignalSafeTerminalReset.run() }
        Glibc.signal(signal, SIG_DFL)
        var unblock = sigset_t()
        sigemptyset(&unblock)
        sigaddset(&unblock, signal)
        pthread_sigmask(SIG_UNBLOCK, &unblock, nil)
        raise(signal)
        _exit(128 + signal)
    }

    /// After the app ended for a termination signal and everything was written and given back: dies of that
    /// signal, so the parent sees how the process ended. Returns when no signal asked for the end.
    static func finishRequestedTermination() {
        let signal = terminationRequested.load(ordering: .relaxed)
        guard signal != 0 else { return }
        alarm(0)
        terminateNow(signal)
    }

    /// Stops the process as the default SIGTSTP action would, so the shell's job control takes over; returns when
    /// the process is continued.
    static func stopProcess() {
        var defaultAction = sigaction()
        defaultAction.__sigaction_handler.sa_handler = nil  // SIG_DFL
        sigemptyset(&defaultAction.sa_mask)
        var ours = sigaction()
        sigaction(SIGTSTP, &defaultAction, &ours)
        // Sent to this thread, with the signal unblocked here (the UI thread may be one that the runtime started
        // with most signals blocked), it stops the process before raise returns. Sent to the process, another
        // thread could take it after our handler is back, and run the handler instead of stopping.
        var tstp = sigset_t()
        sigemptyset(&tstp)
        sigaddset(&tstp, SIGTSTP)
        var mask = sigset_t()
        pthread_sigmask(SIG_UNBLOCK, &tstp, &mask)
        raise(SIGTSTP)
        pthread_sigmask(SIG_SETMASK, &mask, nil)
        sigaction(SIGTSTP, &ours, nil)
    }

    /// Puts the crash handler in front of whatever handles each crash signal now (the Swift runtime's
    /// backtracer, which would otherwise print into a terminal still in raw mode and wait for a key there), which
    /// then runs as before. Call it once, early, before any JavaScriptCore VM exists: JavaScriptCore installs its own
    /// handlers for the faults and traps it uses itself and passes on the others, so it must come after this one.
    static func installCrashHandlers() {
        guard !crashHandlersInstalled else { return }
        crashHandlersInstalled = true
        var crash = sigaction()
        crash.__sigaction_handler.sa_handler = { signal in
            if TerminalSignals.screenActive.exchange(false, ordering: .relaxed) { SignalSafeTerminalReset.run() }
            if signal != SIGQUIT { CrashReport.write(signal: signal) }
            // An interactive run: the backtrace goes to a file, and the process ends now rather than in the Swift
            // backtracer's interactive prompt on the user's terminal. The report and backtrace are on disk before
            // the last words, which may allocate and so may hang in a heap the crash broke.
            let reported = CrashReport.writeBacktraceFile(signal: signal)
            CrashReport.sayLastWords(signal: signal)
            if reported { TerminalSignals.terminateNow(signal) }
            if signal >= 0 && signal < TerminalSignals.crashActionSlots {
                var previous = TerminalSignals.crashPreviousActions[Int(signal)]
                sigaction(signal, &previous, nil)
                raise(signal)
            }
            // The previous handler may return (the Swift backtracer does when the signal did not come from a
            // fault): die of the signal as the default action would.
            Glibc.signal(signal, SIG_DFL)
            raise(signal)
        }
        sigemptyset(&crash.sa_mask)
        crash.sa_flags = SA_NODEFER
        for signal in crashSignals {
            var current = sigaction()
            guard sigaction(signal, &crash, &current) == 0 else { continue }
            crashPreviousActions[Int(signal)] = current
        }
        for signal in chainedSignals {
            // Only in front of a handler: with none there, `install`'s termination handler takes the signal, and
            // an ignored signal stays ignored.
            var current = sigaction()
            guard sigaction(signal, nil, &current) == 0,
                  let handler = current.__sigaction_handler.sa_handler, unsafeBitCast(handler, to: Int.self) != 1,  // SIG_IGN
                  sigaction(signal, &crash, nil) == 0 else { continue }
            crashPreviousActions[Int(signal)] = current
        }
    }

    nonisolated(unsafe) private static var crashHandlersInstalled = false

    static func uninstall() {
        for (signal, action) in previousActions {
            var restore = action
            sigaction(signal, &restore, nil)
        }
        previousActions = []
        resizeWakeFileDescriptor.store(-1, ordering: .relaxed)
    }
}
