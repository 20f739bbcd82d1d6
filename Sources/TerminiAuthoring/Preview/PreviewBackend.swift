import TerminiClock
import TerminiRuntime
import TerminiTerminal
import TerminiUI

/// The terminal as the previewed engine sees it. It takes the preview's own keys, chords no app may bind
/// (`KeyChord.reservedByTools`), so the preview never shadows one of the app's keys: Ctrl-Alt-R as "restart" and
/// F12 for the inspector. The error box is a layer of the engine's compositor (`PreviewErrorLayer`), and a
/// restarted engine repaints every cell through its own compositor, so frames pass straight through, except while
/// the inspector is open: then the app is told the terminal is as wide as the columns left of the pane, and each
/// frame is presented with the pane beside it and the selected widget highlighted.
final class PreviewBackend: TerminalBackend, WakeableInput {
    let base: any TerminalBackend
    let inputWaker: WakeSignal
    /// The preview's own keys, for the `?` help.
    static let keys: [(key: String, action: String)] = [
        ("C-M-r", "restart the app (termini preview)"), ("F12", "open, focus or close the inspector (termini preview)"),
    ]
    static let restartKey = Key.control("r").with(.alt)
    static let inspectorKey = Key.function(12)
    /// Set when Ctrl-Alt-R asked for a full restart; the session clears it.
    var restartRequested = false
    /// The inspector while it is open.
    private(set) var inspector: InspectorPane?
    /// Reads the engine into the pane before it paints (the session's).
    var refreshInspector: ((InspectorPane) -> Void)?
    /// Set when a key changed the pane but not the app: the session presents the pane again.
    var paneNeedsPaint = false
    /// The app's last frame, kept to present again beside a changed pane.
    private var lastApp = CellBuffer(width: 0, height: 0)
    /// What the terminal shows while the pane is open; unknown after the pane opens or closes.
    private var shown = CellBuffer(width: 0, height: 0)
    private var shownIsKnown = false
    private var appCursor: (x: Int, y: Int)?

    init(base: any TerminalBackend) {
        self.base = base
        inputWaker = (base as? any WakeableInput)?.inputWaker ?? WakeSignal()
    }

    var size: (width: Int, height: Int) {
        let full = base.size
        return inspector == nil ? full : (full.width - InspectorPane.width(forTerminal: full.width), full.height)
    }

    var cursor: (x: Int, y: Int)? {
        get { appCursor }
        set {
            appCursor = newValue
            base.cursor = inspector?.hasKeyboard == true ? nil : newValue
        }
    }
    /// Ctrl-Z stops the process through the terminal's backend (which also clears the request).
    func suspend() { base.suspend() }
    func copyToClipboard(_ text: String) { base.copyToClipboard(text) }

    func present(_ back: CellBuffer, previous front: CellBuffer) -> PresentStats {
        guard let inspector else {
            defer { shownIsKnown = true }
            return base.present(back, previous: shownIsKnown ? front : Self.unlike(back))
        }
        lastApp = back
        refreshInspector?(inspector)
        return presentWithPane(inspector)
    }

    /// Presents the app's last frame again beside the pane, after a key or new activity changed only the pane.
    func presentPane() {
        paneNeedsPaint = false
        guard let inspector else { return }
        refreshInspector?(inspector)
        _ = presentWithPane(inspector)
    }

    private func presentWithPane(_ pane: InspectorPane) -> PresentStats {
        let full = base.size
        let paneWidth = InspectorPane.width(forTerminal: full.width)
        let appFrame = CellRect(x: 0, y: 0, width: full.width - paneWidth, height: full.height)
        var screen = CellBuffer(width: full.width, height: full.height)
        for y in 0..<min(lastApp.height, full.height) {
            for x in 0..<min(lastApp.width, appFrame.width) { screen[x, y] = lastApp[x, y] }
        }
        if let box = pane.highlightedBox { InspectorPane.highlight(box, in: &screen, within: appFrame) }
        pane.paint(into: &screen, frame: CellRect(x: appFrame.width, y: 0, width: paneWidth, height: full.height))
        base.cursor = pane.hasKeyboard ? nil : appCursor
        let stats = base.present(screen, previous: shownIsKnown && shown.width == screen.width && shown.height == screen.height
                                 ? shown : Self.unlike(screen))
        shown = screen
        shownIsKnown = true
        return stats
    }

    /// A buffer that differs from `buffer` in every cell, so presenting against it writes them all.
    private static func unlike(_ buffer: CellBuffer) -> CellBuffer {
        var unlike = CellBuffer(width: buffer.width, height: buffer.height)
        unlike.fill(x: 0, y: 0, width: buffer.width, height: buffer.height, with: Cell(character: "\u{1}"))
        return unlike
    }

    func nextInput(timeoutMilliseconds: Int) -> InputEvent? {
        let input = base.nextInput(timeoutMilliseconds: timeoutMilliseconds)
        switch input {
        case .key(Self.restartKey):
            restartRequested = true
            return nil
        case .key(Self.inspectorKey):
            return toggleInspector()
        case .resize(let width, let height) where inspector != nil:
            shownIsKnown = false
            return .resize(width: width - InspectorPane.width(forTerminal: width), height: height)
        case .key(let key) where inspector?.hasKeyboard == true:
            guard let inspector, inspector.handle(key) else { return input }
            paneNeedsPaint = true
            return nil
        case .paste where inspector?.hasKeyboard == true:
            return nil
        case .mouse(let mouse) where inspector != nil && mouse.x >= size.width:
            return nil
        default:
            return input
        }
    }

    /// F12: opens the pane with the keyboard in it, gives it the keyboard back, or closes it. Opening and closing
    /// change the app's width, which the app hears as a resize.
    private func toggleInspector() -> InputEvent? {
        if let inspector, !inspector.hasKeyboard {
            inspector.hasKeyboard = true
            base.cursor = nil
            paneNeedsPaint = true
            return nil
        }
        inspector = inspector == nil ? InspectorPane() : nil
        shownIsKnown = false
        base.cursor = inspector == nil ? appCursor : nil
        let appSize = size
        return .resize(width: appSize.width, height: appSize.height)
    }

    func shutdown() { base.shutdown() }
}
