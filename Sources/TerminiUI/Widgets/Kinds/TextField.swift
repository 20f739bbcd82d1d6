import TerminiTemplate

/// `TextField`: a one-line text input. It keeps its own editor (`TextEditor`: readline's keys, words, kills, undo,
/// selection; docs/INPUT.md) while the user types and reports each edit with `onChange`; Enter calls `onSubmit`.
/// A paste is one edit with its newlines and tabs as spaces, clipped to `maxLength`.
extension TextFieldProps: WidgetBehavior {
    static var traits: WidgetTraits { [.focusable] }

    /// An unbound field starts empty.
    static func prepare(_ props: inout [String: JSONValue]) {
        if props["value"] == nil { props["value"] = .string("") }
    }

    static func makeState() -> WidgetState? { TextEditState() }

    /// The value and handlers change no sizes (the text's width is measured from the state); the placeholder does.
    func hasSameLayout(as other: TextFieldProps) -> Bool {
        placeholder == other.placeholder && width == other.width && secure == other.secure
    }

    var editsText: Bool { true }

    // MARK: Lifecycle

    func didMount(_ e: Element, in tree: Reconciler) {
        (e.state as! TextEditState).editor.setText(value)
    }

    func didRefresh(_ e: Element, old: any WidgetBehavior, deep: Bool, configChanged: Bool, in tree: Reconciler) {
        if deep {
            // didUpdateWidget: a field whose bound value changed adopts it.
            guard configChanged, let old = old as? TextFieldProps, old.value != value else { return }
            tree.log("didUpdateWidget", e)
            sync(e, in: tree)
        } else {
            // Its data was patched: even if the value ends where it was, it may differ from the buffer. A field with
            // no `value` (only its placeholder reads data, say) has nothing to follow and keeps what was typed.
            if configChanged { tree.log("didUpdateWidget", e) }
            if e.node.props.contains(where: { $0.name == "value" }) { sync(e, in: tree) }
        }
    }

    private func sync(_ e: Element, in tree: Reconciler) {
        if (e.state as! TextEditState).sync(to: value) { tree.needs.layout = true }
    }

    // MARK: Layout and paint

    /// The widest a field grows to fit its text, so measuring never walks a long text.
    static let widestNatural = 1_000

    func layout(_ e: Element, in pass: LayoutPass, maxWidth: Int, maxHeight: Int, minWidth: Int) -> (Int, Int) {
        let edit = e.state as! TextEditState
        if let width { return (min(maxWidth, max(1, width)), min(1, maxHeight)) }
        // Room for the text and the caret, at least 20 columns; an Expanded parent stretches it further. Only as
        // much of the text is measured as could fit.
        let limit = min(maxWidth, Self.widestNatural)
        var textWidth = 0
        for c in edit.editor.text {
            textWidth += secure ? 1 : EditorCells.width(c)
            if textWidth >= limit { break }
        }
        let natural = max(20, max(textWidth, TextWidth.of(placeholder)) + 1)
        return (min(maxWidth, natural), min(1, maxHeight))
    }

    func paint(_ e: Element, x: Int, y: Int, clip: CellRect, in pass: PaintPass) {
        let edit = e.state as! TextEditState
        let focused = pass.isFocused(e)
        // Always underlined across its width, so an empty field is visible as a place to type; bold while focused.
        let underline = CellStyle(attributes: focused ? [.underline, .bold] : .underline)
        pass.buffer.fill(x: clip.x, y: y, width: clip.width, height: y >= clip.y && y < clip.maxY ? 1 : 0,
                         with: Cell(character: " ", style: underline))
        let shown = edit.viewport.show(edit.editor, width: e.box.width, secure: secure)
        if edit.editor.text.isEmpty {
            var dim = underline
            dim.attributes.insert(.dim)
            pass.put(placeholder, x: x, y: y, style: dim, clip: clip)
        } else {
            pass.put(shown.text, x: x, y: y, style: underline, clip: clip)
        }
        if let selection = shown.selection { pass.highlight(x: x + selection.lowerBound, y: y, width: selection.count, clip: clip) }
        if focused { pass.drawCaret(x: x + shown.caretColumn, y: y, clip: clip) }
    }

    // MARK: Input

    /// Edits the text; nil when the key is not an editing key (so Tab, Esc and the page's bindings still work).
    func handleKey(_ key: Key, on e: Element, in router: PageInputRouter) -> [UIEvent]? {
        let edit = e.state as! TextEditState
        var submitted = false
        let events = edit.handleKey(key, multiline: false, maxLength: maxLength, on: e, in: router, onChange: onChange) { command in
            guard command == .enter else { return nil }
            submitted = true
            return .unchanged
        }
        if submitted {
            return router.event(e, handler: onSubmit, type: "submit", detail: .object(["value": .string(edit.editor.text)]))
        }
        return events
    }

    func handlePaste(_ text: String, clippedFrom: Int?, on e: Element, in router: PageInputRouter) -> [UIEvent]? {
        (e.state as! TextEditState).handlePaste(text, clippedFrom: clippedFrom, multiline: false, maxLength: maxLength,
                                                on: e, in: router, onChange: onChange)
    }

    /// Focuses the field and puts the caret at the clicked column.
    func handlePress(_ mouse: MouseEvent, on e: Element, in router: PageInputRouter) -> [UIEvent]? {
        let edit = e.state as! TextEditState
        router.focus.focused = e
        let column = mouse.x - (router.paintedOrigin(of: e)?.x ?? 0)
        edit.editor.moveCaret(to: edit.viewport.offset(atColumn: column, in: edit.editor, secure: secure), selecting: false)
        router.needs.paint = true
        return []
    }
}
