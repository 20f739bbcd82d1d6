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

    /// Whether the backend pushed the kitty keyboard protocol's flags, which the reset then pops first. Set from
    /// the UI thread when the terminal answers the query, so it is a flag and not part of the prepared bytes.
    static let kittyKeyboardPushed = Atomic<Bool>(false)

    /// Prepares the reset for `terminal` once ncurses has set the screen up: the sequences that switch mouse
    /// reporting and bracketed paste off, leave keypad-transmit mode, reset attributes, show the cursor and leave
    /// the alternate screen, as the terminal's terminfo entry spells them, then the shell's modes.
    static func prepare(terminal: Int32, shellModes modes: termios?, modes terminalModes: TerminalModes) {
        var plain = terminalModes
        plain.kittyKeyboard = false
        kittyKeyboardPushed.store(false, ordering: .relaxed)
        _ = popKitty   // made now: a handler must not run a lazy initialiser
        var sequence = plain.disableBytes
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
        if kittyKeyboardPushed.load(ordering: .relaxed) { writeAll(terminal, popKitty, popKittyCount) }
        writeAll(terminal, bytes, byteCount.load(ordering: .relaxed))
        if hasSavedModes.load(ordering: .relaxed) { tcsetattr(terminal, TCSANOW, savedModes) }
    }

    nonisolated(unsafe) private static let popKitty: UnsafeMutablePointer<UInt8> = {
        let bytes = UnsafeMutablePointer<UInt8>.allocate(capacity: TerminalModes.popKittyKeyboard.count)
        bytes.initialize(from: TerminalModes.popKittyKeyboard, count: TerminalModes.popKittyKeyboard.count)
        return bytes
    }()
    private static let popKittyCount = TerminalModes.popKittyKeyboard.count

    private static func writeAll(_ terminal: Int32, _ bytes: UnsafeMutablePointer<UInt8>, _ count: Int) {
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
    }

    /// Forgets the prepared reset (the backend shut down).
    static func disarm() { fileDescriptor.store(-1, ordering: .relaxed) }

    private static func terminfoString(_ name: String) -> [UInt8] {
        guard let value = name.withCString({ tigetstr($0) }), Int(bitPattern: value) != -1 else { return [] }
        return Array(UnsafeBufferPointer(start: UnsafeRawPointer(value).assumingMemoryBound(to: UInt8.self), count: strlen(value)))
    }
}
