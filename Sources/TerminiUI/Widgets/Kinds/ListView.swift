import DequeModule
import TerminiTemplate

/// `ListView`: a virtualized, scrollable list. Elements exist only for the rows layout asks for (the viewport plus a
/// margin) and, built while the UI is idle, the rows a page beyond that on each side, so a scroll by a line or a
/// page finds its rows built and laid out. When the items change by splices (what `setData` sends for an append, an
/// insert or a remove, and `spliceData`), only the spliced keys and the built rows are touched, so a change costs
/// the same in a list of a million rows as in one of a hundred. Any other change diffs the keys of all items, so
/// moves and state follow keys over the whole list.
///
/// The list is one Tab stop with a current row (`RowCursor`), which follows its key through changes; the keys that
/// move it scroll the view to it. Right moves the focus into the current row's own widgets, which are no Tab stops
/// of their own (a list of 500 rows with a button each would be 500 stops); Left, Up, Down or Esc come back.
extension ListViewProps: StatefulWidget, ItemsBinding {
    static var traits: WidgetTraits { [.templateChildren, .bindsItems, .virtualizesChildren, .focusable, .scrollable, .fillsHeight] }
    static var events: [WidgetEventDeclaration] {
        [WidgetEventDeclaration("onScroll", .scroll, when: "the visible rows changed, not for the first layout",
                                detail: "`{first, last}`: the indexes of the first and last visible rows"),
         WidgetEventDeclaration("onReachBottom", .reachBottom,
                                when: "the view is within `threshold` rows of the end ([DATA-FLOW.md](DATA-FLOW.md#paging))",
                                detail: "`{count}`: the rows the list has"),
         WidgetEventDeclaration("onSelect", .select,
                                when: "the current row moved: a key, a click, its row went; and once when the list first has a row",
                                detail: "`{index, key}`: the row's position and its `key` field's value (`null` without `key:`)"),
         WidgetEventDeclaration("onActivate", .activate, when: "Enter or a click on the current row; the row's own `.onTap` runs after it",
                                detail: "`{index, key, item}`: also the row's item")]
    }
    static var keys: [WidgetKeyDeclaration] {
        [WidgetKeyDeclaration("Up / Down, PageUp / PageDown, Home / End", "move the current row; the view follows"),
         WidgetKeyDeclaration("Enter", "activates the current row"),
         WidgetKeyDeclaration("Right / Left", "into the current row's widgets, then between them; Left from the first, Up, Down or Esc: back to the list")]
    }
    static var tabStop: String? { "with rows: one stop, however many rows" }

    /// Rows built beyond the viewport on each side, so short scrolls need no build.
    static let margin = 4

    typealias State = ListState

    var listBinding: ListBinding { ListBinding(keyField: key, itemName: item, indexName: index) }

    // MARK: Reconciling

    func itemsPatched(_ patch: DataPatch, on e: Element) {
        Self.state(e).record(patch, keyField: key)
    }

