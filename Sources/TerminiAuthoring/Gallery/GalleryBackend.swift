import TerminiClock
import TerminiRuntime
import TerminiTerminal
import TerminiUI

/// The terminal as the gallery's engines see it: one real backend shared by the gallery and the app it opens.
/// It turns ↑/↓ into focus moves while the gallery list is showing, remembers Ctrl-C so it quits everything, and plays
/// queued keys (restoring the gallery's selection).
final class GalleryBackend: TerminalBackend, WakeableInput {
    let base: any TerminalBackend
    let inputWaker: WakeSignal
    /// True while the gallery page (not an app) is on screen.
    var arrowsMoveFocus = true
    private(set) var quitRequested = false
    private var queued: [InputEvent] = []

    init(base: any TerminalBackend) {
        self.base = base
        inputWaker = (base as? any WakeableInput)?.inputWaker ?? WakeSignal()
    }

    var size: (width: Int, height: Int) { base.size }
    var cursor: (x: Int, y: Int)? {
        get { base.cursor }
        set { base.cursor = newValue }
    }
    /// Ctrl-Z stops the process through the terminal's backend (which also clears the request).
    func suspend() { base.suspend() }
    func copyToClipboard(_ text: String) { base.copyToClipboard(text) }

    func enqueue(_ input: InputEvent) { queued.append(input) }

    func present(_ back: CellBuffer, previous front: CellBuffer) -> PresentStats { base.present(back, previous: front) }

    func nextInput(timeoutMilliseconds: Int) -> InputEvent? {
        if !queued.isEmpty { return queued.removeFirst() }
        let input = base.nextInput(timeoutMilliseconds: timeoutMilliseconds)
        switch input {
        case .key(.control("c")), .key(.control("q")):
            quitRequested = true
            return input
        case .key(.up) where arrowsMoveFocus:
            return .key(.backTab)
        case .key(.down) where arrowsMoveFocus:
            return .key(.tab)
        default:
            return input
        }
    }

    func shutdown() { base.shutdown() }
}
