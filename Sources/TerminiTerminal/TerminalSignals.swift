#if canImport(Glibc)
import Glibc
#endif
import CNcurses
import Synchronization

/// Process-wide signal plumbing for the ncurses backend: resize notification, job control (Ctrl-Z and `fg`) and
/// terminal restore on termination.
///
/// Signal handlers cannot capture context, so the state they touch is global and set before they are installed.
enum TerminalSignals {
    /// Write end of the active backend's wake pipe: SIGWINCH wakes the input wait.
    nonisolated(unsafe) static var resizeWakeFileDescriptor: Int32 = -1
    /// Whether ncurses currently owns the terminal (read by the termination handler).
    nonisolated(unsafe) static var screenActive = false
    static let resizePending = Atomic<Bool>(false)
    /// Ctrl-Z (SIGTSTP) arrived: the UI loop hides the app before it stops (`NcursesBackend.suspend`).
    static let suspendPending = Atomic<Bool>(false)
    /// SIGCONT arrived: the terminal may hold anything, so the backend takes it back and the host repaints.
    static let continuePending = Atomic<Bool>(false)
    nonisolated(unsafe) private static var previousActions: [(Int32, sigaction)] = []
    nonisolated(unsafe) private static var exitHookInstalled = false

    private static let terminationSignals: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGQUIT]

    /// Installs our SIGWINCH handler before `newterm`, so ncurses does not install its own (ncurses' handler would
    /// re-read the size from the descriptor we temporarily redirect while flushing), and termination handlers where
    /// the host has none.
    static func install(wakeFileDescriptor: Int32) {
        resizeWakeFileDescriptor = wakeFileDescriptor
        resizePending.store(false, ordering: .relaxed)
        previousActions = []
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { _ in
            TerminalSignals.resizePending.store(true, ordering: .relaxed)
            var byte: UInt8 = 1
            _ = write(TerminalSignals.resizeWakeFileDescriptor, &byte, 1)
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
            _ = write(TerminalSignals.resizeWakeFileDescriptor, &byte, 1)
        }
        sigemptyset(&jobControl.sa_mask)
        jobControl.sa_flags = SA_RESTART
        for signal in [SIGTSTP, SIGCONT] {
            var current = sigaction()
            guard sigaction(signal, nil, &current) == 0, current.__sigaction_handler.sa_handler == nil else { continue }
            if sigaction(signal, &jobControl, &old) == 0 { previousActions.append((signal, old)) }
        }

        var terminate = sigaction()
        terminate.__sigaction_handler.sa_handler = { signal in
            if TerminalSignals.screenActive { endwin() }
            Glibc.signal(signal, SIG_DFL)
            raise(signal)
        }
        sigemptyset(&terminate.sa_mask)
        for signal in terminationSignals {
            var current = sigaction()
            guard sigaction(signal, nil, &current) == 0, current.__sigaction_handler.sa_handler == nil else { continue }
            if sigaction(signal, &terminate, &old) == 0 { previousActions.append((signal, old)) }
        }
        if !exitHookInstalled {
            exitHookInstalled = true
            // A host that calls exit() without shutdown() must not leave the terminal in raw mode.
            atexit { if TerminalSignals.screenActive { endwin() } }
        }
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

    static func uninstall() {
        for (signal, action) in previousActions {
            var restore = action
            sigaction(signal, &restore, nil)
        }
        previousActions = []
        resizeWakeFileDescriptor = -1
    }
}