    /// Re-reads the items and brings the slots and built rows up to date: by the splices recorded since the last
    /// reconcile when there are only splices, or by diffing every key.
    func reconcileChildren(of e: Element, in tree: Reconciler, deep: Bool, configChanged: Bool, wasError: Bool) {
        let state = Self.state(e)
        let splices = state.pendingSplices
        state.pendingSplices = []
        var list = state.slots
        state.slots = ListSlots()  // one owner while it changes, so its arrays are not copied
        let (items, itemsPath) = tree.evaluateItems(e)
        // Read before the splices apply, not kept: a copy of the keys held across them would make the deque copy
        // all its keys (100,000 of them) when the splices change it.
        let wasEmpty = list.keys.isEmpty
        let keysChange = splices.map { Self.splicesChangeKeys($0, of: list.keys) } ?? true
        if !deep, !configChanged, !wasError, let splices, itemsPath != nil, itemsPath == list.itemsPath,
           let built = list.apply(splices, expectedCount: items.count, in: tree)
        {
            if !splices.isEmpty { tree.needs.layout = true }
            if keysChange { state.reachBottom.rowsChanged() }
            // The current row moves with rows spliced above it (an empty list has none: its first rows leave it at 0).
            if !wasEmpty { for s in splices { state.shiftCursor(by: s) } }
            let shown = Self.shownRows(of: e)
            var children: [Element] = []
            children.reserveCapacity(e.children.count)
            for (j, row, replaced) in built {
                // A row whose item a splice replaced (same key, maybe new values) is read again in full.
                tree.update(row, with: rowSpec(e, index: j, items: nil, itemsPath: itemsPath, keys: list.keys), deep: replaced)
                if shown.contains(ObjectIdentifier(row)) { children.append(row) }
            }
            list.builtRange = built.isEmpty ? 0..<0 : built[0].index..<(built[built.count - 1].index + 1)
            state.slots = list
            state.followCursor(after: splices)
            e.children = children
            return
        }
        let keys = ListSlots.keys(of: items, field: key ?? "")
        var newElements: Deque<Element?>
        tree.stats.keysDiffed += keys.count
        let diff = KeyedChildrenDiff(old: Array(list.keys), new: keys, oldKeysAreUnique: list.keysUnique)
        if diff.moves > 0 || !diff.removedOld.isEmpty || keys.count != list.keys.count || diff.oldIndexForNew.contains(-1)
            || !diff.duplicateKeys.isEmpty
        {
            newElements = Deque(repeating: nil, count: keys.count)
            if !diff.duplicateKeys.isEmpty {
                let names = diff.duplicateKeys.prefix(5).map(\.description).joined(separator: ", ")
                tree.report("duplicate keys among the items of ListView: \(names); matching by position", loc: e.node.loc)
            }
            tree.stats.moved += diff.moves
            for i in diff.removedOld { if let row = list.elements[i] { tree.deactivate(row) } }
            // Keys compared one by one (the diff already cost the length): duplicate keys alone are no change.
            if keys.count != list.keys.count || !keys.elementsEqual(list.keys) { state.reachBottom.rowsChanged() }
            for j in 0..<keys.count {
                let i = diff.oldIndexForNew[j]
                if i >= 0 { newElements[j] = list.elements[i] }
            }
            tree.needs.layout = true
        } else {
            newElements = list.elements
        }
        list.keysUnique = diff.duplicateKeys.isEmpty
        list.keys = Deque(keys)
        list.itemsPath = itemsPath
        list.elements = newElements
        // Rows that moved get their new index and path; rows whose item has no path get the new value.
        let shown = Self.shownRows(of: e)
        var children: [Element] = []
        var first = Int.max, last = -1
        for j in 0..<newElements.count {
            guard let row = newElements[j] else { continue }
            first = min(first, j)
            last = j
            tree.update(row, with: rowSpec(e, index: j, items: items, itemsPath: itemsPath, keys: list.keys), deep: deep)
            if shown.contains(ObjectIdentifier(row)) { children.append(row) }
        }
        list.builtRange = last >= 0 ? first..<(last + 1) : 0..<0
        state.slots = list
        state.followCursor()
        e.children = children
    }

    /// Whether splices change the keys: the count, or the keys of the items a splice replaced. A row replaced by
    /// one with the same key (an edit) does not change them, so it asks for no new page.
    private static func splicesChangeKeys(_ splices: [ItemsSplice], of keys: Deque<WidgetKey?>) -> Bool {
        for s in splices {
            guard s.removing == s.keys.count, s.index >= 0, s.index + s.removing <= keys.count else { return true }
            for (j, key) in s.keys.enumerated() where keys[s.index + j] != key { return true }
        }
        return false
    }

    /// The rows the last layout placed: the children. Rows built ahead are not among them until a layout places
    /// them, so nothing paints, hits or focuses a row at a position no layout gave it.
    private static func shownRows(of e: Element) -> Set<ObjectIdentifier> {
        Set(e.children.lazy.map { ObjectIdentifier($0) })
    }

    private func rowSpec(_ e: Element, index: Int, items: JSONArray?, itemsPath: DataPath?, keys: Deque<WidgetKey?>) -> ChildSpec {
        let path = itemsPath.map { DataPath($0.components + [.index(index)]) }
        let value: JSONValue = path == nil ? (items.flatMap { index < $0.count ? $0[index] : nil } ?? .null) : .null
        return ChildSpec(node: e.node.itemNode, key: keys[index],
                         binding: ItemBinding(itemName: item, value: value, path: path, indexName: self.index, index: index))
    }

    /// Builds the rows in `range` that are not built yet and makes them the children; keeps the built rows a page
    /// beyond it on each side (rows built ahead, for the next scrolls), which become the window to build ahead, and
    /// removes the others.
    private func ensureRows(_ e: Element, range: Range<Int>, page: Int, in tree: Reconciler) {
        let state = Self.state(e)
        var list = state.slots
        state.slots = ListSlots()
        let wanted = range.clamped(to: 0..<list.count)
        let keep = (range.lowerBound - page)..<(range.upperBound + page)
        let previouslyBuilt = list.builtRange.clamped(to: 0..<list.elements.count)
        list.builtRange = 0..<0
        for i in previouslyBuilt {
            guard let row = list.elements[i] else { continue }
            if keep.contains(i) {
                list.noteBuilt(i)
            } else {
                tree.deactivate(row)
                list.elements[i] = nil
            }
        }
        var items: JSONArray?
        for i in wanted where list.elements[i] == nil { _ = inflateRow(e, at: i, in: &list, items: &items, tree: tree) }
        e.children = wanted.compactMap { list.elements[$0] }
        state.shown = wanted
        state.ahead = keep.clamped(to: 0..<list.count)
        state.slots = list
        tree.finishPass()
    }

