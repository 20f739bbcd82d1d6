import TerminiFrames
import TerminiTemplate
import TerminiUI

/// The page-level key hook: a key that no focused widget turned into an event goes to the top page's `onKey(e)`,
/// with `e = {type: 'key', dataset: {}, detail: {key}, timeStamp}`. Only printable characters and control chords
/// are offered: navigation keys stay with the widget tree.
///
/// Why here and not in the widgets: keyboard-driven apps (the keyed-list bench, games) need keys that belong to no
/// widget. Only pages whose script defines `onKey` receive them, so other apps see no change and no
/// "has no method" warnings. `MiniAppEngine.handle` calls this once per unconsumed key.
extension MiniAppEngine {
    /// The handler name a page defines to receive unhandled keys.
    static let unhandledKeyHandler = "onKey"

    func dispatchUnhandledKey(_ key: Key, to top: PageEntry) {
        // Navigation keys (arrows, paging, Tab, Enter, Space, Esc) belong to the widget tree even when they produce no
        // event (they scroll or move focus); only characters and control chords reach the page.
        switch key {
        case .character, .control: break
        default: return
        }
        guard bundle.script.contains(Self.unhandledKeyHandler) else { return }
        let event: JSONValue = .object([
            "type": "key", "dataset": .object([:]), "detail": .object(["key": .string(Self.keyName(key))]),
            "timeStamp": .number((Double(MonotonicClock.system.now()) / 1e6).rounded()),
        ])
        runtime.dispatchEvent(pageId: top.pageId, handler: Self.unhandledKeyHandler, event: event, loc: nil)
        // The key itself marks the page for repaint, so the frame clock's leading edge would go to a frame that shows
        // nothing new and the handler's setData would wait a whole budget for the next one. Giving a quick handler
        // half a budget to answer puts its patches in that first frame; a slow one costs at most this wait.
        waitForScriptIdle(timeout: .nanoseconds(Int64(scheduler.budgetNanoseconds / 2)))
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
