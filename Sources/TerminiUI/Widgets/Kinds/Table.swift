import TerminiTemplate

/// `Table`: a bold header and one line per row, each cell its row's `field` fitted to the column's width with
/// `…`. Only the rows in view are drawn, so a table of 100k rows costs what a screenful does.
///
/// One Tab stop with a current row (`RowCursor`, the theme's `selected` style while focused): the navigation keys
/// or a click move it (`onSelect`, also once when the table first has rows), Enter or a click activate it
/// (`onActivate`); with `key` it follows its row through inserts, removes and sorts. Sorting is the script's: the
/// table draws ▲/▼ on the column its `sortColumn`/`sortDescending` name and reports the user's choice with `onSort`.
/// Widths: fixed columns take theirs and flexible ones (width 0) share the rest, never below their minimum; a table
/// narrower than that shrinks the fixed columns, then scrolls sideways (Left/Right) with ◀/▶ at its header's ends,
/// so no column is ever dropped.
extension TableProps: StatefulWidget {
    static var traits: WidgetTraits { [.focusable, .scrollable, .keysItsRows, .fillsHeight] }
    static var events: [WidgetEventDeclaration] {
        [WidgetEventDeclaration("onReachBottom", .reachBottom,
                                when: "the view is within `threshold` rows of the end ([DATA-FLOW.md](DATA-FLOW.md#paging))",
                                detail: "`{count}`: the rows the list has"),
         WidgetEventDeclaration("onSelect", .select,
                                when: "Up/Down/PageUp/PageDown/Home/End or a click on a row; once when the table first has rows; its row went",
                                detail: "`{index, key, row}`: the row's position, its `key` field's value (`null` without `key:`) and the row"),
         WidgetEventDeclaration("onActivate", .activate, when: "Enter or a click on a row", detail: "`{index, key, item}`: `item` is the row"),
         WidgetEventDeclaration("onSort", .sort, when: "a click on a title, `s` for the next column, `S` to reverse",
                                detail: "`{field, descending, column}`: the column's field, the order asked for and the column's index; sorting is the script's, which shows it by binding `sortColumn:` and `sortDescending:`")]
    }
    static var keys: [WidgetKeyDeclaration] {
        [WidgetKeyDeclaration("Up / Down, PageUp / PageDown, Home / End", "move the current row; the view follows"),
         WidgetKeyDeclaration("Enter", "activates the current row"),
         WidgetKeyDeclaration("s / S", "sort by the next column / reverse the sort"),
         WidgetKeyDeclaration("Left / Right", "when its columns are wider than it: scroll sideways by a column")]
    }

    typealias State = TableState

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

    func didMount(_ e: Element, in tree: Reconciler) {
        let state = Self.state(e)
        state.signature = signature()
        state.cursor.key = rows.isEmpty ? nil : key.flatMap { rows.member($0, of: 0) }
    }

    func didRefresh(_ e: Element, old: any WidgetBehavior, deep: Bool, configChanged: Bool, in tree: Reconciler) {
        guard configChanged else { return }
        let state = Self.state(e)
        let signature = signature()
        if signature != state.signature {
            state.signature = signature
            state.reachBottom.rowsChanged()
        }
        // Keyed: the current row follows its key to wherever the row is now.
        if let key, let currentKey = state.cursor.key {
            if state.cursor.index >= rows.count || rows.member(key, of: state.cursor.index) != currentKey {
                if let moved = Self.index(of: currentKey, in: key, near: state.cursor.index, of: rows) { state.cursor.index = moved }
            }
        }
        state.cursor.index = min(state.cursor.index, max(0, rows.count - 1))
        state.cursor.key = rows.isEmpty ? nil : key.flatMap { rows.member($0, of: state.cursor.index) }
    }