    /// Builds the unbuilt rows of the window the last layout chose, below the shown rows first (the way scrolls
    /// mostly go), and lays each out at the width rows had, so the scroll that shows it reuses its size.
    func buildAhead(_ e: Element, in pass: LayoutPass, budget: inout Int) -> Bool {
        let state = Self.state(e)
        guard let window = state.ahead else { return false }
        var list = state.slots
        state.slots = ListSlots()
        let ahead = window.clamped(to: 0..<list.count)
        let shown = state.shown.clamped(to: ahead)
        var items: JSONArray?
        // False once the budget is spent with this row still to build.
        func build(_ i: Int) -> Bool {
            guard list.elements[i] == nil else { return true }
            guard budget > 0 else { return false }
            pass.layoutRow(inflateRow(e, at: i, in: &list, items: &items, tree: pass.tree), maxWidth: state.rowWidth)
            budget -= 1
            return true
        }
        let done = (shown.upperBound..<ahead.upperBound).allSatisfy(build)
            && (ahead.lowerBound..<shown.lowerBound).reversed().allSatisfy(build)
        state.slots = list
        pass.tree.finishPass()
        if done { state.ahead = nil }
        return !done
    }

    /// Mounts the row at `i` into `list`; `items` holds the evaluated items once a row needed them (when they are
    /// not a plain path, rows take their values from them).
    private func inflateRow(_ e: Element, at i: Int, in list: inout ListSlots, items: inout JSONArray?,
                            tree: Reconciler) -> Element {
        if list.itemsPath == nil && items == nil { items = tree.evaluateItems(e).0 }
        let row = tree.inflate(rowSpec(e, index: i, items: items, itemsPath: list.itemsPath, keys: list.keys), parent: e)
        list.elements[i] = row
        list.noteBuilt(i)
        return row
    }

    // MARK: Layout and paint

    /// Builds the rows from the scroll offset (an item index) that fill the viewport, plus a margin on each side,
    /// and stacks them; rows above the offset get negative positions and are clipped.
    func layout(_ e: Element, in pass: LayoutPass, maxWidth: Int, maxHeight: Int, minWidth: Int) -> (Int, Int) {
        let state = Self.state(e)
        let count = state.slots.count
        let viewport = maxHeight >= LayoutPass.unbounded ? min(count, LayoutPass.unboundedScrollHeight) : maxHeight
        // A key moved the current row: the view follows it (rows are a line at least, so this shows it or
        // leaves it below, which the check after placing the rows fixes).
        let revealing = state.revealCursor && count > 0
        if revealing {
            let current = min(state.cursor.index, count - 1)
            if current < state.offset { state.offset = current }
            else if current >= state.offset + viewport { state.offset = current - max(1, viewport) + 1 }
        }
        state.offset = max(0, min(state.offset, max(0, count - max(1, viewport / max(1, averageRowHeight(e))))))
        let start = max(0, state.offset - Self.margin)
        // Build a first guess of rows (one line each), then more if rows turn out shorter than guessed.
        var end = min(count, state.offset + viewport + Self.margin)
        // Built rows a page beyond the margins stay built; the idle loop builds the rest of that window.
        let page = max(viewport, 1)
        ensureRows(e, range: start..<end, page: page, in: pass.tree)
        state.rowWidth = maxWidth
        var w = 0
        while true {
            var y = 0
            // Rows before the offset sit above the viewport.
            var i = state.offset - 1
            while i >= start {
                if let row = state.slots.elements[i] {
                    let (_, rh) = pass.layoutRow(row, maxWidth: maxWidth)
                    y -= rh
                    row.box.x = 0; row.box.y = y
                }
                i -= 1
            }
            y = 0
            for j in state.offset..<max(state.offset, end) {
                guard let row = state.slots.elements[j] else { continue }
                let (rw, rh) = pass.layoutRow(row, maxWidth: maxWidth)
                row.box.x = 0; row.box.y = y
                y += rh
                w = max(w, rw)
            }
            if y < viewport && end < count {
                // Rows were shorter than the viewport needs: build more.
                end = min(count, end + max(1, viewport - y) + Self.margin)
                ensureRows(e, range: start..<end, page: page, in: pass.tree)
                continue
            }
            break
        }
        if revealing {
            state.revealCursor = false
            // The current row still ends below the view (rows of several lines): move down by the rows it takes.
            let current = min(state.cursor.index, count - 1)
            if current > state.offset, let row = state.slots.elements[current], row.box.y + row.box.height > viewport {
                var over = row.box.y + row.box.height - viewport, offset = state.offset
                while over > 0, offset < current {
                    over -= max(1, state.slots.elements[offset]?.box.height ?? 1)
                    offset += 1
                }
                state.offset = offset
                return layout(e, in: pass, maxWidth: maxWidth, maxHeight: maxHeight, minWidth: minWidth)
            }
        }
        pass.requestBuildAhead(e)
        reportVisibleRange(e, state: state, viewport: viewport, in: pass)
        return (maxWidth >= LayoutPass.unbounded ? w : maxWidth, viewport)
    }

