import TerminiScript
import TerminiTemplate
import TerminiUI

/// The page-level key hook: a key that no focused widget turned into an event goes to the top page's `onKey(e)`,
/// with `e = {type: 'key', dataset: {}, detail: {key}, timeStamp}`. Only printable characters and control chords
/// are offered: navigation keys stay with the widget tree.
///
/// Why here and not in the widgets: keyboard-driven apps (the keyed-list bench, games) need keys that belong to no
/// widget. The call is optional (`ifDefined`): pages without `onKey` are skipped silently. `InputRouter.handle`
/// calls this once per unconsumed key.
extension InputRouter {
    /// The handler name a page defines to receive unhandled keys.
    static let unhandledKeyHandler = "onKey"

    func dispatchUnhandledKey(_ key: Key, to top: PageEntry) {
        // Navigation keys (arrows, paging, Tab, Enter, Space, Esc) belong to the widget tree even when they produce no
        // event (they scroll or move focus); only characters and control chords reach the page.
        switch key {
        case .character, .control: break
        default: return
        }
        let event: JSONValue = .object([
            "type": "key", "dataset": .object([:]), "detail": .object(["key": .string(Self.keyName(key))]),
        ])
        // No waiting here: the UI thread never blocks on the script. The key itself asks for no frame
        // (`PageView.handle`), so the next frame is the one that shows the handler's setData.
        runtime.dispatchEvent(pageId: top.pageId, handler: Self.unhandledKeyHandler, event: event, loc: nil, ifDefined: true)
    }

    /// The key's name in `detail.key`: a printable character as itself, named keys as in `termini snapshot` events.
    static func keyName(_ key: Key) -> String {
        switch key {
        case .character(let c): return String(c)
        case .control(let c): return "Ctrl-\(c)"
        case .enter: return "Enter"
        case .tab: return "Tab"
        case .backTab: return "BackTab"
        case .up: return "Up"
        case .down: return "Down"
        case .left: return "Left"
        case .right: return "Right"
        case .escape: return "Esc"
        case .backspace: return "Backspace"
        case .delete: return "Delete"
        case .pageUp: return "PageUp"
        case .pageDown: return "PageDown"
        case .home: return "Home"
        case .end: return "End"
        case .space: return " "
        }
    }
}