    /// What tells the rows changed for paging, in O(1): the count and the first and last rows' keys (whole rows
    /// without `key`). A new query of the same length almost always differs at one end; an edit of a cell does not
    /// count.
    private func signature() -> [JSONValue?] {
        guard let first = rows.first, let last = rows.last else { return [] }
        if let key { return [.number(Double(rows.count)), rows.member(key, of: 0), rows.member(key, of: rows.count - 1)] }
        return [.number(Double(rows.count)), first, last]
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
        let state = Self.state(e)
        let natural = columns.reduce(0) { $0 + ($1.width > 0 ? $1.width : max(Self.minimum($1), TextWidth.of($1.title))) }
            + max(0, columns.count - 1)
        let width = maxWidth >= LayoutPass.unbounded ? natural : maxWidth
        let height = maxHeight >= LayoutPass.unbounded ? min(rows.count + 1, LayoutPass.unboundedScrollHeight) : min(maxHeight, rows.count + 1)
        state.widths = Self.columnWidths(columns, width: width)
        state.contentWidth = state.widths.reduce(0, +) + max(0, columns.count - 1)
        state.shift = min(max(0, state.shift), max(0, state.contentWidth - width))
        state.visibleRows = max(0, height - 1)
        state.count = rows.count
        state.keepSelectionInView()
        report(e, state: state, in: pass)
        return (width, height)
    }

    /// `onReachBottom` by `ReachBottomRule`, and `onSelect` for a current row not reported yet (the first rows,
    /// or another row because the current one went).
    private func report(_ e: Element, state: TableState, in pass: LayoutPass) {
        let count = rows.count
        let last = min(count - 1, state.offset + max(1, state.visibleRows) - 1)
        if state.cursor.needsReport {
            if count > 0, let onSelect {
                pass.emit(UIEvent(handler: onSelect, type: .select, dataset: e.dataset, detail: selectDetail(state.cursor),
                                  loc: e.node.loc, component: e.handlerOwner))
            }
            state.cursor.noteReported(count: count)
        }
        let atEnd = count > 0 && last >= count - 1 - max(0, threshold)
        if state.reachBottom.shouldFire(atEnd: atEnd), let onReachBottom {
            pass.emit(UIEvent(handler: onReachBottom, type: .reachBottom, dataset: e.dataset,
                              detail: .object(["count": .number(Double(count))]), loc: e.node.loc, component: e.handlerOwner))
        }
    }

    /// The fewest cells a column keeps: a fixed column's width, else its `minWidth`, else its title's width
    /// (3 to 10 cells), so a flexible column never vanishes.
    static func minimum(_ column: TableColumn) -> Int {
        if column.width > 0 { return column.width }
        return column.minWidth > 0 ? column.minWidth : min(10, max(3, TextWidth.of(column.title)))
    }

    /// Fixed widths as declared, the rest shared by the flexible columns, none below its minimum. When that does
    /// not fit, flexible columns keep their minimum and the fixed ones shrink, the widest first, to their
    /// `minWidth` (or 3 cells); what is still too wide scrolls.
    static func columnWidths(_ columns: [TableColumn], width: Int) -> [Int] {
        let gaps = max(0, columns.count - 1)
        var widths = columns.map { $0.width > 0 ? $0.width : 0 }
        let flexible = columns.indices.filter { columns[$0].width <= 0 }
        let fixed = widths.reduce(0, +)
        let flexibleMinimum = flexible.reduce(0) { $0 + minimum(columns[$1]) }
        if fixed + flexibleMinimum + gaps <= width {
            // Equal shares, except that a column whose minimum is more than a share takes its minimum.
            var free = width - gaps - fixed
            var sharing = flexible
            while !sharing.isEmpty {
                let share = free / sharing.count
                let large = sharing.filter { minimum(columns[$0]) > share }
                if large.isEmpty { break }
                for i in large { widths[i] = minimum(columns[i]); free -= widths[i] }
                sharing.removeAll { large.contains($0) }
            }
            if !sharing.isEmpty {
                let share = free / sharing.count
                var extra = free % sharing.count
                for i in sharing {
                    widths[i] = share + (extra > 0 ? 1 : 0)
                    if extra > 0 { extra -= 1 }
                }
            }
            return widths
        }
        for i in flexible { widths[i] = minimum(columns[i]) }
        var over = fixed + flexibleMinimum + gaps - width
        let floors = columns.map { $0.width > 0 ? min($0.width, $0.minWidth > 0 ? $0.minWidth : 3) : 0 }
        while over > 0 {
            // The fixed column with the most cells above its floor gives one.
            var widest = -1
            for i in columns.indices where columns[i].width > 0 && widths[i] > floors[i] {
                if widest < 0 || widths[i] - floors[i] > widths[widest] - floors[widest] { widest = i }
            }
            guard widest >= 0 else { break }
            widths[widest] -= 1
            over -= 1
        }
        return widths
    }

