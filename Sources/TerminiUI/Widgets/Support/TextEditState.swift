import TerminiTemplate

/// A text input's state across rebuilds (TextField, TextArea): its editor, the values it reported that the page has
/// not echoed yet, and the one-line view's sideways scroll. Both widgets route keys and pastes through here, so
/// the editing is written once.
class TextEditState: WidgetState {
    var editor = TextEditor()
    var reported = ReportedValues()
    var viewport = SingleLineViewport()
    /// The message of the field's first failing check, drawn under it since the user last left it or submitted
    /// its form; nil when it passed (or was never checked).
    var validationMessage: String?

    /// A controlled input: the page's value wins over the editor's text unless it is an echo of an edit the input
    /// reported itself (JS lagging behind typing). Compared against the text rather than the previous value, so
    /// `draft = 'Buy milk'` then `draft = ''` landing in one frame still clears it. Returns whether the text changed.
    func sync(to value: String) -> Bool {
        if ReportedValues.sameBytes(value, editor.text) {
            reported.removeAll()
            return false
        }
        if reported.takeEcho(of: value) { return false }
        editor.setText(value)
        reported.removeAll()
        return true
    }

    /// Runs an editing key's command (`TextEditingKeymap`). Nil when the key is not an editing key, so the page gets
    /// it; `special` sees each command first and returns what it did with one the widget runs itself (Enter in a
    /// field, a TextArea's vertical moves), or nil.
    /// `allows`: whether a text may stand (a field's `restrict` or `kind`); an edit that makes one it refuses is
    /// undone as if the key had not been pressed.
    func handleKey(_ key: Key, multiline: Bool, maxLength: Int?, on e: Element, in router: PageInputRouter,
                   onChange: String?, allows: ((String) -> Bool)? = nil,
                   special: (TextEditCommand) -> TextEditOutcome?) -> [UIEvent]? {
        guard let command = TextEditingKeymap.command(for: key, multiline: multiline) else { return nil }
        if let handled = special(command) {
            if handled == .moved { router.needs.paint = true }
            return []
        }
        let before = editor
        let outcome = editor.perform(command, maxLength: maxLength)
        if outcome == .edited, let allows, !allows(editor.text) {
            editor = before
            return []
        }
        return report(outcome, clipped: false, multiline: multiline, on: e, in: router, onChange: onChange)
    }

    /// Takes a paste as one edit: cleaned for the input (`PastedText`), clipped to `maxLength`, one `onChange`
    /// whose detail says `clipped: true` when the terminal or `maxLength` cut it short.
    /// A paste that would make a text `allows` refuses is refused whole.
    func handlePaste(_ text: String, clippedFrom: Int?, multiline: Bool, maxLength: Int?, on e: Element,
                     in router: PageInputRouter, onChange: String?, allows: ((String) -> Bool)? = nil) -> [UIEvent] {
        let before = editor
        let (outcome, clipped) = editor.paste(PastedText.cleaned(text, multiline: multiline), maxLength: maxLength)
        if outcome == .edited, let allows, !allows(editor.text) {
            editor = before
            return []
        }
        return report(outcome, clipped: clipped || clippedFrom != nil, multiline: multiline, on: e, in: router,
                      onChange: onChange)
    }

    /// What an outcome asks of the frame, the clipboard and the page.
    private func report(_ outcome: TextEditOutcome, clipped: Bool, multiline: Bool, on e: Element,
                        in router: PageInputRouter, onChange: String?) -> [UIEvent] {
        switch outcome {
        case .unchanged where !clipped: return []
        case .moved:
            router.needs.paint = true
            return []
        case .copied(let text):
            router.copy(text)
            return []
        case .edited, .unchanged:
            // A one-line field's width follows its text; a TextArea's size never changes.
            if multiline { router.needs.paint = true } else { router.needs.layout = true }
            if onChange != nil { reported.append(editor.text) }
            var detail: [(String, JSONValue)] = [("value", .string(editor.text))]
            if clipped { detail.append(("clipped", .bool(true))) }
            return router.event(e, handler: onChange, type: .change, detail: .object(JSONObject(uniqueKeysWithValues: detail)))
        }
    }
}
