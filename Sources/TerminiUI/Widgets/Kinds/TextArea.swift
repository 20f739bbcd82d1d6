import TerminiTemplate

/// `TextArea`: multi-line text input. Lines soft-wrap at the area's width (a wide character counts two cells and
/// never splits); the view scrolls to keep the caret in sight, and the terminal's cursor sits at the caret. Enter
/// inserts a newline, Left/Right move over characters (and across line ends), Up/Down move a display row keeping
/// the column, Home/End go to the ends of the line, PageUp/PageDown a screenful; Tab leaves. Every edit calls
/// `onChange` with `detail.value`; as with TextField, the page's value wins unless it echoes an edit.
extension TextAreaProps: WidgetBehavior {
    static var traits: WidgetTraits { [.focusable] }

    static func prepare(_ props: inout [String: JSONValue]) {
        if props["value"] == nil { props["value"] = .string("") }
    }

    static func makeState() -> WidgetState? { TextAreaState() }

    func hasSameLayout(as other: TextAreaProps) -> Bool { height == other.height }

    var editsText: Bool { true }
    var editsLines: Bool { true }

    func didMount(_ e: Element, in tree: Reconciler) {
        let edit = e.state as! TextAreaState
        edit.text = Array(value)
        edit.cursor = edit.text.count
    }

    func didRefresh(_ e: Element, old: any WidgetBehavior, deep: Bool, configChanged: Bool, in tree: Reconciler) {
        if (e.state as! TextAreaState).sync(to: value) { tree.needs.layout = true }
    }

    func layout(_ e: Element, in pass: LayoutPass, maxWidth: Int, maxHeight: Int, minWidth: Int) -> (Int, Int) {
        let width = maxWidth >= LayoutPass.unbounded ? 40 : maxWidth
        return (width, min(max(1, height), maxHeight))
    }

    func paint(_ e: Element, x: Int, y: Int, clip: CellRect, in pass: PaintPass) {
        let edit = e.state as! TextAreaState
        let focused = pass.isFocused(e)
        let rows = edit.rows(width: max(1, e.box.width))
        let (caretRow, caretColumn) = edit.position(of: edit.cursor, in: rows)
        edit.keepInView(row: caretRow, height: e.box.height)
        let underline = CellStyle(attributes: focused ? [.underline, .bold] : .underline)
        for r in 0..<e.box.height where y + r >= clip.y && y + r < clip.maxY {
            pass.buffer.fill(x: clip.x, y: y + r, width: clip.width, height: 1, with: Cell(character: " ", style: underline))
        }
        if edit.text.isEmpty {
            var dim = underline
            dim.attributes.insert(.dim)
            pass.put(TextFit.truncate(placeholder, width: e.box.width), x: x, y: y, style: dim, clip: clip)
        } else {
            for r in 0..<e.box.height {
                let i = edit.scroll + r
                guard i < rows.count else { break }
                pass.put(String(edit.text[rows[i].start..<rows[i].end]), x: x, y: y + r, style: underline, clip: clip)
            }
        }
        if focused {
            let cx = x + caretColumn, cy = y + caretRow - edit.scroll
            if clip.contains(x: cx, y: cy) {
                var cell = pass.buffer[cx, cy]
                if cell.isWideContinuation { cell = Cell(character: " ") }
                cell.style.attributes.insert(.reverse)
                pass.buffer[cx, cy] = cell
                pass.caret = (cx, cy)
            }
        }
    }