    func paint(_ e: Element, x: Int, y: Int, clip: CellRect, in pass: PaintPass) {
        let state = Self.state(e)
        let header = CellStyle(attributes: [.bold, .underline])
        let sort = currentSort(state)
        let left = x - state.shift
        pass.put(line(state.widths) { title($0, width: $1, sort: sort) }, x: left, y: y, style: header, clip: clip)
        // The header's ends say that columns lie beyond the edges.
        if state.shift > 0 { pass.put("◀", x: x, y: y, style: header, clip: clip) }
        if state.contentWidth - state.shift > e.box.width { pass.put("▶", x: x + e.box.width - 1, y: y, style: header, clip: clip) }
        let focused = pass.isFocused(e)
        let styled = columns.indices.filter { columns[$0].styleField != nil }
        for row in 0..<state.visibleRows {
            let index = state.offset + row
            guard index < rows.count else { break }
            let data = rows[index]
            let text = line(state.widths) { TextFit.fit(data[columns[$0].field]?.displayText ?? "", width: $1, align: columns[$0].align) }
            let current = index == state.cursor.index
            pass.put(text, x: left, y: y + 1 + row, style: CellStyle(attributes: current && !focused ? .bold : []), clip: clip)
            for i in styled {
                guard let field = columns[i].styleField, let name = data[field]?.stringValue, !name.isEmpty else { continue }
                let cell = CellRect(x: left + state.columnX(i), y: y + 1 + row, width: state.widths[i], height: 1)
                pass.themed(cell.intersection(clip), styleClass: name)
            }
            if current && focused { pass.selected(CellRect(x: x, y: y + 1 + row, width: e.box.width, height: 1).intersection(clip), of: e) }
        }
    }

    /// A column's title, with ▲ or ▼ when the table is sorted by it.
    private func title(_ i: Int, width: Int, sort: (column: Int, descending: Bool)?) -> String {
        let column = columns[i]
        guard let sort, sort.column == i else { return TextFit.fit(column.title, width: width, align: column.align) }
        let arrow = sort.descending ? "▼" : "▲"
        guard width >= 3 else { return TextFit.fit(arrow, width: width) }
        if TextWidth.of(column.title) + 2 <= width { return TextFit.fit(column.title + " " + arrow, width: width, align: column.align) }
        return TextFit.fit(column.title, width: width - 2) + " " + arrow
    }

    /// The sort shown: the column the page's `sortColumn` names, else the one last asked for here.
    private func currentSort(_ state: TableState) -> (column: Int, descending: Bool)? {
        if !sortColumn.isEmpty {
            return columns.firstIndex { $0.field == sortColumn }.map { ($0, sortDescending) }
        }
        return state.sortColumn >= 0 && state.sortColumn < columns.count ? (state.sortColumn, state.descending) : nil
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
        let state = Self.state(e)
        if let target = RowCursor.target(of: key, from: state.cursor.index, count: rows.count, page: state.visibleRows) {
            return moveCursor(to: target, on: e, in: router)
        }
        switch key {
        case .up, .down, .pageUp, .pageDown, .home, .end:
            return []  // no rows
        case .enter:
            return rows.isEmpty ? [] : activate(on: e, in: router)
        case .character("s"):
            guard !columns.isEmpty else { return nil }
            let next = ((currentSort(state)?.column ?? -1) + 1) % columns.count
            return sort(next, descending: false, on: e, in: router)
        case .character("S"):
            guard !columns.isEmpty else { return nil }
            let sort = currentSort(state) ?? (0, true)
            return self.sort(sort.column, descending: !sort.descending, on: e, in: router)
        case .left, .right:
            // Sideways by a column, when the columns are wider than the table.
            guard state.contentWidth > e.box.width else { return nil }
            let starts = columns.indices.map { state.columnX($0) }
            if key == .right {
                state.shift = starts.first { $0 > state.shift } ?? state.shift
            } else {
                state.shift = starts.last { $0 < state.shift } ?? 0
            }
            state.shift = min(state.shift, max(0, state.contentWidth - e.box.width))
            router.needs.paint = true
            return []
        default:
            return nil
        }
    }

