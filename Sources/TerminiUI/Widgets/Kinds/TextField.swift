import TerminiTemplate

/// `TextField`: a one-line text input. It keeps its own editor (`TextEditor`: readline's keys, words, kills, undo,
/// selection; docs/INPUT.md) while the user types and reports each edit with `onChange`; Enter calls `onSubmit`.
/// A paste is one edit with its newlines and tabs as spaces, clipped to `maxLength`.
///
/// As a form field: `kind` and `restrict` refuse an edit (a key or a whole paste) that makes a text they do not
/// allow; `validate` and the kind's own check run when focus leaves the field and when its `Form` is submitted, and
/// the first failure's message is drawn under the field (the field is then two rows tall). `suggestions` offers the
/// first one that starts with the text, dimmed after the caret; → at the end of the text, or Tab, accepts it.
extension TextFieldProps: StatefulWidget {
    static var traits: WidgetTraits { [.focusable] }
    static var events: [WidgetEventDeclaration] {
        [WidgetEventDeclaration("onChange", .change, when: "every edit", detail: "`{value}`: the whole text, a string"),
         WidgetEventDeclaration("onSubmit", .submit, when: "Enter", detail: "`{value}`: the whole text, a string")]
    }
    static var keys: [WidgetKeyDeclaration] {
        [WidgetKeyDeclaration("the editing keys", "edit its text ([Editing text](#editing-text))"),
         WidgetKeyDeclaration("Enter", "submits it; in a `Form`, moves to the next field, and the last one submits the form"),
         WidgetKeyDeclaration("Tab, →", "with `suggestions:`, at the end of the text: accept the suggestion shown"),
         WidgetKeyDeclaration("Esc", "leaves the field: focus goes to the page")]
    }

    /// An unbound field starts empty.
    static func prepare(_ props: inout [String: JSONValue]) {
        if props["value"] == nil { props["value"] = .string("") }
    }

    typealias State = TextEditState

    /// The value and handlers change no sizes (the text's width is measured from the state); the placeholder does.
    func hasSameLayout(as other: TextFieldProps) -> Bool {
        placeholder == other.placeholder && width == other.width && secure == other.secure
            && validate == other.validate && kind == other.kind
    }

    var editsText: Bool { true }

    // MARK: Lifecycle

    func didMount(_ e: Element, in tree: Reconciler) {
        Self.state(e).editor.setText(value)
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
        if Self.state(e).sync(to: value) { tree.needs.layout = true }
    }

    // MARK: Layout and paint

    /// The widest a field grows to fit its text, so measuring never walks a long text.
    static let widestNatural = 1_000

    func layout(_ e: Element, in pass: LayoutPass, maxWidth: Int, maxHeight: Int, minWidth: Int) -> (Int, Int) {
        let edit = Self.state(e)
        // A fixed width keeps the row under the field for its check's message, as a sized-by-content field does.
        if let width { return (min(maxWidth, max(1, width)), min(edit.validationMessage == nil ? 1 : 2, maxHeight)) }
        // Room for the text and the caret, at least 20 columns; an Expanded parent stretches it further. Only as
        // much of the text is measured as could fit.
        let limit = min(maxWidth, Self.widestNatural)
        var textWidth = 0
        for c in edit.editor.text {
            textWidth += secure ? 1 : EditorCells.width(c)
            if textWidth >= limit { break }
        }
        let natural = max(20, max(textWidth, TextWidth.of(placeholder)) + 1)
        guard let message = edit.validationMessage else { return (min(maxWidth, natural), min(1, maxHeight)) }
        return (min(maxWidth, max(natural, TextWidth.of(message))), min(2, maxHeight))
    }

    func paint(_ e: Element, x: Int, y: Int, clip: CellRect, in pass: PaintPass) {
        let edit = Self.state(e)
        let focused = pass.isFocused(e)
        // Always underlined across its width, so an empty field is visible as a place to type; bold while focused.
        let underline = CellStyle(attributes: focused ? [.underline, .bold] : .underline)
        pass.buffer.fill(x: clip.x, y: y, width: clip.width, height: y >= clip.y && y < clip.maxY ? 1 : 0,
                         with: Cell(character: " ", style: underline))
        let shown = edit.viewport.show(edit.editor, width: e.box.width, secure: secure)
        if let message = edit.validationMessage {
            pass.put(TextFit.truncate(message, width: e.box.width), x: x, y: y + 1,
                     style: pass.style(.plain, .error, of: e), clip: clip)
        }
        if edit.editor.text.isEmpty {
            pass.put(placeholder, x: x, y: y, style: pass.style(underline, .placeholder, of: e), clip: clip)
        } else {
            pass.put(shown.text, x: x, y: y, style: underline, clip: clip)
        }
        if let selection = shown.selection {
            pass.highlight(x: x + selection.lowerBound, y: y, width: selection.count, clip: clip, of: e)
        }
        if focused, let rest = completion(e), shown.caretColumn + TextWidth.of(rest) < e.box.width {
            pass.put(rest, x: x + shown.caretColumn, y: y, style: pass.style(underline, .placeholder, of: e), clip: clip)
        }
        if focused { pass.drawCaret(x: x + shown.caretColumn, y: y, clip: clip) }
    }