    func handleKey(_ key: Key, on e: Element, in router: PageInputRouter) -> [UIEvent]? {
        let edit = e.state as! TextAreaState
        edit.cursor = min(max(0, edit.cursor), edit.text.count)
        let rows = edit.rows(width: max(1, e.box.width))
        let (row, column) = edit.position(of: edit.cursor, in: rows)
        switch key {
        case .character(let c): edit.text.insert(c, at: edit.cursor); edit.cursor += 1
        case .space: edit.text.insert(" ", at: edit.cursor); edit.cursor += 1
        case .enter: edit.text.insert("\n", at: edit.cursor); edit.cursor += 1
        case .backspace:
            guard edit.cursor > 0 else { return [] }
            edit.text.remove(at: edit.cursor - 1); edit.cursor -= 1
        case .delete:
            guard edit.cursor < edit.text.count else { return [] }
            edit.text.remove(at: edit.cursor)
        case .left: return move(edit, to: edit.cursor - 1, router)
        case .right: return move(edit, to: edit.cursor + 1, router)
        case .up: return row == 0 ? move(edit, to: 0, router) : move(edit, to: edit.index(row: row - 1, column: column, in: rows), router)
        case .down:
            return row >= rows.count - 1 ? move(edit, to: edit.text.count, router)
                : move(edit, to: edit.index(row: row + 1, column: column, in: rows), router)
        case .pageUp: return move(edit, to: edit.index(row: max(0, row - e.box.height), column: column, in: rows), router)
        case .pageDown: return move(edit, to: edit.index(row: min(rows.count - 1, row + e.box.height), column: column, in: rows), router)
        case .home:
            var i = edit.cursor
            while i > 0 && edit.text[i - 1] != "\n" { i -= 1 }
            return move(edit, to: i, router)
        case .end:
            var i = edit.cursor
            while i < edit.text.count && edit.text[i] != "\n" { i += 1 }
            return move(edit, to: i, router)
        default:
            return nil
        }
        router.needs.paint = true
        if onChange != nil { edit.noteReported() }
        return router.event(e, handler: onChange, type: "change", detail: .object(["value": .string(String(edit.text))]))
    }

    private func move(_ edit: TextAreaState, to position: Int, _ router: PageInputRouter) -> [UIEvent] {
        let clamped = min(max(0, position), edit.text.count)
        if clamped != edit.cursor {
            edit.cursor = clamped
            router.needs.paint = true
        }
        return []
    }

    /// Focuses the area and puts the caret where the click was.
    func handlePress(_ mouse: MouseEvent, on e: Element, in router: PageInputRouter) -> [UIEvent]? {
        let edit = e.state as! TextAreaState
        router.focus.focused = e
        router.needs.paint = true
        guard let origin = router.paintedOrigin(of: e) else { return [] }
        let rows = edit.rows(width: max(1, e.box.width))
        let row = min(max(0, edit.scroll + mouse.y - origin.y), max(0, rows.count - 1))
        edit.cursor = edit.index(row: row, column: mouse.x - origin.x, in: rows)
        return []
    }
}

/// A TextArea's buffer (see `TextEditState`) and the first display row shown.
final class TextAreaState: TextEditState {
    var scroll = 0

    /// One display row: the characters `start..<end` of the buffer (a newline ends a row and is in none).
    struct Row { var start: Int; var end: Int }

    /// The buffer broken into display rows of at most `width` cells.
    func rows(width: Int) -> [Row] {
        var rows: [Row] = []
        var start = 0, used = 0, i = 0
        while i < text.count {
            let c = text[i]
            if c == "\n" {
                rows.append(Row(start: start, end: i))
                start = i + 1; used = 0; i += 1
                continue
            }
            let w = TextWidth.of(c)
            if used + w > width && used > 0 {
                rows.append(Row(start: start, end: i))
                start = i; used = 0
                continue
            }
            used += w
            i += 1
        }
        rows.append(Row(start: start, end: text.count))
        return rows
    }

    /// The display row and cell column of buffer index `index`; a caret at a full row's end shows on the next row.
    func position(of index: Int, in rows: [Row]) -> (row: Int, column: Int) {
        for (r, row) in rows.enumerated() where index >= row.start && index <= row.end {
            // At the very end of a row that wrapped (not one a newline ended), the caret belongs to the next row.
            if index == row.end && r + 1 < rows.count && rows[r + 1].start == row.end { continue }
            return (r, TextWidth.of(String(text[row.start..<index])))
        }
        return (max(0, rows.count - 1), 0)
    }

    /// The buffer index at `column` cells into display row `row` (or the row's end).
    func index(row: Int, column: Int, in rows: [Row]) -> Int {
        let target = rows[min(max(0, row), rows.count - 1)]
        var used = 0
        var i = target.start
        while i < target.end && used + TextWidth.of(text[i]) <= column {
            used += TextWidth.of(text[i]); i += 1
        }
        return i
    }

    func keepInView(row: Int, height: Int) {
        if row < scroll { scroll = row }
        if row >= scroll + height { scroll = row - height + 1 }
        scroll = max(0, scroll)
    }
}