    func handlePress(_ mouse: MouseEvent, on e: Element, in router: PageInputRouter) -> [UIEvent]? {
        let state = Self.state(e)
        router.focus.focused = e
        router.needs.paint = true
        guard let origin = router.paintedOrigin(of: e) else { return [] }
        if mouse.y == origin.y {
            let x = mouse.x - origin.x + state.shift
            for i in columns.indices where x >= state.columnX(i) && x < state.columnX(i) + state.widths[i] {
                let sort = currentSort(state)
                return self.sort(i, descending: sort?.column == i ? !(sort?.descending ?? true) : false, on: e, in: router)
            }
            return []
        }
        let index = state.offset + mouse.y - origin.y - 1
        guard index >= 0, index < rows.count else { return [] }
        return moveCursor(to: index, on: e, in: router) + activate(on: e, in: router)
    }

    func scroll(_ e: Element, by delta: Int) {
        let state = Self.state(e)
        state.offset = min(max(0, state.offset.addingClamped(delta)), max(0, state.count - state.visibleRows))
        state.followSelection = false
    }

    func loadMoreDone(_ e: Element) { Self.state(e).reachBottom.rearm() }

    private func moveCursor(to index: Int, on e: Element, in router: PageInputRouter) -> [UIEvent] {
        let state = Self.state(e)
        state.cursor.index = index
        state.cursor.key = key.flatMap { rows.member($0, of: index) }
        state.followSelection = true
        state.keepSelectionInView()
        router.needs.paint = true
        guard state.cursor.needsReport else { return [] }
        state.cursor.noteReported(count: rows.count)
        return router.event(e, handler: onSelect, type: .select, detail: selectDetail(state.cursor))
    }

    /// `{index, key, row}`: `row` as before the cursor had keys, for pages written then.
    private func selectDetail(_ cursor: RowCursor) -> JSONValue {
        .object(["index": .number(Double(cursor.index)), "key": cursor.key ?? .null,
                 "row": cursor.index < rows.count ? rows[cursor.index] : .null])
    }

    private func activate(on e: Element, in router: PageInputRouter) -> [UIEvent] {
        let cursor = Self.state(e).cursor
        guard cursor.index < rows.count else { return [] }
        return router.event(e, handler: onActivate, type: .activate,
                            detail: .object(["index": .number(Double(cursor.index)), "key": cursor.key ?? .null,
                                             "item": rows[cursor.index]]))
    }

    private func sort(_ column: Int, descending: Bool, on e: Element, in router: PageInputRouter) -> [UIEvent] {
        let state = Self.state(e)
        state.sortColumn = column
        state.descending = descending
        router.needs.paint = true
        return router.event(e, handler: onSort, type: .sort,
                            detail: .object(["field": .string(columns[column].field), "descending": .bool(descending),
                                             "column": .number(Double(column))]))
    }
}

/// A Table's view: the first row shown, the current row, the column widths and sideways shift of the last layout,
/// the sort last asked for, and when to page.
final class TableState: WidgetState {
    var offset = 0
    var cursor = RowCursor()
    var visibleRows = 0
    var count = 0
    var widths: [Int] = []
    /// The columns' width with the gaps, and how far the view is shifted into it (Left/Right).
    var contentWidth = 0
    var shift = 0
    /// The sort the user last asked for, shown while the page binds no `sortColumn`.
    var sortColumn = -1
    var descending = false
    /// Whether the view should scroll to the selection (not after the wheel moved it away).
    var followSelection = true
    var reachBottom = ReachBottomRule()
    /// What the rows looked like at the last refresh, to tell that they changed (`TableProps.signature`).
    var signature: [JSONValue?] = []

    /// Where column `i` starts in the content.
    func columnX(_ i: Int) -> Int { widths.prefix(i).reduce(0, +) + i }

    func keepSelectionInView() {
        let selected = cursor.index
        if followSelection && visibleRows > 0 {
            if selected < offset { offset = selected }
            if selected >= offset + visibleRows { offset = selected - visibleRows + 1 }
        }
        offset = min(max(0, offset), max(0, count - visibleRows))
    }
}