    /// `onScroll` when the visible range changed since the last layout, `onReachBottom` by `ReachBottomRule` when
    /// the last visible row is within `threshold` rows of the end, and `onSelect` when the current row is not the
    /// one last reported (the list's first row, or another because its row went).
    private func reportVisibleRange(_ e: Element, state: ListState, viewport: Int, in pass: LayoutPass) {
        let count = state.slots.count
        var last = state.offset - 1, y = 0
        var j = state.offset
        while j < count, y < viewport, let row = state.slots.elements[j] {
            y += max(1, row.box.height)
            last = j
            j += 1
        }
        let range = count == 0 ? nil : state.offset...max(state.offset, last)
        if let onScroll, let range, let previous = state.reportedRange, previous != range {
            pass.emit(UIEvent(handler: onScroll, type: .scroll, dataset: e.dataset,
                              detail: .object(["first": .number(Double(range.lowerBound)), "last": .number(Double(range.upperBound))]),
                              loc: e.node.loc, component: e.handlerOwner))
        }
        state.reportedRange = range
        state.visibleRows = max(1, last - state.offset + 1)
        if state.cursor.needsReport {
            if count > 0, let onSelect {
                pass.emit(UIEvent(handler: onSelect, type: .select, dataset: e.dataset, detail: state.cursor.detail,
                                  loc: e.node.loc, component: e.handlerOwner))
            }
            state.cursor.noteReported(count: count)
        }
        let atEnd = count > 0 && last >= count - 1 - max(0, threshold)
        if state.reachBottom.shouldFire(atEnd: atEnd), let onReachBottom {
            pass.emit(UIEvent(handler: onReachBottom, type: .reachBottom, dataset: e.dataset,
                              detail: .object(["count": .number(Double(count))]), loc: e.node.loc,
                              component: e.handlerOwner))
        }
    }

    func unbuiltRow(holdingId id: String, in e: Element, tree: Reconciler) -> Int? {
        tree.firstItem(ofList: e, holdingId: id, itemName: item, indexName: index)
    }

    /// Scrolls so that the item with `key` (or at `index`) is the first visible row.
    func scrollTo(_ e: Element, key: JSONValue?, index: Int?) throws(ScrollToError) {
        let state = Self.state(e)
        let target: Int
        if let key {
            guard let i = state.slots.keys.firstIndex(of: .value(key)) else {
                throw ScrollToError("no row of the list has the key \(key.serialized())")
            }
            target = i
        } else if let index {
            guard index >= 0, index < state.slots.count else {
                throw ScrollToError("index \(index) is outside the list's \(state.slots.count) rows")
            }
            target = index
        } else {
            throw ScrollToError("scrollTo needs a 'key' or an 'index'")
        }
        state.offset = target
    }

    private func averageRowHeight(_ e: Element) -> Int {
        var total = 0, n = 0
        for row in e.children { total += row.box.height; n += 1 }
        return n == 0 ? 1 : max(1, total / n)
    }

    func paint(_ e: Element, x: Int, y: Int, clip: CellRect, in pass: PaintPass) {
        let state = Self.state(e)
        for row in e.children {
            pass.paintChildren(row.layoutChildren, originX: x + row.box.x, originY: y + row.box.y, clip: clip)
        }
        if pass.isFocused(e), let row = state.currentRow, e.children.contains(where: { $0 === row }) {
            pass.selected(CellRect(x: x, y: y + row.box.y, width: e.box.width, height: max(1, row.box.height)).intersection(clip), of: e)
        }
        // Focus that left the current row's widgets (Tab, a click elsewhere) leaves the row too.
        if state.enteredRow, !(pass.focused.map { Self.row(containing: $0, in: e) != nil } ?? false) {
            state.enteredRow = false
        }
        pass.scrollIndicator(for: e, x: x, y: y, offset: state.offset, viewport: e.box.height, total: state.slots.count, clip: clip)
    }

