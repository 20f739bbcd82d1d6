import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A child process for tests, spawned with `posix_spawn` and reaped with `waitpid` on its own pid.
///
/// Foundation's `Process` learns of a child's exit from a SIGCHLD handler; under a parallel test run that
/// notification was seen to go missing, leaving `waitUntilExit()` blocked on a zombie until CI's time ran out.
/// Waiting on the pid itself cannot miss an exit. The child inherits only the three standard descriptors, so a
/// pipe that another test has open never leaks into a long-lived child such as the tmux server.
public final class ChildProcess: @unchecked Sendable {
    /// How the child ended.
    public enum Termination: Equatable, Sendable {
        case exited(Int32)
        case signalled(Int32)

        /// The exit status, or minus the signal number: the shape the end-to-end tests assert on.
        public var status: Int32 {
            switch self {
            case .exited(let code): return code
            case .signalled(let signal): return -signal
            }
        }
    }

    /// What one standard stream of the child is connected to.
    public enum Stream {
        case null
        case pipe
    }

    public let pid: pid_t
    /// Read ends of the child's stdout and stderr when they were asked for as `.pipe`.
    public let standardOutput: FileHandle?
    public let standardError: FileHandle?
    private let lock = NSLock()
    private var ended: Termination?

    /// Starts `executable` (an absolute path) with `arguments`; `environment` nil means this process's environment.
    public init(_ executable: String, _ arguments: [String], environment: [String: String]? = nil,
                directory: String? = nil, stdout: Stream = .pipe, stderr: Stream = .pipe) throws {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }

        var parentEnds: [Int32] = []
        var childEnds: [Int32] = []
        defer { childEnds.forEach { close($0) } }
        func connect(_ stream: Stream, to target: Int32) throws -> FileHandle? {
            switch stream {
            case .null:
                posix_spawn_file_actions_addopen(&actions, target, "/dev/null", target == 0 ? O_RDONLY : O_WRONLY, 0)
                return nil
            case .pipe:
                var fds: [Int32] = [0, 0]
                guard pipe(&fds) == 0 else { throw TestSupportError("pipe failed: errno \(errno)") }
                _ = fcntl(fds[0], F_SETFD, FD_CLOEXEC)
                _ = fcntl(fds[1], F_SETFD, FD_CLOEXEC)
                parentEnds.append(fds[0])
                childEnds.append(fds[1])
                posix_spawn_file_actions_adddup2(&actions, fds[1], target)
                return FileHandle(fileDescriptor: fds[0], closeOnDealloc: true)
            }
        }
        _ = try connect(.null, to: 0)
        standardOutput = try connect(stdout, to: 1)
        standardError = try connect(stderr, to: 2)
        _ = spawnActionsCloseFrom(&actions, 3)
        if let directory { _ = spawnActionsChangeDirectory(&actions, directory) }

        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        let environmentPairs = (environment ?? ProcessInfo.processInfo.environment).map { "\($0.key)=\($0.value)" }
        let envp = environmentPairs.map { strdup($0) } + [nil]
        defer { envp.forEach { free($0) } }

        // Swift concurrency runs tests on Dispatch's worker threads, which block every asynchronous signal, and a
        // spawned child inherits its thread's mask. A program that does not unblock what it handles would then never
        // see it: OpenSSH's client, run in tmux, never got the SIGWINCH of `tmux resize-window` and sent no window
        // change. A child starts with nothing blocked, as from a shell.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var unblocked = sigset_t()
        sigemptyset(&unblocked)
        posix_spawnattr_setsigmask(&attributes, &unblocked)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK))

        var child: pid_t = 0
        let result = posix_spawn(&child, executable, &actions, &attributes, argv, envp)
        guard result == 0 else {
            parentEnds.forEach { close($0) }
            throw TestSupportError("cannot start \(executable): \(String(cString: strerror(result)))")
        }
        pid = child
    }

    /// Sends `signal` unless the child has already been reaped (its pid may then belong to someone else).
    public func kill(_ signal: Int32 = SIGKILL) {
        lock.lock()
        defer { lock.unlock() }
        if ended == nil { _ = Glibc.kill(pid, signal) }
    }

    /// Reaps the child if it has ended; never blocks.
    public func poll() -> Termination? {
        lock.lock()
        defer { lock.unlock() }
        if let ended { return ended }
        var status: Int32 = 0
        let reaped = waitpid(pid, &status, WNOHANG)
        guard reaped == pid else { return nil }
        ended = Self.termination(status)
        return ended
    }

    /// Blocks this thread until the child ends: for children that end at once, such as tmux's client commands.
    public func waitBlocking() -> Termination {
        while true {
            if let done = poll() { return done }
            var status: Int32 = 0
            let reaped = waitpid(pid, &status, 0)
            if reaped == pid {
                lock.lock()
                defer { lock.unlock() }
                ended = Self.termination(status)
                return ended!
            }
            if reaped < 0 && errno != EINTR { return poll() ?? .exited(-1) }
        }
    }

    /// Waits with `Task.sleep`, never holding a thread of Swift's small cooperative pool; past `timeout` the
    /// child is killed, so a hung binary fails its test instead of hanging the run.
    public func wait(timeout: TimeInterval) async -> Termination {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if let done = poll() { return done }
            try? await Task.sleep(for: .milliseconds(5))
        }
        kill(SIGKILL)
        while true {
            if let done = poll() { return done }
            try? await Task.sleep(for: .milliseconds(5))
        }
    }

    private static func termination(_ status: Int32) -> Termination {
        let signal = status & 0x7f
        return signal == 0 ? .exited((status >> 8) & 0xff) : .signalled(signal)
    }
}

