#if canImport(Glibc)
import Glibc
#endif

/// A pty pair for driving the real ncurses backend: the backend gets the slave, the test reads and types on the master.
final class PseudoTerminal {
    let master: Int32
    let slave: Int32

    init?(width: Int, height: Int) {
        // Glibc's module hides posix_openpt/unlockpt/ptsname (XOPEN-only); do what they do on Linux.
        let master = open("/dev/ptmx", O_RDWR | O_NOCTTY)
        guard master >= 0 else { return nil }
        var unlock: Int32 = 0, number: UInt32 = 0
        let setLock: UInt = 0x4004_5431, getNumber: UInt = 0x8004_5430   // TIOCSPTLCK, TIOCGPTN
        guard ioctl(master, setLock, &unlock) == 0, ioctl(master, getNumber, &number) == 0 else {
            close(master)
            return nil
        }
        let slave = open("/dev/pts/\(number)", O_RDWR | O_NOCTTY)
        guard slave >= 0 else {
            close(master)
            return nil
        }
        self.master = master
        self.slave = slave
        setSize(width: width, height: height)
    }

    deinit {
        close(slave)
        close(master)
    }

    func setSize(width: Int, height: Int) {
        var size = winsize(ws_row: UInt16(height), ws_col: UInt16(width), ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(master, UInt(TIOCSWINSZ), &size)
    }

    /// Reads until at least `count` bytes arrived (the pty delivers asynchronously), giving up after 5 s.
    func read(atLeast count: Int) -> [UInt8] {
        var bytes: [UInt8] = []
        var attempts = 0
        while bytes.count < count && attempts < 50 {
            let chunk = readAvailable(waitMilliseconds: 100)
            if chunk.isEmpty { attempts += 1 }
            bytes += chunk
        }
        return bytes
    }

    /// Whatever arrives within `waitMilliseconds` of quiet.
    func readAvailable(waitMilliseconds: Int32) -> [UInt8] {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
        while poll(&descriptor, 1, waitMilliseconds) > 0 {
            let n = buffer.withUnsafeMutableBytes { Glibc.read(master, $0.baseAddress, $0.count) }
            if n <= 0 { break }
            bytes += buffer[0..<n]
        }
        return bytes
    }

    func type(_ text: String) {
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
    }
}

extension Array where Element == UInt8 {
    func contains(_ text: String) -> Bool {
        let needle = Array(text.utf8)
        guard !needle.isEmpty, needle.count <= count else { return needle.isEmpty }
        for start in 0...(count - needle.count) where self[start..<start + needle.count].elementsEqual(needle) {
            return true
        }
        return false
    }
}
