import TerminiClock
import TerminiCanvas

/// Where frames go: ncurses on a real terminal, or an in-memory screen for tests and snapshots.
public protocol TerminalBackend: AnyObject {
    var size: (width: Int, height: Int) { get }
    /// Writes only the cells of `back` that differ from `front` (the last presented frame), then one flush (doupdate).
    /// A frame with no differences writes 0 bytes.
    func present(_ back: CellBuffer, previous front: CellBuffer) -> PresentStats
    /// The next input, waiting at most `timeoutMilliseconds` (0 = poll). Resize arrives as `.resize`.
    func nextInput(timeoutMilliseconds: Int) -> InputEvent?
    /// Where the terminal's own cursor shows after the next `present` (the caret of the focused text input); nil
    /// hides it. Backends without a terminal ignore it.
    var cursor: (x: Int, y: Int)? { get set }
    /// Gives the terminal back to the shell and stops the process (job control's Ctrl-Z); returns once the process
    /// is continued (`fg`), with the terminal taken back and cleared, so the host repaints every cell. Backends
    /// without a real terminal return at once.
    func suspend()
    /// Puts `text` on the user's clipboard through the terminal (OSC 52). Backends without a terminal keep it for
    /// whoever asks (`HeadlessBackend.clipboard`).
    func copyToClipboard(_ text: String)
    func shutdown()
}

extension TerminalBackend {
    public func suspend() {}
    public func copyToClipboard(_ text: String) {}
}

/// The OSC 52 sequence that sets the clipboard: `ESC ] 52 ; c ; <base64> BEL`.
public enum ClipboardSequence {
    public static func bytes(for text: String) -> [UInt8] {
        Array("\u{1B}]52;c;".utf8) + Base64.encode(Array(text.utf8)) + [0x07]
    }
}

/// Standard Base64 (RFC 4648, with padding), which OSC 52 carries.
enum Base64 {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    static func encode(_ bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity((bytes.count + 2) / 3 * 4)
        var i = 0
        while i < bytes.count {
            let b0 = UInt32(bytes[i])
            let b1 = i + 1 < bytes.count ? UInt32(bytes[i + 1]) : 0
            let b2 = i + 2 < bytes.count ? UInt32(bytes[i + 2]) : 0
            let triple = b0 << 16 | b1 << 8 | b2
            out.append(alphabet[Int(triple >> 18 & 63)])
            out.append(alphabet[Int(triple >> 12 & 63)])
            out.append(i + 1 < bytes.count ? alphabet[Int(triple >> 6 & 63)] : 0x3D)
            out.append(i + 2 < bytes.count ? alphabet[Int(triple & 63)] : 0x3D)
            i += 3
        }
        return out
    }
}

/// What one present wrote: bytes that reached the terminal and cells written.
public struct PresentStats: Hashable, Sendable {
    public var bytes: Int
    public var cells: Int

    public init(bytes: Int, cells: Int) {
        self.bytes = bytes
        self.cells = cells
    }

    public static let nothing = PresentStats(bytes: 0, cells: 0)
}

/// A backend whose input wait can be ended from another thread, so a posted patch wakes the UI loop at once.
///
/// `nextInput(timeoutMilliseconds:)` returns nil early when `inputWaker.wake()` is called; a negative timeout waits
/// until input or a wake.
public protocol WakeableInput: AnyObject {
    var inputWaker: WakeSignal { get }
}