/// Reads a pipe to its end on a plain thread, so a chatty child never blocks on a full pipe and no test waits
/// with a cooperative-pool thread held.
public final class PipeDrain: @unchecked Sendable {
    private let lock = NSLock()
    private var data = Data()
    private var finished = false

    public init(_ handle: FileHandle?) {
        guard let handle else { finished = true; return }
        Thread.detachNewThread { [self] in
            let all = handle.readDataToEndOfFile()
            lock.lock()
            data = all
            finished = true
            lock.unlock()
        }
    }

    public var isFinished: Bool {
        lock.lock()
        defer { lock.unlock() }
        return finished
    }

    /// Everything read so far; complete once `isFinished`.
    public var text: String {
        lock.lock()
        defer { lock.unlock() }
        return String(decoding: data, as: UTF8.self)
    }

    /// Blocks until the writer closes its end.
    public func waitBlocking() -> String {
        while !isFinished { usleep(1_000) }
        return text
    }

    /// Waits with `Task.sleep` until the writer closes its end.
    public func wait() async -> String {
        while !isFinished { try? await Task.sleep(for: .milliseconds(2)) }
        return text
    }
}

// glibc's GNU extensions (2.29+ and 2.34+), which Swift's Glibc module does not import without _GNU_SOURCE.
@_silgen_name("posix_spawn_file_actions_addclosefrom_np")
private func spawnActionsCloseFrom(_ actions: UnsafeMutablePointer<posix_spawn_file_actions_t>, _ from: Int32) -> Int32
@_silgen_name("posix_spawn_file_actions_addchdir_np")
private func spawnActionsChangeDirectory(_ actions: UnsafeMutablePointer<posix_spawn_file_actions_t>,
                                         _ path: UnsafePointer<CChar>) -> Int32

/// A test helper could not start: a child process, or a loopback server's socket.
public struct TestSupportError: Error, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}

extension ChildProcess {
    /// What a finished child printed and how it ended.
    public struct Output: Sendable {
        public var termination: Termination
        public var stdout: String
        public var stderr: String
        public var status: Int32 { termination.status }
    }

    /// Runs a child to its end with a time limit, reading both streams; for async tests.
    public static func run(_ executable: String, _ arguments: [String], environment: [String: String]? = nil,
                           directory: String? = nil, timeout: TimeInterval = 60) async throws -> Output {
        let child = try ChildProcess(executable, arguments, environment: environment, directory: directory)
        let out = PipeDrain(child.standardOutput), err = PipeDrain(child.standardError)
        let termination = await child.wait(timeout: timeout)
        return Output(termination: termination, stdout: await out.wait(), stderr: await err.wait())
    }

    /// Runs a child to its end, reading both streams; for synchronous tests of short-lived tools.
    public static func runBlocking(_ executable: String, _ arguments: [String], environment: [String: String]? = nil,
                                   directory: String? = nil) throws -> Output {
        let child = try ChildProcess(executable, arguments, environment: environment, directory: directory)
        let out = PipeDrain(child.standardOutput), err = PipeDrain(child.standardError)
        let termination = child.waitBlocking()
        return Output(termination: termination, stdout: out.waitBlocking(), stderr: err.waitBlocking())
    }
}