    // MARK: Input

    /// Up/Down/PageUp/PageDown/Home/End move the current row, Enter activates it, Right moves into its widgets.
    func handleKey(_ key: Key, on e: Element, in router: PageInputRouter) -> [UIEvent]? {
        let state = Self.state(e)
        let count = state.slots.count
        guard count > 0 else { return nil }
        state.enteredRow = false
        if let target = RowCursor.target(of: key, from: min(state.cursor.index, count - 1), count: count,
                                         page: state.visibleRows) {
            // A page key turns the page: the view moves by a page too, so the current row keeps its place in it.
            if key == .pageDown || key == .pageUp {
                state.offset = max(0, state.offset + target - min(state.cursor.index, count - 1))
            }
            return moveCursor(to: target, on: e, in: router)
        }
        switch key {
        case .enter:
            return activate(on: e, in: router)
        case .right:
            guard let row = state.currentRow, let first = Self.stops(in: row).first else { return nil }
            state.enteredRow = true
            router.moveFocus(to: first)
            return []
        default:
            return nil
        }
    }

    /// From a widget in the current row: Left/Right go to the row's previous/next widget (Left from the first back
    /// to the list), Esc comes back, and the keys that move the current row come back and move it.
    func handleKey(_ key: Key, from focused: Element, on e: Element, in router: PageInputRouter) -> [UIEvent]? {
        let state = Self.state(e)
        guard let row = Self.row(containing: focused, in: e) else { return nil }
        switch key {
        case .left, .right:
            let stops = Self.stops(in: row)
            guard let i = stops.firstIndex(where: { $0 === focused }) else { return nil }
            if key == .right {
                if i + 1 < stops.count { router.moveFocus(to: stops[i + 1]) }
            } else if i > 0 {
                router.moveFocus(to: stops[i - 1])
            } else {
                state.enteredRow = false
                router.moveFocus(to: e)
            }
            return []
        case .escape:
            state.enteredRow = false
            router.moveFocus(to: e)
            return []
        case .up, .down, .pageUp, .pageDown, .home, .end:
            router.moveFocus(to: e)
            return handleKey(key, on: e, in: router)
        default:
            return nil
        }
    }

    /// A click on a row that no widget in it took: the row becomes current and is activated.
    func handlePress(_ mouse: MouseEvent, on e: Element, in router: PageInputRouter) -> [UIEvent]? {
        let state = Self.state(e)
        router.focus.focused = e
        router.needs.paint = true
        state.enteredRow = false
        guard let origin = router.paintedOrigin(of: e) else { return [] }
        let y = mouse.y - origin.y
        guard let row = e.children.first(where: { y >= $0.box.y && y < $0.box.y + max(1, $0.box.height) }),
              let index = Self.index(of: row, in: state.slots)
        else { return [] }
        return moveCursor(to: index, on: e, in: router) + activate(on: e, in: router)
    }

    /// A click that a row's `.onTap` or one of its widgets took also makes the row current: a tap activates it
    /// (before the row's handlers run) and focuses the list; a widget keeps the focus it took.
    func descendantPressed(_ hit: Element, tapped: Bool, on e: Element, in router: PageInputRouter) -> [UIEvent] {
        let state = Self.state(e)
        guard let row = Self.row(containing: hit, in: e), let index = Self.index(of: row, in: state.slots) else { return [] }
        let moved = moveCursor(to: index, on: e, in: router)
        guard tapped else {
            state.enteredRow = true
            return moved
        }
        state.enteredRow = false
        router.focus.focused = e
        return moved + activateEvent(on: e, in: router)
    }

    /// Makes the row at `index` current, scrolls it into view, and reports it with `onSelect` when it changed.
    private func moveCursor(to index: Int, on e: Element, in router: PageInputRouter) -> [UIEvent] {
        let state = Self.state(e)
        state.cursor.index = index
        state.cursor.key = state.slots.keys[index].flatMap(\.jsonValue)
        state.revealCursor = true
        router.needs.layout = true
        guard state.cursor.needsReport else { return [] }
        state.cursor.noteReported(count: state.slots.count)
        return router.event(e, handler: onSelect, type: .select, detail: state.cursor.detail)
    }

    /// Enter on the list: `onActivate`, then the current row's own `.onTap` handlers (as a click on it would run).
    private func activate(on e: Element, in router: PageInputRouter) -> [UIEvent] {
        let state = Self.state(e)
        var events = activateEvent(on: e, in: router)
        if let row = state.currentRow, let top = row.layoutChildren.first, top.node.onTap != nil || top.node.catchTap != nil {
            events += router.tap(from: top)
        }
        return events
    }

