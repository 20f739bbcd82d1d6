import TerminiTemplate

/// `Tabs`: a strip of its `Tab`s' titles, a rule, and the selected tab's content. The strip is one Tab stop:
/// Left/Right (or a click on a title) switch at once and call `onSelect` with `detail.value`, the index; a new
/// `selected` from the page switches too. Every tab stays built, so a field keeps its text while another tab
/// shows, but only the shown one is laid out, painted and reachable with Tab.
extension TabsProps: StatefulWidget {
    static var traits: WidgetTraits { [.templateChildren, .focusable] }
    static var events: [WidgetEventDeclaration] {
        [WidgetEventDeclaration("onSelect", .select, when: "Left/Right on the strip, or a click on a title",
                                detail: "`{value}`: the new tab's index")]
    }
    static var keys: [WidgetKeyDeclaration] { [WidgetKeyDeclaration("Left / Right", "the previous / next tab")] }

    typealias State = ChoiceState

    func didMount(_ e: Element, in tree: Reconciler) { Self.state(e).start(.number(Double(selected))) }

    func didRefresh(_ e: Element, old: any WidgetBehavior, deep: Bool, configChanged: Bool, in tree: Reconciler) {
        Self.state(e).follow(.number(Double(selected)))
    }

    /// The tabs among the children, in order (anything else in the block is ignored).
    private func tabs(_ e: Element) -> [Element] { e.layoutChildren.filter { $0.widget is TabProps } }

    private func shownIndex(_ e: Element, count: Int) -> Int {
        let index = Self.state(e).shown.intValue ?? 0
        return min(max(0, index), max(0, count - 1))
    }

    func focusableChildren(of e: Element) -> [Element] {
        let all = tabs(e)
        guard !all.isEmpty else { return [] }
        return [all[shownIndex(e, count: all.count)]]
    }

    func layout(_ e: Element, in pass: LayoutPass, maxWidth: Int, maxHeight: Int, minWidth: Int) -> (Int, Int) {
        let all = tabs(e)
        let shown = shownIndex(e, count: all.count)
        let strip = titles(all).reduce(0) { $0 + TextWidth.of($1) + 3 }
        var width = min(maxWidth, strip), height = min(2, maxHeight)
        for (i, tab) in all.enumerated() {
            if i == shown {
                let (w, h) = pass.layout(tab, maxWidth: maxWidth, maxHeight: max(0, maxHeight - 2), minWidth: minWidth)
                tab.box.x = 0
                tab.box.y = 2
                width = max(width, w)
                height = min(maxHeight, 2 + h)
            } else {
                tab.box.width = 0
                tab.box.height = 0
            }
        }
        // A bounded box is filled: the strip's rule spans it and switching tabs does not change the width.
        if maxWidth < LayoutPass.unbounded { width = maxWidth }
        return (max(width, minWidth), height)
    }

    private func titles(_ tabs: [Element]) -> [String] { tabs.map { ($0.widget as? TabProps)?.title ?? "" } }

    /// Where each tab's label sits in the strip, in columns from the strip's left edge. A strip wider than the box
    /// starts from a later tab so that the shown one is always whole: `‹` says tabs are hidden on the left, `…`
    /// that the strip goes on past the right edge.
    private func strip(_ titles: [String], shown: Int, width: Int) -> (labels: [(index: Int, column: Int)], left: Bool, right: Bool) {
        let widths = titles.map { TextWidth.of($0) + 2 }
        func span(_ range: Range<Int>) -> Int { range.isEmpty ? 0 : widths[range].reduce(0, +) + range.count - 1 }
        var start = 0
        while start < shown && span(start..<(shown + 1)) + (start > 0 ? 1 : 0) > width { start += 1 }
        var labels: [(index: Int, column: Int)] = []
        var column = start > 0 ? 1 : 0
        for i in start..<titles.count {
            labels.append((i, column))
            column += widths[i] + 1
        }
        return (labels, start > 0, column - 1 > width)
    }

    func paint(_ e: Element, x: Int, y: Int, clip: CellRect, in pass: PaintPass) {
        let all = tabs(e)
        let shown = shownIndex(e, count: all.count)
        let names = titles(all)
        let layout = strip(names, shown: shown, width: e.box.width)
        let dim = CellStyle(attributes: .dim)
        if layout.left { pass.put("‹", x: x, y: y, style: dim, clip: clip) }
        for (n, label) in layout.labels.enumerated() {
            let isShown = label.index == shown
            let attributes: CellAttributes = isShown ? [.bold, .underline] : .dim
            let labelStyle = isShown && pass.isFocused(e) ? pass.focusStyle(of: e) : CellStyle(attributes: attributes)
            let column = x + label.column
            pass.put(" \(names[label.index]) ", x: column, y: y, style: labelStyle, clip: clip)
            if n < layout.labels.count - 1 { pass.put("│", x: column + TextWidth.of(names[label.index]) + 2, y: y, style: dim, clip: clip) }
        }
        if layout.right, e.box.width > 0 { pass.put("…", x: x + e.box.width - 1, y: y, style: dim, clip: clip) }
        pass.put(String(repeating: "─", count: max(0, e.box.width)), x: x, y: y + 1, style: CellStyle(attributes: .dim), clip: clip)
        if shown < all.count { pass.paint(all[shown], originX: x, originY: y, clip: clip) }
    }

    func handleKey(_ key: Key, on e: Element, in router: PageInputRouter) -> [UIEvent]? {
        let count = tabs(e).count
        guard count > 0 else { return nil }
        let current = shownIndex(e, count: count)
        switch key {
        case .left: return current > 0 ? show(current - 1, on: e, in: router) : []
        case .right: return current < count - 1 ? show(current + 1, on: e, in: router) : []
        default: return nil
        }
    }

    func handlePress(_ mouse: MouseEvent, on e: Element, in router: PageInputRouter) -> [UIEvent]? {
        router.focus.focused = e
        guard let origin = router.paintedOrigin(of: e), mouse.y == origin.y else { return [] }
        let names = titles(tabs(e))
        let shown = shownIndex(e, count: names.count)
        for label in strip(names, shown: shown, width: e.box.width).labels {
            let start = origin.x + label.column, end = start + TextWidth.of(names[label.index]) + 2
            if mouse.x >= start && mouse.x < end {
                return label.index == shown ? [] : show(label.index, on: e, in: router)
            }
        }
        return []
    }

    private func show(_ index: Int, on e: Element, in router: PageInputRouter) -> [UIEvent] {
        Self.state(e).pick(.number(Double(index)))
        router.needs.layout = true
        return router.event(e, handler: onSelect, type: .select, detail: .object(["value": .number(Double(index))]))
    }
}
