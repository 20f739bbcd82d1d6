import TerminiTemplate

/// `TextField`: a one-line text input. It keeps its own edit buffer and cursor while the user types and reports
/// each edit with `onChange`; Enter calls `onSubmit`. Readline keys (Ctrl-A/E/B/F/U/K) edit as in a shell.
extension TextFieldProps: WidgetBehavior {
    static var traits: WidgetTraits { [.focusable] }

    /// An unbound field starts empty.
    static func prepare(_ props: inout [String: JSONValue]) {
        if props["value"] == nil { props["value"] = .string("") }
    }

    static func makeState() -> WidgetState? { TextEditState() }

    /// The value and handlers change no sizes (the buffer's width is measured from the state); the placeholder does.
    func hasSameLayout(as other: TextFieldProps) -> Bool {
        placeholder == other.placeholder && width == other.width && secure == other.secure
    }

    var editsText: Bool { true }

    // MARK: Lifecycle

    func didMount(_ e: Element, in tree: Reconciler) {
        let edit = e.state as! TextEditState
        edit.text = Array(value)
        edit.cursor = edit.text.count
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

    func layout(_ e: Element, in pass: LayoutPass, maxWidth: Int, maxHeight: Int, minWidth: Int) -> (Int, Int) {
        let edit = e.state as! TextEditState
        // Room for the text and the cursor, at least 20 columns; an Expanded parent stretches it further.
        let natural = width.map { max(1, $0) } ?? max(20, max(TextWidth.of(shown(edit)), TextWidth.of(placeholder)) + 1)
        return (min(maxWidth, natural), min(1, maxHeight))
    }

    func paint(_ e: Element, x: Int, y: Int, clip: CellRect, in pass: PaintPass) {
        let edit = e.state as! TextEditState
        let focused = pass.isFocused(e)
        // Always underlined across its width, so an empty field is visible as a place to type; bold while focused.
        let underline = CellStyle(attributes: focused ? [.underline, .bold] : .underline)
        pass.buffer.fill(x: clip.x, y: y, width: clip.width, height: y >= clip.y && y < clip.maxY ? 1 : 0,
                         with: Cell(character: " ", style: underline))
        // Keep the cursor in view: scroll the text left when it runs past the field's width.
        let before = edit.text[..<min(edit.cursor, edit.text.count)]
        let cursorColumn = secure ? before.count : TextWidth.of(String(before))
        let shift = max(0, cursorColumn - max(0, e.box.width - 1))
        if edit.text.isEmpty {
            var dim = underline
            dim.attributes.insert(.dim)
            pass.put(placeholder, x: x, y: y, style: dim, clip: clip)
        } else {
            pass.put(shown(edit), x: x - shift, y: y, style: underline, clip: clip)
        }
        if focused {
            let cx = x + cursorColumn - shift
            var cell = pass.buffer[cx, y]
            if clip.contains(x: cx, y: y) {
                if cell.isWideContinuation { cell = Cell(character: " ") }
                cell.style.attributes.insert(.reverse)
                pass.buffer[cx, y] = cell
                pass.caret = (cx, y)
            }
        }
    }

    /// The text as drawn: one `•` per character when secure.
    private func shown(_ edit: TextEditState) -> String {
        secure ? String(repeating: "•", count: edit.text.count) : String(edit.text)
    }

    /// Whether one more character fits under `maxLength`.
    private func hasRoom(_ edit: TextEditState) -> Bool { maxLength.map { edit.text.count < $0 } ?? true }

    // MARK: Input

    /// Edits the buffer; nil when the key is not an editing key (so Tab and scrolling still work).
    func handleKey(_ key: Key, on e: Element, in router: PageInputRouter) -> [UIEvent]? {
        let edit = e.state as! TextEditState
        edit.cursor = min(max(0, edit.cursor), edit.text.count)
        switch key {
        case .character(let c):
            guard hasRoom(edit) else { return [] }
            edit.text.insert(c, at: edit.cursor); edit.cursor += 1
        case .space:
            guard hasRoom(edit) else { return [] }
            edit.text.insert(" ", at: edit.cursor); edit.cursor += 1
        case .backspace:
            guard edit.cursor > 0 else { return [] }
            edit.text.remove(at: edit.cursor - 1); edit.cursor -= 1
        case .delete:
            guard edit.cursor < edit.text.count else { return [] }
            edit.text.remove(at: edit.cursor)
        case .left, .control("b"): return moveCursor(edit, to: edit.cursor - 1, in: router)
        case .right, .control("f"): return moveCursor(edit, to: edit.cursor + 1, in: router)
        case .home, .control("a"): return moveCursor(edit, to: 0, in: router)
        case .end, .control("e"): return moveCursor(edit, to: edit.text.count, in: router)
        case .control("u"):  // readline: delete to the start of the line
            guard edit.cursor > 0 else { return [] }
            edit.text.removeFirst(edit.cursor); edit.cursor = 0
        case .control("k"):  // readline: delete to the end of the line
            guard edit.cursor < edit.text.count else { return [] }
            edit.text.removeLast(edit.text.count - edit.cursor)
        case .enter:
            return router.event(e, handler: onSubmit, type: "submit", detail: .object(["value": .string(String(edit.text))]))
        default:
            return nil
        }
        router.needs.layout = true
        if onChange != nil { edit.noteReported() }
        return router.event(e, handler: onChange, type: "change", detail: .object(["value": .string(String(edit.text))]))
    }

    /// Moves the cursor; only a move that happened needs a repaint.
    private func moveCursor(_ edit: TextEditState, to position: Int, in router: PageInputRouter) -> [UIEvent] {
        let clamped = min(max(0, position), edit.text.count)
        if clamped != edit.cursor {
            edit.cursor = clamped
            router.needs.paint = true
        }
        return []
    }

    /// Focuses the field and puts the cursor at the clicked column.
    func handlePress(_ mouse: MouseEvent, on e: Element, in router: PageInputRouter) -> [UIEvent]? {
        let edit = e.state as! TextEditState
        router.focus.focused = e
        var column = router.paintedOrigin(of: e)?.x ?? 0
        var index = 0
        while index < edit.text.count && column + (secure ? 1 : TextWidth.of(edit.text[index])) <= mouse.x {
            column += secure ? 1 : TextWidth.of(edit.text[index]); index += 1
        }
        edit.cursor = index
        return []
    }
}

/// A text input's edit buffer and cursor (in characters), and the values it reported that the page has not
/// echoed back yet (TextField and TextArea).
class TextEditState: WidgetState {
    var text: [Character] = []
    var cursor = 0
    var reportedEdits: [String] = []

    /// Remembers the buffer as reported with `onChange`, so its echo from the page is not taken for a new value.
    func noteReported() {
        reportedEdits.append(String(text))
        if reportedEdits.count > 256 { reportedEdits.removeFirst(128) }
    }

    /// A controlled input: the page's value wins over the edit buffer unless it is an echo of an edit the input
    /// reported itself (JS lagging behind typing). Compared against the buffer rather than the previous value, so
    /// `draft = 'Buy milk'` then `draft = ''` landing in one frame still clears it. Returns whether the buffer
    /// changed.
    func sync(to value: String) -> Bool {
        if value == String(text) {
            reportedEdits.removeAll()
            return false
        }
        if let i = reportedEdits.lastIndex(of: value) {
            reportedEdits.removeFirst(i + 1)
            return false
        }
        text = Array(value)
        cursor = text.count
        reportedEdits.removeAll()
        return true
    }
}
