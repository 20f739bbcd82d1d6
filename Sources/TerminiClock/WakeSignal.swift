#if canImport(Glibc)
import Glibc
#endif

/// Wakes a thread blocked in a wait, from any thread or a signal handler: the UI thread waiting for terminal input
/// (the JS thread posted a patch, a frame became due) or the watchdog waiting for its next check.
///
/// A self-pipe: waiting polls an input descriptor and this pipe together, so one wait covers "a key arrived" and
/// "something else needs this thread" without a busy loop.
public final class WakeSignal: Sendable {
    /// Readable while a wake is pending.
    public let readFileDescriptor: Int32
    private let writeFileDescriptor: Int32

    /// The outcome of `wait(forInputOn:timeoutMilliseconds:)`.
    public enum WaitResult: Hashable, Sendable {
        case inputReady, woken, timedOut
        /// The input hung up or failed (its terminal went away): nothing more will arrive on it.
        case inputClosed
    }

    /// When the process is out of file descriptors the waker still works as a timed wait, but `wake()` does nothing
    /// (`isFunctional` is false); not worth making every backend's initializer throw.
    public init() {
        var fds: [Int32] = [-1, -1]
        if pipe(&fds) != 0 { fds = [-1, -1] }
        for fd in fds where fd >= 0 {
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        }
        readFileDescriptor = fds[0]
        writeFileDescriptor = fds[1]
    }

    deinit {
        if readFileDescriptor >= 0 { close(readFileDescriptor) }
        if writeFileDescriptor >= 0 { close(writeFileDescriptor) }
    }

    /// The write end, for a signal handler that must wake the wait without touching Swift objects.
    public var writeFileDescriptorForSignals: Int32 { writeFileDescriptor }

    /// False when no pipe could be created.
    public var isFunctional: Bool { readFileDescriptor >= 0 }

    /// Makes the current or next wait return `.woken`. Cheap and async-signal-safe; extra wakes coalesce.
    public func wake() {
        guard writeFileDescriptor >= 0 else { return }
        var byte: UInt8 = 1
        // A full pipe already holds a pending wake, so EAGAIN is success.
        _ = write(writeFileDescriptor, &byte, 1)
    }

    /// Clears pending wakes.
    public func drain() {
        guard readFileDescriptor >= 0 else { return }
        var buffer = (UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0))
        while withUnsafeMutableBytes(of: &buffer, { read(readFileDescriptor, $0.baseAddress, $0.count) }) > 0 {}
    }

    /// Blocks until `fileDescriptor` is readable, a wake arrives, or the timeout passes (negative: no timeout).
    /// A pending wake is consumed. `fileDescriptor` may be -1 to wait only for wakes.
    public func wait(forInputOn fileDescriptor: Int32, timeoutMilliseconds: Int) -> WaitResult {
        var fds = [
            pollfd(fd: fileDescriptor, events: Int16(POLLIN), revents: 0),
            pollfd(fd: readFileDescriptor, events: Int16(POLLIN), revents: 0),
        ]
        let timeout = Int32(clamping: timeoutMilliseconds < 0 ? -1 : timeoutMilliseconds)
        while true {
            let ready = poll(&fds, 2, timeout)
            if ready < 0 && errno == EINTR { continue }  // a signal (e.g. SIGWINCH) is not a reason to give up
            if ready <= 0 { return .timedOut }
            if fds[1].revents != 0 {
                drain()
                return .woken
            }
            // A hung-up terminal stays "readable" for ever; reporting it stops a caller from spinning on it.
            if fds[0].revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0 { return .inputClosed }
            return .inputReady
        }
    }
}
