#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// A pseudo-terminal the benchmark owns: the engine's ncurses writes to the slave side, and a thread drains the
/// master side into memory so every byte that reached the terminal can be counted and replayed into `VTScreen`.
///
/// Why a drain thread: a pty's buffer is a few KiB; without a reader, ncurses' write would block mid-frame.
public final class BenchPseudoTerminal: @unchecked Sendable {
    /// The slave descriptor: give it to `NcursesBackend(input:output:)`.
    public let slave: Int32
    private let master: Int32
    private let lock = NSLock()
    private var received: [UInt8] = []
    private var stopped = false
    private var thread: Thread?

    /// Opens a pty of `width`×`height` cells and starts draining it.
    public init(width: Int, height: Int) throws {
        // /dev/ptmx with the unlock and number ioctls: what posix_openpt, unlockpt and ptsname do, which the Swift
        // Glibc module does not export. The ioctl numbers are the same on every Linux architecture we build for.
        let m = open("/dev/ptmx", O_RDWR | O_NOCTTY)
        guard m >= 0 else { throw BenchError("cannot open /dev/ptmx: errno \(errno)") }
        var unlock: Int32 = 0
        var number: UInt32 = 0
        guard ioctl(m, 0x4004_5431 /* TIOCSPTLCK */, &unlock) == 0, ioctl(m, 0x8004_5430 /* TIOCGPTN */, &number) == 0
        else {
            Glibc.close(m)
            throw BenchError("cannot unlock the pty: errno \(errno)")
        }
        let s = open("/dev/pts/\(number)", O_RDWR | O_NOCTTY)
        guard s >= 0 else {
            Glibc.close(m)
            throw BenchError("cannot open the pty slave /dev/pts/\(number): errno \(errno)")
        }
        var size = winsize(ws_row: UInt16(clamping: height), ws_col: UInt16(clamping: width), ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(s, UInt(TIOCSWINSZ), &size)
        master = m
        slave = s
        let t = Thread { [unowned self] in self.drain() }
        t.name = "bench-pty-drain"
        thread = t
        t.start()
    }

    /// Sets the terminal size the slave reports (the engine learns it on its next resize check).
    public func setSize(width: Int, height: Int) {
        var size = winsize(ws_row: UInt16(clamping: height), ws_col: UInt16(clamping: width), ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(master, UInt(TIOCSWINSZ), &size)
    }

    private func drain() {
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            lock.lock()
            let done = stopped
            lock.unlock()
            if done { return }
            var fds = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
            let ready = poll(&fds, 1, 20)
            if ready <= 0 { continue }
            let n = buffer.withUnsafeMutableBytes { read(master, $0.baseAddress, $0.count) }
            if n <= 0 {
                if n < 0 && (errno == EINTR || errno == EAGAIN) { continue }
                return
            }
            lock.lock()
            received.append(contentsOf: buffer[0..<n])
            lock.unlock()
        }
    }

    /// Bytes drained so far.
    public var byteCount: Int {
        lock.lock()
        defer { lock.unlock() }
        return received.count
    }

    /// The bytes drained from offset `start` on.
    public func bytes(from start: Int) -> [UInt8] {
        lock.lock()
        defer { lock.unlock() }
        return start < received.count ? Array(received[max(0, start)...]) : []
    }

    /// Waits until no byte has arrived for `quietMilliseconds` (or `timeoutMilliseconds` pass): what was written has
    /// then been read back.
    public func waitForQuiet(quietMilliseconds: Int = 3, timeoutMilliseconds: Int = 2_000) {
        var last = byteCount
        var quietFor = 0
        var waited = 0
        while quietFor < quietMilliseconds && waited < timeoutMilliseconds {
            usleep(1_000)
            waited += 1
            let now = byteCount
            if now == last { quietFor += 1 } else { quietFor = 0; last = now }
        }
    }

    /// Waits until at least `count` bytes have been drained (or `timeoutMilliseconds` pass); returns whether they were.
    @discardableResult
    public func waitForBytes(_ count: Int, timeoutMilliseconds: Int = 5_000) -> Bool {
        var waited = 0
        while byteCount < count {
            if waited >= timeoutMilliseconds { return false }
            usleep(500)
            waited += 1
        }
        return true
    }

    /// Stops the drain thread and closes both sides.
    public func close() {
        lock.lock()
        let already = stopped
        stopped = true
        lock.unlock()
        guard !already else { return }
        usleep(30_000)  // the drain thread polls every 20 ms
        Glibc.close(slave)
        Glibc.close(master)
    }

    deinit { close() }
}

/// A benchmark failure with a message for the user: a wrong screen, a script error, a setup problem.
public struct BenchError: Error, CustomStringConvertible, Sendable {
    public let description: String
    public init(_ description: String) { self.description = description }
}
