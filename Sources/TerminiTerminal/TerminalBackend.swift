import TerminiClock
import TerminiUI

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
    func shutdown()
}

extension TerminalBackend {
    public func suspend() {}
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
