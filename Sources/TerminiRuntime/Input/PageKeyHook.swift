import TerminiScript
import TerminiTemplate
import TerminiUI

/// A key the top page's widgets did not use goes, in order, to the key bindings in force (page, then app; each
/// handled by the page's method, or else the App's), to `[` and `]`
/// switching tabs (on a tab page), to the `?` help, to Ctrl-R's pull-to-refresh, to Esc's "go back", and finally to the page's `onKey(e)`, with
/// `e = {type: 'key', detail: {key}, timeStamp}`.
///
/// Why this order: what the user is typing into a focused field is never taken by a shortcut (the field uses it
/// first), declared bindings are discoverable in the footer, and `onKey` stays the catch-all for keyboard-driven
/// apps (the keyed-list bench, games). The handler calls are optional (`ifDefined`): pages without `onKey` or
/// `onPullDownRefresh` are skipped silently.
extension InputRouter {
    /// The handler name a page defines to receive unhandled keys.
    static let unhandledKeyHandler = "onKey"
    /// The page hook Ctrl-R and a wheel-up at the top of a list call, as WeChat's pull-down refresh.
    static let pullDownRefreshHandler = "onPullDownRefresh"

    func offerUnusedKey(_ key: Key, to top: PageEntry) {
        let bindings = keyBindings(for: top)
        if let binding = bindings.binding(for: key) {
            dispatch(handler: binding.handler, type: .key, key: key, to: top, ifDefined: false, orApp: true)
            return
        }
        if navigator.showsTabBar, key == .character("[") || key == .character("]") {
            navigator.switchTab(by: key == .character("]") ? 1 : -1)
            return
        }
        switch key {
        case .character("?"):
            keyHelp.open(bindings, tabs: navigator.showsTabBar)
            scheduler.markDirty()
        case .control("r"):
            dispatch(handler: Self.pullDownRefreshHandler, type: .pullDownRefresh, key: nil, to: top, ifDefined: true)
            dispatch(handler: Self.unhandledKeyHandler, type: .key, key: key, to: top, ifDefined: true)
        case .escape:
            navigator.userLeaves(.escape)
        case .backspace where navigator.stack.count > 1:
            navigator.userLeaves(.backspace)
        default:
            // No waiting here: the UI thread never blocks on the script. The key itself asks for no frame
            // (`PageView.handle`), so the next frame is the one that shows the handler's setData.
            dispatch(handler: Self.unhandledKeyHandler, type: .key, key: key, to: top, ifDefined: true)
        }
    }

    /// A paste no focused widget took: the page's `onPaste({text})`, with `clippedFrom` (the pasted length in bytes)
    /// when it was longer than the paste limit. Never a key, so it fires no binding.
    func offerUnusedPaste(_ text: String, clippedFrom: Int?, to top: PageEntry) {
        var detail: JSONObject = ["text": .string(text)]
        if let clippedFrom { detail["clippedFrom"] = .number(Double(clippedFrom)) }
        let event: JSONValue = .object(["type": .string(UIEventType.paste.rawValue), "dataset": .object([:]), "detail": .object(detail),
                                        "text": .string(text)])
        runtime.dispatchEvent(pageId: top.pageId, handler: Self.pasteHandler, event: event, loc: nil, ifDefined: true)
    }

    /// The handler name a page defines to receive pastes that no text input took.
    static let pasteHandler = "onPaste"

    func keyBindings(for top: PageEntry) -> KeyBindings { top.keyBindings(app: navigator.bundle.manifest.keys) }

    /// `orApp`: a binding's handler is the page's method, or else the App's (docs/JS-API.md#key-bindings); hooks
    /// (`onKey`, `onPullDownRefresh`) are the page's alone.
    private func dispatch(handler: String, type: UIEventType, key: Key?, to top: PageEntry, ifDefined: Bool,
                          orApp: Bool = false)
    {
        startedScriptReaction = true
        let detail: JSONValue = key.map { .object(["key": .string($0.name)]) } ?? .object([:])
        let event: JSONValue = .object(["type": .string(type.rawValue), "dataset": .object([:]), "detail": detail])
        runtime.dispatchEvent(pageId: top.pageId, handler: handler, event: event, loc: nil, ifDefined: ifDefined,
                              orApp: orApp)
    }
}
