/// The `type` of an event object a page's handler receives. Each string the engine sends is written here, once:
/// widgets, the page's hooks, the docs' events table and the editor types all read this list.
public enum UIEventType: String, CaseIterable, Sendable {
    case tap, toggle, change, submit, select, activate, sort, expand, scroll, reachBottom, focus, blur
    /// The page's `onKey` and key bindings.
    case key
    /// The page's `onPaste`.
    case paste
    /// Ctrl-R or a wheel-up at the top of a list: the page's `onPullDownRefresh`.
    case pullDownRefresh
}
