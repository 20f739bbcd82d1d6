import TerminiClock
import TerminiRuntime
import TerminiTerminal
import TerminiUI

/// The terminal as the previewed engine sees it: it takes `r` as "restart" unless a text field has focus. The error
/// box is a layer of the engine's compositor (`PreviewErrorLayer`), and a restarted engine repaints every cell
/// through its own compositor, so frames pass straight through.
final class PreviewBackend: TerminalBackend, WakeableInput {
    let base: any TerminalBackend
    let inputWaker: WakeSignal
    /// Asked on every `r`: true when the key belongs to a focused text field.
    var textFieldFocused: () -> Bool = { false }
    /// Set when `r` asked for a full restart; the session clears it.
    var restartRequested = false

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

    func present(_ back: CellBuffer, previous front: CellBuffer) -> PresentStats { base.present(back, previous: front) }

    func nextInput(timeoutMilliseconds: Int) -> InputEvent? {
        let input = base.nextInput(timeoutMilliseconds: timeoutMilliseconds)
        if case .key(.character("r")) = input, !textFieldFocused() {
            restartRequested = true
            return nil
        }
        return input
    }

    func shutdown() { base.shutdown() }
}
