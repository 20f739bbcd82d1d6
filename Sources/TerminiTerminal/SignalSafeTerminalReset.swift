#if canImport(Glibc)
import Glibc
#endif
import CNcurses
import Synchronization

/// Gives the terminal back from a signal handler (termination or crash) without calling into ncurses: `endwin()` is
/// not async-signal-safe, and a signal can arrive while the UI thread is inside ncurses' own update. What `endwin`
/// would do is prepared when the screen starts, as bytes and the shell's terminal modes in fixed storage, and the
/// handler only `write`s the bytes and sets the modes with `tcsetattr`, both async-signal-safe.
enum SignalSafeTerminalReset {
    private static let capacity = 512
    nonisolated(unsafe) private static let bytes = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
    private static let byteCount = Atomic<Int>(0)
    private static let fileDescriptor = Atomic<Int32>(-1)
    nonisolated(unsafe) private static let savedModes: UnsafeMutablePointer<termios> = {
        let modes = UnsafeMutablePointer<termios>.allocate(capacity: 1)
        modes.initialize(to: termios())
        return modes
    }()
    private static let hasSavedModes = Atomic<Bool>(false)

    /// The terminal's modes as the shell left them; read before ncurses changes them.
    static func shellModes(of terminal: Int32) -> termios? {
        var modes = termios()
        return tcgetattr(terminal, &modes) == 0 ? modes : nil
    }

    /// Prepares the reset for `terminal` once ncurses has set the screen up: the sequences that switch mouse
    /// reporting off, leave keypad-transmit mode, reset attributes, show the cursor and leave the alternate screen,
    /// as the terminal's terminfo entry spells them, then the shell's modes.
    static func prepare(terminal: Int32, shellModes modes: termios?, mouse: Bool) {
        var sequence: [UInt8] = []
        if mouse {
            // Every xterm mouse mode ncurses may have turned on (its `XM` entry and motion reporting), all off;
            // a terminal without them ignores private modes it does not know.
            sequence += Array("\u{1B}[?1003l\u{1B}[?1002l\u{1B}[?1000l\u{1B}[?1006l\u{1B}[?1005l\u{1B}[?1015l".utf8)
        }
        for capability in ["rmkx", "sgr0", "cnorm", "rmcup"] { sequence += terminfoString(capability) }
        let count = min(sequence.count, capacity)
        sequence.withUnsafeBufferPointer { bytes.update(from: $0.baseAddress!, count: count) }
        byteCount.store(count, ordering: .relaxed)
        if let modes { savedModes.pointee = modes }
        hasSavedModes.store(modes != nil, ordering: .relaxed)
        fileDescriptor.store(terminal, ordering: .relaxed)
    }

    /// Called from a signal handler while ncurses owns the terminal: writes the prepared bytes and restores the
    /// shell's modes.
    static func run() {
        let terminal = fileDescriptor.load(ordering: .relaxed)
        guard terminal >= 0 else { return }
        let count = byteCount.load(ordering: .relaxed)
        var offset = 0
        while offset < count {
            let written = write(terminal, bytes + offset, count - offset)
            if written > 0 {
                offset += written
            } else if written < 0 && errno == EINTR {
                continue
            } else {
                break
            }
        }
        if hasSavedModes.load(ordering: .relaxed) { tcsetattr(terminal, TCSANOW, savedModes) }
    }

    /// Forgets the prepared reset (the backend shut down).
    static func disarm() { fileDescriptor.store(-1, ordering: .relaxed) }

    private static func terminfoString(_ name: String) -> [UInt8] {
        guard let value = name.withCString({ tigetstr($0) }), Int(bitPattern: value) != -1 else { return [] }
        return Array(UnsafeBufferPointer(start: UnsafeRawPointer(value).assumingMemoryBound(to: UInt8.self), count: strlen(value)))
    }
}
