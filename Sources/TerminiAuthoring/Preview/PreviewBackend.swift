import TerminiClock
import TerminiRuntime
import TerminiTerminal
import TerminiUI

/// The terminal as the previewed engine sees it: it takes Ctrl-Alt-R as "restart", a chord no app may bind
/// (`KeyChord.reservedByTools`), so the preview never shadows one of the app's keys. The error
/// box is a layer of the engine's compositor (`PreviewErrorLayer`), and a restarted engine repaints every cell
/// through its own compositor, so frames pass straight through.
final class PreviewBackend: TerminalBackend, WakeableInput {
    let base: any TerminalBackend
    let inputWaker: WakeSignal
    /// The preview's own keys, for the `?` help.
    static let keys: [(key: String, action: String)] = [("C-M-r", "restart the app (termini preview)")]
    static let restartKey = Key.control("r").with(.alt)
    /// Set when Ctrl-Alt-R asked for a full restart; the session clears it.
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
    func copyToClipboard(_ text: String) { base.copyToClipboard(text) }

    func present(_ back: CellBuffer, previous front: CellBuffer) -> PresentStats { base.present(back, previous: front) }

    func nextInput(timeoutMilliseconds: Int) -> InputEvent? {
        let input = base.nextInput(timeoutMilliseconds: timeoutMilliseconds)
        if input == .key(Self.restartKey) {
            restartRequested = true
            return nil
        }
        return input
    }

    func shutdown() { base.shutdown() }
}
