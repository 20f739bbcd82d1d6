import TerminiTemplate

/// `TextArea`: multi-line text input on the shared `TextEditor` (docs/INPUT.md, "Editing text"). Lines soft-wrap
/// at the area's width (a wide character counts two cells and never splits); the view scrolls to keep the caret in
/// sight, and the terminal's cursor sits at the caret. Enter inserts a newline, Up/Down move a display row keeping
/// the column, PageUp/PageDown a screenful, Ctrl-Home/End go to the text's ends; Tab leaves. A paste keeps its
/// newlines and tabs. Every edit calls `onChange` with `detail.value`; as with TextField, the page's value wins
/// unless it echoes an edit.
extension TextAreaProps: StatefulWidget {
    static var traits: WidgetTraits { [.focusable] }
    static var events: [WidgetEventDeclaration] {
        [WidgetEventDeclaration("onChange", .change, when: "every edit", detail: "`{value}`: the whole text, lines joined with `\\n`")]
    }
    static var keys: [WidgetKeyDeclaration] {
        [WidgetKeyDeclaration("the editing keys", "edit its text ([Editing text](#editing-text)); Enter is a newline"),
         WidgetKeyDeclaration("Esc", "leaves the text area: focus goes to the page")]
    }

    static func prepare(_ props: inout [String: JSONValue]) {
        if props["value"] == nil { props["value"] = .string("") }
    }

    typealias State = TextAreaState

    func hasSameLayout(as other: TextAreaProps) -> Bool { height == other.height }

    var editsText: Bool { true }
    var editsLines: Bool { true }

    func didMount(_ e: Element, in tree: Reconciler) {
        Self.state(e).editor.setText(value)
    }

    func didRefresh(_ e: Element, old: any WidgetBehavior, deep: Bool, configChanged: Bool, in tree: Reconciler) {
        if Self.state(e).sync(to: value) { tree.needs.layout = true }
    }

    func layout(_ e: Element, in pass: LayoutPass, maxWidth: Int, maxHeight: Int, minWidth: Int) -> (Int, Int) {
        let width = maxWidth >= LayoutPass.unbounded ? 40 : maxWidth
        return (width, min(max(1, height), maxHeight))
    }

    func paint(_ e: Element, x: Int, y: Int, clip: CellRect, in pass: PaintPass) {
        let edit = Self.state(e)
        let focused = pass.isFocused(e)
        let (caret, caretColumn) = edit.caretPosition(width: e.box.width)
        edit.rows.keepInView(caret, height: e.box.height, in: edit.editor)
        let underline = CellStyle(attributes: focused ? [.underline, .bold] : .underline)
        for r in 0..<e.box.height where y + r >= clip.y && y + r < clip.maxY {
            pass.buffer.fill(x: clip.x, y: y + r, width: clip.width, height: 1, with: Cell(character: " ", style: underline))
        }
        if edit.editor.text.isEmpty {
            pass.put(TextFit.truncate(placeholder, width: e.box.width), x: x, y: y, style: pass.style(underline, .placeholder, of: e), clip: clip)
        }
        // Only the rows in view are drawn (and wrapped).
        var row: WrappedRows.Position? = edit.rows.top
        var caretRow: Int?
        let selection = edit.editor.selection
        for r in 0..<e.box.height {
            guard let shown = row else { break }
            let range = edit.rows.range(of: shown, in: edit.editor)
            let text = edit.editor[range]
            if !text.isEmpty { pass.put(EditorCells.shown(text, secure: false), x: x, y: y + r, style: underline, clip: clip) }
            if let selection, selection.lowerBound <= range.upperBound, selection.upperBound > range.lowerBound {
                let from = EditorCells.width(edit.editor[range.lowerBound..<max(range.lowerBound, selection.lowerBound)])
                var to = EditorCells.width(edit.editor[range.lowerBound..<min(range.upperBound, selection.upperBound)])
                // A selected line end (its newline) shows as one selected cell after the text.
                if selection.upperBound > range.upperBound { to += 1 }
                pass.highlight(x: x + from, y: y + r, width: to - from, clip: clip, of: e)
            }
            if shown == caret { caretRow = r }
            row = edit.rows.row(after: shown, in: edit.editor)
        }
        if focused, let caretRow { pass.drawCaret(x: x + caretColumn, y: y + caretRow, clip: clip) }
    }

    func handleKey(_ key: Key, on e: Element, in router: PageInputRouter) -> [UIEvent]? {
        let edit = Self.state(e)
        let events = edit.handleKey(key, multiline: true, maxLength: nil, on: e, in: router, onChange: onChange) { command in
            guard case .move(let motion, let selecting) = command, motion.isVertical else { return nil }
            return edit.moveVertically(motion, selecting: selecting, width: e.box.width, height: e.box.height)
        }
        edit.followEdits()
        return events
    }

    func handlePaste(_ text: String, clippedFrom: Int?, on e: Element, in router: PageInputRouter) -> [UIEvent]? {
        let edit = Self.state(e)
        let events = edit.handlePaste(text, clippedFrom: clippedFrom, multiline: true, maxLength: nil, on: e, in: router,
                                      onChange: onChange)
        edit.followEdits()
        return events
    }

    /// Focuses the area and puts the caret where the click was.
    func handlePress(_ mouse: MouseEvent, on e: Element, in router: PageInputRouter) -> [UIEvent]? {
        let edit = Self.state(e)
        router.focus.focused = e
        router.needs.paint = true
        guard let origin = router.paintedOrigin(of: e) else { return [] }
        edit.followEdits()
        edit.rows.setWidth(e.box.width, lineCount: edit.editor.lines.count)
        let row = edit.rows.row(max(0, mouse.y - origin.y), from: edit.rows.top, in: edit.editor)
        edit.editor.moveCaret(to: edit.rows.offset(at: row, column: mouse.x - origin.x, in: edit.editor), selecting: false)
        return []
    }
}

/// A TextArea's editor (see `TextEditState`) and its text wrapped into rows.
final class TextAreaState: TextEditState {
    var rows = WrappedRows()

    required init() {
        super.init()
        editor.keepsLineSplices = true
    }

    override func sync(to value: String) -> Bool {
        defer { followEdits() }
        return super.sync(to: value)
    }

    /// Brings the rows in step with the editor's edits since the last call.
    func followEdits() {
        rows.follow(editor.takeLineSplices(), lineCount: editor.lines.count)
    }

    /// The caret's row and column at `width`.
    func caretPosition(width: Int) -> (WrappedRows.Position, column: Int) {
        followEdits()
        rows.setWidth(width, lineCount: editor.lines.count)
        return rows.position(of: editor.caret, in: editor)
    }

    /// Up, Down, PageUp, PageDown: a row or a screenful, keeping the column; past the first or last row, to the
    /// text's start or end.
    func moveVertically(_ motion: TextMotion, selecting: Bool, width: Int, height: Int) -> TextEditOutcome {
        let (position, column) = caretPosition(width: width)
        let step: Int
        switch motion {
        case .up: step = -1
        case .down: step = 1
        case .pageUp: step = -max(1, height)
        default: step = max(1, height)
        }
        let target = rows.row(step, from: position, in: editor)
        let offset: Int
        if target == position && abs(step) == 1 {
            offset = step < 0 ? 0 : editor.length
        } else {
            offset = rows.offset(at: target, column: column, in: editor)
        }
        return editor.moveCaret(to: offset, selecting: selecting)
    }
}
