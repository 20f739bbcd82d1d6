#if canImport(Glibc)
import Glibc
#endif
import Foundation
import TerminiClock

/// A child process on a pseudo-terminal of its own: the child's session leader, with the pty as its controlling
/// terminal, so ncurses in it sees a real terminal, a window change reaches it as SIGWINCH, and a crash or a runaway
/// app ends that child only.
///
/// A reader thread drains the master side into `output` until the child closes the terminal, then reaps the child
/// and calls `exited` with its status. Input is written from a serial queue, so a child that stops reading blocks
/// neither the caller nor the server's event loop.
public final class PseudoTerminalChild: Sendable {
    /// The child's process id.
    public let pid: pid_t
    private let master: Int32
    private let inputQueue = DispatchQueue(label: "termini.serve.pty-input")
    private let reaped = Locked(false)

    /// Starts `executable` with `arguments` and exactly `environment` on a new pty of `width`×`height` cells.
    /// `output` receives what the child writes (on the reader thread, in order); `exited` is called once, after the
    /// child is reaped, with its wait status.
    public init(executable: String, arguments: [String], environment: [String: String], width: Int, height: Int,
                output: @escaping @Sendable ([UInt8]) -> Void, exited: @escaping @Sendable (Int32) -> Void) throws(ServeError) {
        let m = open("/dev/ptmx", O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard m >= 0 else { throw ServeError("cannot open /dev/ptmx: \(String(cString: strerror(errno)))") }
        // The unlock and number ioctls: what unlockpt and ptsname do, which Swift's Glibc module does not export.
        var unlock: Int32 = 0
        var number: UInt32 = 0
        guard ioctl(m, 0x4004_5431 /* TIOCSPTLCK */, &unlock) == 0, ioctl(m, 0x8004_5430 /* TIOCGPTN */, &number) == 0 else {
            close(m)
            throw ServeError("cannot unlock the pty: \(String(cString: strerror(errno)))")
        }
        var size = winsize(ws_row: Self.clamp(height), ws_col: Self.clamp(width), ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(m, UInt(TIOCSWINSZ), &size)

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // The server ignores or catches SIGTERM, SIGINT, SIGPIPE and SIGHUP; a child must start with each at its
        // default, or `termini run` would ignore the SIGTERM that ends its session. 0x80 is glibc's
        // POSIX_SPAWN_SETSID (not exported to Swift): the child leads a new session, so opening the pty below makes
        // it the controlling terminal.
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGTERM, SIGINT, SIGPIPE, SIGHUP, SIGCHLD, SIGWINCH, SIGQUIT] { sigaddset(&defaults, signal) }
        var mask = sigset_t()
        sigemptyset(&mask)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setsigmask(&attributes, &mask)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK | 0x80))

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/pts/\(number)", O_RDWR, 0)
        posix_spawn_file_actions_adddup2(&actions, 0, 1)
        posix_spawn_file_actions_adddup2(&actions, 0, 2)
        _ = spawnActionsCloseFrom(&actions, 3)

        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { envp.forEach { free($0) } }
        var child: pid_t = 0
        let result = posix_spawn(&child, executable, &actions, &attributes, argv, envp)
        guard result == 0 else {
            close(m)
            throw ServeError("cannot start \(executable): \(String(cString: strerror(result)))")
        }
        pid = child
        master = m
        let thread = Thread { [master = m, pid = child, reaped, inputQueue] in
            Self.drain(master: master, output: output)
            // Wait without reaping first, then reap under the lock `signal` takes: a signal is never sent to a pid
            // that was reaped and may belong to another process by now.
            var info = siginfo_t()
            while waitid(P_PID, id_t(pid), &info, WEXITED | WNOWAIT) < 0 && errno == EINTR {}
            var status: Int32 = 0
            reaped.withLock { done in
                while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
                done = true
            }
            // Closed on the input queue, after any write already queued: none can reach a reused descriptor.
            inputQueue.async { close(master) }
            exited(status)
        }
        thread.name = "termini.serve.pty-output"
        thread.start()
    }

    private static func clamp(_ cells: Int) -> UInt16 { UInt16(clamping: max(1, cells)) }

    /// Reads until the slave side is closed by every process (read gives EIO) or fails.
    private static func drain(master: Int32, output: @Sendable ([UInt8]) -> Void) {
        var buffer = [UInt8](repeating: 0, count: 16_384)
        while true {
            let n = buffer.withUnsafeMutableBytes { read(master, $0.baseAddress, $0.count) }
            if n > 0 {
                output(Array(buffer[0..<n]))
            } else if n < 0 && errno == EINTR {
                continue
            } else {
                return
            }
        }
    }

    /// Sends `bytes` to the child's terminal as typed input.
    public func write(_ bytes: [UInt8]) {
        inputQueue.async { [master, reaped] in
            var offset = 0
            while offset < bytes.count {
                if reaped.value { return }
                let n = bytes[offset...].withUnsafeBytes { Glibc.write(master, $0.baseAddress, $0.count) }
                if n > 0 { offset += n } else if n < 0 && errno == EINTR { continue } else { return }
            }
        }
    }

    /// Sets the terminal's size; the child gets SIGWINCH.
    public func resize(width: Int, height: Int) {
        inputQueue.async { [master, reaped] in
            guard !reaped.value else { return }
            var size = winsize(ws_row: Self.clamp(height), ws_col: Self.clamp(width), ws_xpixel: 0, ws_ypixel: 0)
            _ = ioctl(master, UInt(TIOCSWINSZ), &size)
        }
    }

    /// Whether the child has ended and been reaped.
    public var hasExited: Bool { reaped.value }

    /// Asks the child to end (SIGTERM, which `termini run` handles as a quit that gives the terminal back), and kills
    /// it if it has not ended after `grace`.
    public func terminate(grace: Duration = .seconds(2)) {
        signal(SIGTERM)
        let seconds = Double(grace.components.seconds) + Double(grace.components.attoseconds) / 1e18
        DispatchQueue.global().asyncAfter(deadline: .now() + seconds) { [self] in signal(SIGKILL) }
    }

    /// Sends `signal` unless the child has been reaped (its pid may then be someone else's).
    public func signal(_ signal: Int32) {
        reaped.withLock { done in if !done { _ = kill(pid, signal) } }
    }
}

// glibc 2.34's GNU extension, which Swift's Glibc module does not import without _GNU_SOURCE.
@_silgen_name("posix_spawn_file_actions_addclosefrom_np")
private func spawnActionsCloseFrom(_ actions: UnsafeMutablePointer<posix_spawn_file_actions_t>, _ from: Int32) -> Int32