    private func activateEvent(on e: Element, in router: PageInputRouter) -> [UIEvent] {
        let state = Self.state(e)
        let index = state.cursor.index
        guard index < state.slots.count else { return [] }
        var item: JSONValue = .null
        if let path = state.slots.itemsPath {
            item = router.value(at: DataPath(path.components + [.index(index)])) ?? .null
        } else if let binding = state.currentRow?.itemBinding {
            item = binding.value
        }
        return router.event(e, handler: onActivate, type: .activate,
                            detail: .object(["index": .number(Double(index)), "key": state.cursor.key ?? .null, "item": item]))
    }

    /// The row (a child of the list) that holds `element`, nil when it is not inside a row of `e`.
    private static func row(containing element: Element, in e: Element) -> Element? {
        var current = element
        while let parent = current.parent {
            if parent === e { return current }
            current = parent
        }
        return nil
    }

    /// The row's index, checked against its slot.
    private static func index(of row: Element, in slots: ListSlots) -> Int? {
        guard let i = row.itemBinding?.index, i >= 0, i < slots.elements.count, slots.elements[i] === row else { return nil }
        return i
    }

    /// The widgets in a row that Right and Left go through, in reading order: what would be Tab stops, except the
    /// row's own top widget when it is only tappable (Enter on the list taps it already).
    private static func stops(in row: Element) -> [Element] {
        var stops: [Element] = []
        let tops = Set(row.layoutChildren.map(ObjectIdentifier.init))
        var stack: [Element] = [row]
        while let e = stack.popLast() {
            if e.hidden || e.lifecycle != .active || e.widget.isError || e.isDisabled { continue }
            if e.kind.isFocusable && e.widget.takesFocus(e) { stops.append(e) }
            else if e.node.isTappable && !e.kind.isFragment && !tops.contains(ObjectIdentifier(e)) { stops.append(e) }
            stack.append(contentsOf: e.widget.focusableChildren(of: e).reversed())
        }
        return stops
    }

    /// One Tab stop while it has rows.
    func takesFocus(_ e: Element) -> Bool { Self.state(e).slots.count > 0 }

    /// The rows' widgets are no Tab stops, except the current row's after Right moved into it, so that Tab goes on
    /// from there.
    func focusableChildren(of e: Element) -> [Element] {
        let state = Self.state(e)
        guard state.enteredRow, let row = state.currentRow else { return [] }
        return [row]
    }

    /// `this.focus(id)` of a widget in a row: that row becomes current, with its widgets in the Tab order.
    func willFocus(_ descendant: Element, on e: Element) -> Bool {
        let state = Self.state(e)
        guard let row = Self.row(containing: descendant, in: e), let index = Self.index(of: row, in: state.slots) else { return false }
        state.cursor.index = index
        state.cursor.key = state.slots.keys[index].flatMap(\.jsonValue)
        state.enteredRow = true
        state.revealCursor = true
        return true
    }

    /// `this.loadMoreDone()`: the page asks for `onReachBottom` again at the end.
    func loadMoreDone(_ e: Element) {
        Self.state(e).reachBottom.rearm()
    }

    func isScrolledToTop(_ e: Element) -> Bool { Self.state(e).offset == 0 }

    func scroll(_ e: Element, by delta: Int) {
        let state = Self.state(e)
        state.offset = min(max(0, state.offset.addingClamped(delta)), max(0, state.slots.count - 1))
    }

    func reveal(_ target: Element, top: Int, via child: Element, in e: Element) -> Bool {
        let state = Self.state(e)
        // The row's own index, checked against its slot: a search of every slot would cost the list's length.
        let slots = state.slots
        guard let row = child.itemBinding.map(\.index).flatMap({ i in i >= 0 && i < slots.elements.count && slots.elements[i] === child ? i : nil })
            ?? slots.builtRange.clamped(to: 0..<slots.elements.count).first(where: { slots.elements[$0] === child })
        else { return false }
        guard top < 0 || top + target.box.height > e.box.height else { return false }
        state.offset = top < 0 ? row : max(0, row - max(0, e.box.height - 1))
        return true
    }
}

/// A ListView's scroll position and slots.
final class ListState: ScrollState {
    @exclusivity(unchecked) var slots = ListSlots()

    override func dataMoved(_ moved: (DataPath) -> DataPath) {
        if let itemsPath = slots.itemsPath { slots.itemsPath = moved(itemsPath) }
    }

    override func childLeft(_ child: Element) { slots.removeElement(child) }

