import TerminiTemplate

/// `Table`: a bold header and one line per row, each cell its row's `field` fitted to the column's width with
/// `…`. Only the rows in view are drawn, so a table of 100k rows costs what a screenful does. Fixed-width columns
/// take their width; columns of width 0 share the rest. One Tab stop: Up/Down/PageUp/PageDown/Home/End or a
/// click select a row (reversed while focused) and call `onSelect` with `{index, row}`; the view scrolls to keep
/// it shown. With `key`, a selected row is followed by its key when rows are inserted, removed or sorted. A click
/// on a title, or `s` (the next column each time), calls `onSort` with `{field, column}`: sorting is the script's.
extension TableProps: WidgetBehavior {
    static var traits: WidgetTraits { [.focusable, .scrollable, .keysItsRows, .fillsHeight] }

    static func makeState() -> WidgetState? { TableState() }

    func hasSameLayout(as other: TableProps) -> Bool { columns == other.columns && rows.count == other.rows.count }

    /// The rows are the data's own array (decoding does not copy it): holding them while a splice of 10 rows
    /// reaches a 100,000-row list would make the splice copy the whole list.
    func releaseDataLists(on e: Element) -> Bool {
        guard !rows.isEmpty else { return false }
        var released = self
        released.rows = []
        e.widget = released
        return true
    }

    func didRefresh(_ e: Element, old: any WidgetBehavior, deep: Bool, configChanged: Bool, in tree: Reconciler) {
        guard configChanged else { return }
        let state = e.state as! TableState
        // Keyed: the selection follows its row's key to wherever the row is now.
        if let key, let selectedKey = state.selectedKey {
            if state.selected >= rows.count || rows.member(key, of: state.selected) != selectedKey {
                if let moved = Self.index(of: selectedKey, in: key, near: state.selected, of: rows) { state.selected = moved }
            }
        }
        state.selected = min(state.selected, max(0, rows.count - 1))
    }

    /// Where the row whose `field` is `key` is now, searched outwards from where it was: rows inserted or removed k
    /// rows above it move it by k, so finding it costs the change rather than the table's length.
    static func index(of key: JSONValue, in field: String, near start: Int, of rows: JSONArray) -> Int? {
        let start = min(max(0, start), max(0, rows.count - 1))
        var distance = 0
        while start - distance >= 0 || start + distance < rows.count {
            if start + distance < rows.count, rows.member(field, of: start + distance) == key { return start + distance }
            if distance > 0, start - distance >= 0, rows.member(field, of: start - distance) == key { return start - distance }
            distance += 1
        }
        return nil
    }

    func layout(_ e: Element, in pass: LayoutPass, maxWidth: Int, maxHeight: Int, minWidth: Int) -> (Int, Int) {
        let state = e.state as! TableState
        let natural = columns.reduce(0) { $0 + ($1.width > 0 ? $1.width : max(8, TextWidth.of($1.title))) } + max(0, columns.count - 1)
        let width = maxWidth >= LayoutPass.unbounded ? natural : maxWidth
        let height = maxHeight >= LayoutPass.unbounded ? min(rows.count + 1, LayoutPass.unboundedScrollHeight) : min(maxHeight, rows.count + 1)
        state.widths = Self.columnWidths(columns, width: width)
        state.visibleRows = max(0, height - 1)
        state.count = rows.count
        state.keepSelectionInView()
        return (width, height)
    }

    /// Fixed widths as declared (cut from the right when the table is narrower), the rest shared by the others.
    static func columnWidths(_ columns: [TableColumn], width: Int) -> [Int] {
        let gaps = max(0, columns.count - 1)
        let fixed = columns.reduce(0) { $0 + max(0, $1.width) }
        let flexible = columns.filter { $0.width <= 0 }.count
        let free = max(0, width - gaps - fixed)
        let shared = flexible > 0 ? free / flexible : 0
        var extra = flexible > 0 ? free % flexible : 0
        var left = max(0, width - gaps)
        return columns.map { column in
            var w = column.width > 0 ? column.width : shared + (extra > 0 ? 1 : 0)
            if column.width <= 0 && extra > 0 { extra -= 1 }
            w = min(w, left)
            left -= w
            return max(0, w)
        }
    }