    // MARK: Input

    /// Edits the text; nil when the key is not an editing key (so Tab, Esc and the page's bindings still work).
    /// Enter calls `onSubmit`; inside a `Form` it also moves to the next field, or submits the form from the last.
    func handleKey(_ key: Key, on e: Element, in router: PageInputRouter) -> [UIEvent]? {
        let edit = Self.state(e)
        if key == .tab || (key == .right && edit.editor.caret == edit.editor.length), let rest = completion(e) {
            return handlePaste(rest, clippedFrom: nil, on: e, in: router)
        }
        var submitted = false
        let events = edit.handleKey(key, multiline: false, maxLength: maxLength, on: e, in: router, onChange: onChange,
                                    allows: allowance) { command in
            guard command == .enter else { return nil }
            submitted = true
            return .unchanged
        }
        if submitted {
            let own = router.event(e, handler: onSubmit, type: .submit, detail: .object(["value": .string(edit.editor.text)]))
            return own + (FormProps.advance(from: e, in: router) ?? [])
        }
        return events
    }

    func handlePaste(_ text: String, clippedFrom: Int?, on e: Element, in router: PageInputRouter) -> [UIEvent]? {
        Self.state(e).handlePaste(text, clippedFrom: clippedFrom, multiline: false, maxLength: maxLength,
                                                on: e, in: router, onChange: onChange, allows: allowance)
    }

    // MARK: Checks and suggestions

    private var checks: FieldChecks { FieldChecks(kind: kind, restrict: restrict, rules: validate) }

    /// What `kind` and `restrict` let stand in the field while typing; nil when they let anything.
    private var allowance: ((String) -> Bool)? {
        let checks = checks
        guard checks.restrictsTyping else { return nil }
        return { text in checks.allows(text) }
    }

    /// What the best suggestion adds after the text: the first that starts with it and is longer, while the caret
    /// is at the end and nothing is selected.
    private func completion(_ e: Element) -> String? {
        let edit = Self.state(e)
        guard let suggestions, !edit.editor.text.isEmpty,
              edit.editor.caret == edit.editor.length, !secure else { return nil }
        let text = edit.editor.text
        for case .string(let suggestion) in suggestions where suggestion.count > text.count && suggestion.hasPrefix(text) {
            return String(suggestion.dropFirst(text.count))
        }
        return nil
    }

    func takesTab(_ e: Element, backward: Bool) -> Bool { !backward && completion(e) != nil }

    func didLoseFocus(_ e: Element, needs: FrameNeeds) {
        if checks.validates { _ = validateField(e, showing: true, needs: needs) }
    }

    func formValue(of e: Element) -> JSONValue? { .string(Self.state(e).editor.text) }

    func validateField(_ e: Element, showing: Bool, needs: FrameNeeds) -> String? {
        let edit = Self.state(e)
        let failure = checks.firstFailure(of: edit.editor.text)
        if showing, failure != edit.validationMessage {
            edit.validationMessage = failure
            needs.layout = true
        }
        return failure
    }

    func resetField(_ e: Element, needs: FrameNeeds) {
        let edit = Self.state(e)
        edit.editor.setText(value)
        edit.reported.removeAll()
        edit.validationMessage = nil
        needs.layout = true
    }

    /// Focuses the field and puts the caret at the clicked column.
    func handlePress(_ mouse: MouseEvent, on e: Element, in router: PageInputRouter) -> [UIEvent]? {
        let edit = Self.state(e)
        router.focus.focused = e
        let column = mouse.x - (router.paintedOrigin(of: e)?.x ?? 0)
        edit.editor.moveCaret(to: edit.viewport.offset(atColumn: column, in: edit.editor, secure: secure), selecting: false)
        router.needs.paint = true
        return []
    }
}