    override func heldElements(besides children: [Element]) -> [Element] {
        slots.elements.compactMap { row in row.flatMap { row in children.contains { $0 === row } ? nil : row } }
    }
    /// The splices of the items array since the last reconcile, in order; nil once some other change reached the
    /// array (a new array, a key changed inside an item), so the next reconcile diffs every key.
    var pendingSplices: [ItemsSplice]? = []

    /// Records a patch that reached the items array: a splice of it, or one item replaced (a splice of one item
    /// whose element is kept when its key stays).
    func record(_ patch: DataPatch, keyField: String?) {
        guard var log = pendingSplices, let itemsPath = slots.itemsPath else { return }
        pendingSplices = nil  // one owner while it grows
        let field = keyField ?? ""
        switch patch.change {
        case .splice(let index, let removing, let inserting) where patch.path == itemsPath:
            log.append(ItemsSplice(index: index, removing: removing, keys: ListSlots.keys(of: inserting, field: field)))
        case .set(let value) where patch.path.components.count == itemsPath.components.count + 1
            && itemsPath.isPrefix(of: patch.path):
            guard case .index(let i)? = patch.path.components.last else { return }
            log.append(ItemsSplice(index: i, removing: 1, keys: [ListSlots.key(of: value, field: field)]))
        default:
            return
        }
        pendingSplices = log
    }

    /// The rows the last layout built and placed (the children): the viewport plus the margins.
    var shown: Range<Int> = 0..<0
    /// The rows to keep built and to build while the UI is idle (nil once all are built), and the width rows are laid
    /// out at.
    var ahead: Range<Int>?
    var rowWidth = 0

    /// The visible range last reported (or seen, before the first report), and how many rows it holds.
    var reportedRange: ClosedRange<Int>?
    var visibleRows = 1
    /// When `onReachBottom` fires.
    var reachBottom = ReachBottomRule()

    /// The current row; `revealCursor` asks the next layout to scroll to it.
    var cursor = RowCursor()
    var revealCursor = false
    /// Whether the focus went into the current row's widgets (Right), which are then in the Tab order.
    var enteredRow = false

    /// The current row's element, when it is built.
    var currentRow: Element? {
        cursor.index < slots.elements.count ? slots.elements[cursor.index] : nil
    }

    /// Moves the current row's index with a splice above it, so that finding its key again costs nothing.
    func shiftCursor(by s: ItemsSplice) {
        if cursor.index >= s.index + s.removing { cursor.index += s.keys.count - s.removing }
    }

    /// Keeps the current row on its key after the items changed: where the key is now (searched outwards from the
    /// row's index, so a change k rows away costs k), or, when its row went, the row now at its index. After
    /// `splices` (which `shiftCursor` already followed) the search goes only as far as they changed rows, unless
    /// they inserted the key again elsewhere: removing the current row of 100,000 then costs the splice, not the list.
    func followCursor(after splices: [ItemsSplice]? = nil) {
        let keys = slots.keys
        guard !keys.isEmpty else {
            cursor.index = 0
            cursor.key = nil
            return
        }
        if let key = cursor.key {
            let wanted = WidgetKey.value(key)
            let start = min(max(0, cursor.index), keys.count - 1)
            var limit = keys.count
            if let splices, !splices.contains(where: { $0.keys.contains(wanted) }) {
                limit = splices.reduce(1) { $0 + $1.removing + $1.keys.count }
            }
            var distance = 0
            while distance <= limit, start - distance >= 0 || start + distance < keys.count {
                if start + distance < keys.count, keys[start + distance] == wanted { cursor.index = start + distance; return }
                if distance > 0, start - distance >= 0, keys[start - distance] == wanted { cursor.index = start - distance; return }
                distance += 1
            }
        }
        cursor.index = min(max(0, cursor.index), keys.count - 1)
        cursor.key = keys[cursor.index].flatMap(\.jsonValue)
    }

    override func reset(_ element: Element, in tree: Reconciler) {
        for case let row? in slots.elements { tree.deactivate(row) }
        slots = ListSlots()
        pendingSplices = nil
        shown = 0..<0
        ahead = nil
        element.children = []
    }
}

/// One splice of a list's items, as far as the list's slots care: where, how many removed, the inserted keys.
struct ItemsSplice {
    var index: Int
    var removing: Int
    var keys: [WidgetKey?]
}

