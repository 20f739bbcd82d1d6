import TerminiRuntime
import TerminiTerminal
import TerminiUI

/// The terminal as the previewed engine sees it. It draws the error overlay over the engine's frames (so the last
/// good screen stays underneath), repaints everything after an engine restart, and takes `r` as "restart" unless
/// a text field has focus.
final class PreviewBackend: TerminalBackend, WakeableInput {
    let base: any TerminalBackend
    let inputWaker: InputWaker
    /// Lines of the error overlay; nil hides it.
    var overlay: [String]?
    /// Asked on every `r`: true when the key belongs to a focused text field.
    var textFieldFocused: () -> Bool = { false }
    /// Set when `r` asked for a full restart; the session clears it.
    var restartRequested = false
    private var repaintAll = true
    /// What is on the terminal while the overlay is or was showing; the engine's own previous frame lacks the overlay.
    private var shown: CellBuffer?

    init(base: any TerminalBackend) {
        self.base = base
        inputWaker = (base as? any WakeableInput)?.inputWaker ?? InputWaker()
    }

    var size: (width: Int, height: Int) { base.size }

    func invalidateScreen() { repaintAll = true }

    func present(_ back: CellBuffer, previous front: CellBuffer) -> PresentStats {
        if overlay == nil && shown == nil && !repaintAll { return base.present(back, previous: front) }
        var composed = back
        if let overlay { PreviewOverlay.paint(overlay, into: &composed) }
        var basis = shown ?? front
        if repaintAll || basis.width != back.width || basis.height != back.height {
            repaintAll = false
            basis = CellBuffer(width: back.width, height: back.height)
            basis.fill(x: 0, y: 0, width: back.width, height: back.height,
                       with: Cell(character: "\u{1}", style: .plain, isWideContinuation: false))
        }
        let stats = base.present(composed, previous: basis)
        // Once the overlay is gone and this frame is on screen, the engine's front matches the terminal again.
        shown = overlay == nil ? nil : composed
        return stats
    }

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
