import TerminiTemplate
import TerminiUI

/// The key bindings in force on a page: the page's own (`Page(..., keys: [...])`) first, then the app's
/// (`app.json` `"keys"`); the footer's text and the `?` help's lines come from the same list.
///
/// A binding is in force only when something can handle it: its handler is a method of the page or of the
/// `App({...})` object (`bindable`, which the script reports as it creates the page, by the same rule its dispatch
/// follows). So an app key a page cannot take is neither in its footer nor taken from `onKey` there.
struct KeyBindings {
    let page: [KeyBinding]
    let app: [KeyBinding]
    /// Whether a text input has focus (`multiline`: a TextArea): the keys it types and edits with are its own, so
    /// bindings on them cannot fire and the footer leaves them out.
    var textInput: (focused: Bool, multiline: Bool) = (false, false)

    /// `bindable`: the handler names the page or the App defines; nil counts every binding as handled.
    init(page: [KeyBinding], app: [KeyBinding], bindable: Set<String>? = nil,
         textInput: (focused: Bool, multiline: Bool) = (false, false))
    {
        let handled = { (binding: KeyBinding) in bindable?.contains(binding.handler) ?? true }
        self.page = page.filter(handled)
        self.app = app.filter(handled)
        self.textInput = textInput
    }

    /// Whether the binding can fire with the focus where it is.
    func canFire(_ binding: KeyBinding) -> Bool {
        !textInput.focused || !TextEditingKeys.takes(Key(chord: binding.key), multiline: textInput.multiline)
    }

    /// The binding a key triggers; a page binding wins over an app binding for the same key.
    func binding(for key: Key) -> KeyBinding? {
        guard let chord = key.chord else { return nil }
        return page.first { $0.key == chord } ?? app.first { $0.key == chord }
    }

    /// Bindings with a label, in footer order (page first), without app bindings the page overrides.
    var labelled: [KeyBinding] {
        let pageKeys = Set(page.map(\.key))
        return (page + app.filter { !pageKeys.contains($0.key) }).filter { $0.label != nil }
    }

    /// Whether the page shows a footer: it has at least one labelled binding (wherever the focus is, so the page's
    /// height does not change as focus moves).
    var showsFooter: Bool { !labelled.isEmpty }

    /// `^R Refresh  d Archive  ? Help`, shortened to `width` columns: bindings that do not fit are left out (the
    /// help lists them), and `? Help` stays at the end while it fits.
    func footerText(width: Int) -> String {
        let help = "? Help"
        var text = ""
        for binding in labelled where canFire(binding) {
            let item = "\(binding.key.display) \(binding.label ?? "")"
            let candidate = text.isEmpty ? item : text + "  " + item
            if TextWidth.of(candidate + "  " + help) > width { break }
            text = candidate
        }
        let full = text.isEmpty ? help : text + "  " + help
        return TextWidth.of(full) <= width ? full : text
    }

    /// The help overlay's lines: every binding, then the keys the engine itself handles.
    func helpLines(refreshes: Bool, tabs: Bool = false) -> [(key: String, action: String)] {
        var lines: [(String, String)] = []
        let pageKeys = Set(page.map(\.key))
        for binding in page + app.filter({ !pageKeys.contains($0.key) }) {
            lines.append((binding.key.display, binding.label ?? binding.handler))
        }
        lines += [("Tab S-Tab", "move focus"), ("Enter Space", "press the focused widget"),
                  ("↑ ↓ PgUp PgDn", "scroll"), ("Esc", "go back (quit on the first page)"), ("?", "this help"),
                  ("^C", "quit")]
        if refreshes { lines.insert(("^R", "refresh"), at: lines.count - 2) }
        if tabs { lines.insert(("[ ]", "previous / next tab"), at: lines.count - 2) }
        return lines
    }
}
