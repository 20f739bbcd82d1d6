import TerminiTemplate
import TerminiUI

/// What a headless run shows and holds at this moment, for `termini test`'s assertions and the screen formats.
extension SnapshotSession {
    /// The screen as the terminal shows it now, with every cell's colours and attributes.
    public var screen: CellBuffer { backend.screen }

    /// The terminal's default colours for a picture of the screen: the current theme's `page` style.
    public var screenColors: ScreenColors { ScreenColors(theme: engine.navigator.theme) }

    /// The screen in `format`, pictures in the current theme's colours.
    public func renderScreen(as format: ScreenFormat) -> String { format.render(screen, colors: screenColors) }

    /// The name of the page on top (a modal page included); nil before the first page opens.
    public var pageName: String? { engine.stack.last?.name }

    /// The top page's data as the screen was built from it: every `setData` and `spliceData` applied so far.
    public var pageData: JSONValue? { engine.stack.last?.view.data }

    /// The `.id("…")` of the focused widget; nil when nothing has focus or the focused widget has no id.
    public var focusedId: String? { engine.stack.last?.view.focusedId }

    /// The toast on screen now, if any, and the toasts shown since the last input, newest last: a toast that came
    /// and went while the run waited still counts.
    public var toasts: (current: String?, sinceLastInput: [String]) {
        (engine.overlays.state.toasts.last?.title, engine.overlays.toastsShown)
    }
}