    func paint(_ e: Element, x: Int, y: Int, clip: CellRect, in pass: PaintPass) {
        let state = e.state as! TableState
        let header = CellStyle(attributes: [.bold, .underline])
        pass.put(line(state.widths) { TextFit.fit(columns[$0].title, width: $1, align: columns[$0].align) }, x: x, y: y,
                 style: header, clip: clip)
        let focused = pass.isFocused(e)
        for row in 0..<state.visibleRows {
            let index = state.offset + row
            guard index < rows.count else { break }
            let data = rows[index]
            let text = line(state.widths) { TextFit.fit(data[columns[$0].field]?.displayText ?? "", width: $1, align: columns[$0].align) }
            let selected = index == state.selected && !rows.isEmpty
            let style = CellStyle(attributes: selected ? (focused ? [.reverse, .bold] : .bold) : [])
            pass.put(text, x: x, y: y + 1 + row, style: style, clip: clip)
        }
    }

    private func line(_ widths: [Int], _ cell: (Int, Int) -> String) -> String {
        var text = ""
        for (i, w) in widths.enumerated() {
            if i > 0 { text += " " }
            text += cell(i, w)
        }
        return text
    }

    func handleKey(_ key: Key, on e: Element, in router: PageInputRouter) -> [UIEvent]? {
        let state = e.state as! TableState
        switch key {
        case .character("s"):
            guard !columns.isEmpty else { return nil }
            state.sortColumn = (state.sortColumn + 1) % columns.count
            return sort(state.sortColumn, on: e, in: router)
        case .up, .down, .pageUp, .pageDown, .home, .end:
            guard !rows.isEmpty else { return [] }
            let page = max(1, state.visibleRows)
            let target: Int
            switch key {
            case .up: target = state.selected - 1
            case .down: target = state.selected + 1
            case .pageUp: target = state.selected - page
            case .pageDown: target = state.selected + page
            case .home: target = 0
            default: target = rows.count - 1
            }
            return select(min(max(0, target), rows.count - 1), on: e, in: router)
        default:
            return nil
        }
    }

    func handlePress(_ mouse: MouseEvent, on e: Element, in router: PageInputRouter) -> [UIEvent]? {
        let state = e.state as! TableState
        router.focus.focused = e
        router.needs.paint = true
        guard let origin = router.paintedOrigin(of: e) else { return [] }
        if mouse.y == origin.y {
            var column = origin.x
            for (i, w) in state.widths.enumerated() {
                if mouse.x >= column && mouse.x < column + w { return sort(i, on: e, in: router) }
                column += w + 1
            }
            return []
        }
        let index = state.offset + mouse.y - origin.y - 1
        guard index >= 0, index < rows.count else { return [] }
        return select(index, on: e, in: router)
    }

    func scroll(_ e: Element, by delta: Int) {
        let state = e.state as! TableState
        state.offset = min(max(0, state.offset.addingClamped(delta)), max(0, state.count - state.visibleRows))
        state.followSelection = false
    }

    private func select(_ index: Int, on e: Element, in router: PageInputRouter) -> [UIEvent] {
        let state = e.state as! TableState
        guard index != state.selected || state.selectedKey == nil && key != nil else { return [] }
        state.selected = index
        state.selectedKey = key.flatMap { rows.member($0, of: index) }
        state.followSelection = true
        state.keepSelectionInView()
        router.needs.paint = true
        return router.event(e, handler: onSelect, type: "select",
                            detail: .object(["index": .number(Double(index)), "row": rows[index]]))
    }

    private func sort(_ column: Int, on e: Element, in router: PageInputRouter) -> [UIEvent] {
        (e.state as! TableState).sortColumn = column
        return router.event(e, handler: onSort, type: "sort",
                            detail: .object(["field": .string(columns[column].field), "column": .number(Double(column))]))
    }
}

/// A Table's view: the first row shown, the selected row (and its key when the table has one), the column widths
/// of the last layout, and the column `s` sorts by next.
final class TableState: WidgetState {
    var offset = 0
    var selected = 0
    var selectedKey: JSONValue?
    var visibleRows = 0
    var count = 0
    var widths: [Int] = []
    var sortColumn = -1
    /// Whether the view should scroll to the selection (not after the wheel moved it away).
    var followSelection = true

    func keepSelectionInView() {
        if followSelection && visibleRows > 0 {
            if selected < offset { offset = selected }
            if selected >= offset + visibleRows { offset = selected - visibleRows + 1 }
        }
        offset = min(max(0, offset), max(0, count - visibleRows))
    }
}
