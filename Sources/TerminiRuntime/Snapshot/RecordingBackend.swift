import TerminiClock
import TerminiTerminal
import TerminiUI

/// A backend that hands every input to an `EventRecorder` on its way to the engine (`termini record`).
public final class RecordingBackend: TerminalBackend, WakeableInput {
    private let base: any TerminalBackend
    public let inputWaker: WakeSignal
    public let recorder: EventRecorder

    public init(base: any TerminalBackend, recorder: EventRecorder) {
        self.base = base
        self.recorder = recorder
        inputWaker = (base as? any WakeableInput)?.inputWaker ?? WakeSignal()
    }

    public var size: (width: Int, height: Int) { base.size }
    public var cursor: (x: Int, y: Int)? {
        get { base.cursor }
        set { base.cursor = newValue }
    }
    public func suspend() { base.suspend() }
    public func copyToClipboard(_ text: String) { base.copyToClipboard(text) }
    public func present(_ back: CellBuffer, previous front: CellBuffer) -> PresentStats { base.present(back, previous: front) }

    /// A wait that ends without input means the user paused: the characters typed so far are written then, so
    /// Ctrl-C (which ends the process by its signal) loses nothing.
    public func nextInput(timeoutMilliseconds: Int) -> InputEvent? {
        let input = base.nextInput(timeoutMilliseconds: timeoutMilliseconds)
        if let input { recorder.record(input) } else { recorder.finish() }
        return input
    }

    public func shutdown() { base.shutdown() }
}
