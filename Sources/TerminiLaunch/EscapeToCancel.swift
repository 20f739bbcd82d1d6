import Foundation

/// Lets the user cancel a foreground wait with Esc before any screen exists (a required update at launch): standard
/// input goes to non-canonical mode without echo while it runs, a thread watches for the Esc byte, and the terminal
/// is restored afterwards. Does nothing when standard input is not a terminal (pipes, `--events -`).
final class EscapeToCancel: @unchecked Sendable {
    private let saved: termios
    private let lock = NSLock()
    private var stopped = false
    private let done = DispatchSemaphore(value: 0)

    /// Starts watching; `onEscape` runs on the watching thread at most once. Nil when standard input is no terminal.
    static func start(onEscape: @escaping @Sendable () -> Void) -> EscapeToCancel? {
        guard isatty(STDIN_FILENO) == 1 else { return nil }
        var original = termios()
        guard tcgetattr(STDIN_FILENO, &original) == 0 else { return nil }
        var quiet = original
        quiet.c_lflag &= ~tcflag_t(ICANON | ECHO)
        guard tcsetattr(STDIN_FILENO, TCSANOW, &quiet) == 0 else { return nil }
        let watcher = EscapeToCancel(saved: original)
        Thread.detachNewThread { watcher.watch(onEscape) }
        return watcher
    }

    private init(saved: termios) { self.saved = saved }

    private var isStopped: Bool {
        lock.lock(); defer { lock.unlock() }
        return stopped
    }

    private func watch(_ onEscape: @Sendable () -> Void) {
        defer { done.signal() }
        while !isStopped {
            var poller = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, 100) > 0 else { continue }
            var byte: UInt8 = 0
            guard read(STDIN_FILENO, &byte, 1) == 1 else { return }
            if byte == 0x1B {
                onEscape()
                return
            }
        }
    }

    /// Stops watching and restores the terminal as it was.
    func stop() {
        lock.lock()
        let already = stopped
        stopped = true
        lock.unlock()
        guard !already else { return }
        _ = done.wait(timeout: .now() + 1)
        var original = saved
        tcsetattr(STDIN_FILENO, TCSANOW, &original)
    }
}