/// A ListView's items: the key of every item (so reorders are diffed over the whole list) and elements only for
/// the items that are built (visible plus a margin). Both are deques, so that a splice near either end moves only
/// the slots on its shorter side (at a million rows, arrays moved 32 MB to remove the first row).
struct ListSlots {
    var keys: Deque<WidgetKey?> = []
    /// Whether `keys` has no duplicates (see `KeyedChildrenDiff.init(old:new:oldKeysAreUnique:)`).
    var keysUnique = true
    var elements: Deque<Element?> = []
    /// Built range from the last layout, to dispose rows that scrolled away.
    var builtRange: Range<Int> = 0..<0
    /// Absolute path of the items array when the items expression is a plain path; item paths hang off it.
    var itemsPath: DataPath?
    var count: Int { keys.count }

    /// Widens `builtRange` to cover a row just built at `i`.
    mutating func noteBuilt(_ i: Int) {
        builtRange = builtRange.isEmpty ? i..<(i + 1) : min(builtRange.lowerBound, i)..<max(builtRange.upperBound, i + 1)
    }

    mutating func removeElement(_ element: Element) {
        for i in builtRange where i < elements.count && elements[i] === element { elements[i] = nil }
    }

    /// The key of an item: the value of its `field` member, when it is an object that has one.
    static func key(of item: JSONValue, field: String) -> WidgetKey? {
        if !field.isEmpty, case .object(let o) = item, let k = o[field] { return .value(k) }
        return nil
    }

    /// The key of every item, reading only that member of packed rows.
    static func keys(of items: JSONArray, field: String) -> [WidgetKey?] {
        var keys = [WidgetKey?](repeating: nil, count: items.count)
        if !field.isEmpty { items.forEachMember(field) { i, k in keys[i] = k.map { .value($0) } } }
        return keys
    }

    /// Applies `splices` to the keys and slots and returns the built rows with their new indexes, in order, and
    /// whether a splice replaced the row's item; nil (and nothing changed) when the splices do not lead to
    /// `expectedCount` items, so the caller diffs in full.
    ///
    /// An item removed and inserted again with the same key by the same splices (one item replaced by itself, two
    /// items swapped) counts as a move, and its row, when built, moves there and keeps its state. Other rows whose
    /// items were removed are deactivated.
    mutating func apply(_ splices: [ItemsSplice], expectedCount: Int,
                        in tree: Reconciler) -> [(index: Int, element: Element, replaced: Bool)]? {
        var count = keys.count
        for s in splices {
            guard s.index >= 0, s.removing >= 0, s.index <= count - s.removing else { return nil }
            count += s.keys.count - s.removing
        }
        guard count == expectedCount else { return nil }
        var built: [(index: Int, element: Element, replaced: Bool)] = []
        for i in builtRange where i < elements.count { if let row = elements[i] { built.append((i, row, false)) } }
        // Keys the batch removed (with the row that showed them, when built) and keys it inserted (at their index
        // as of the splices so far): a key in both is an item that moved.
        var removedKeys: [WidgetKey: Element?] = [:]
        var inserted: [(index: Int, key: WidgetKey)] = []
        var orphans: [Element] = []
        func shifted(_ i: Int, by s: ItemsSplice) -> Int? {
            if i < s.index { return i }
            if i < s.index + s.removing { return nil }
            return i + s.keys.count - s.removing
        }
        for s in splices {
            let removed = s.index..<(s.index + s.removing)
            let insertedHere = s.removing > 0 && !inserted.isEmpty ? Set(inserted.map(\.index)) : []
            for i in removed {
                if let key = keys[i], !insertedHere.contains(i) {
                    if let previous = removedKeys.updateValue(elements[i], forKey: key), let row = previous { orphans.append(row) }
                } else if let row = elements[i] {
                    orphans.append(row)
                }
            }
            built = built.compactMap { entry in shifted(entry.index, by: s).map { ($0, entry.element, entry.replaced) } }
            inserted = inserted.compactMap { entry in shifted(entry.index, by: s).map { ($0, entry.key) } }
            keys.replaceSubrange(removed, with: s.keys)
            elements.replaceSubrange(removed, with: repeatElement(nil, count: s.keys.count))
            for (j, key) in s.keys.enumerated() { if let key { inserted.append((s.index + j, key)) } }
            if !s.keys.isEmpty { keysUnique = false }  // not checked here: the next full diff checks them
        }
        if !removedKeys.isEmpty {
            var placed = false
            for (index, key) in inserted {
                guard let row = removedKeys.removeValue(forKey: key) else { continue }
                tree.stats.moved += 1
                if let row {
                    elements[index] = row
                    built.append((index, row, true))
                    placed = true
                }
            }
            if placed { built.sort { $0.index < $1.index } }
        }
        for case let row? in removedKeys.values { orphans.append(row) }
        for row in orphans where row.lifecycle == .active { tree.deactivate(row) }
        return built
    }
}
