import TerminiTemplate

/// `Collapsible`: a title row, `▾ title` open or `▸ title` folded, and its content indented two columns below it
/// while open. The title is one Tab stop; Enter, Space or a click switch it, Left folds and Right opens, each calling
/// `onToggle` with the new `collapsed` in `detail.value`. Folded content stays built (a field keeps its text) but is
/// not laid out, painted or reachable with Tab.
extension CollapsibleProps: StatefulWidget {
    static var traits: WidgetTraits { [.templateChildren, .focusable] }
    static var events: [WidgetEventDeclaration] {
        [WidgetEventDeclaration("onToggle", .toggle, when: "Enter, Space or a click on the title; Left when open, Right when folded",
                                detail: "`{value}`: the **new** `collapsed`, a boolean")]
    }
    static var keys: [WidgetKeyDeclaration] {
        [WidgetKeyDeclaration("Enter, Space", "folds or opens it"), WidgetKeyDeclaration("Left / Right", "folds / opens it")]
    }

    /// The shown state follows the page's `collapsed` and the user's own switches, as a Tabs' selection does.
    typealias State = ChoiceState

    /// Content sits this many columns right of the title's arrow.
    static let indent = 2

    func didMount(_ e: Element, in tree: Reconciler) { Self.state(e).start(.bool(collapsed)) }

    func didRefresh(_ e: Element, old: any WidgetBehavior, deep: Bool, configChanged: Bool, in tree: Reconciler) {
        Self.state(e).follow(.bool(collapsed))
    }

    private func isFolded(_ e: Element) -> Bool { Self.state(e).shown.boolValue ?? collapsed }

    func focusableChildren(of e: Element) -> [Element] { isFolded(e) ? [] : e.layoutChildren }

    func layout(_ e: Element, in pass: LayoutPass, maxWidth: Int, maxHeight: Int, minWidth: Int) -> (Int, Int) {
        let titleWidth = min(maxWidth, 2 + TextWidth.of(title))
        guard maxHeight > 1 else { return (max(titleWidth, minWidth), min(1, maxHeight)) }
        if isFolded(e) {
            for child in e.layoutChildren { child.box.width = 0; child.box.height = 0 }
            return (max(titleWidth, minWidth), 1)
        }
        let innerWidth = max(0, maxWidth - Self.indent)
        let (w, h) = pass.flex(e.layoutChildren, vertical: true, maxW: innerWidth, maxH: maxHeight - 1,
                               offsetX: Self.indent, offsetY: 1, minCross: max(0, minWidth - Self.indent), childMinCross: 0)
        return (max(titleWidth, min(maxWidth, w + Self.indent), minWidth), min(maxHeight, 1 + h))
    }

    func paint(_ e: Element, x: Int, y: Int, clip: CellRect, in pass: PaintPass) {
        let folded = isFolded(e)
        let style = pass.focusStyle(CellStyle(attributes: .bold), of: e)
        pass.put(TextFit.truncate((folded ? "▸ " : "▾ ") + title, width: e.box.width), x: x, y: y, style: style, clip: clip)
        if !folded { pass.paintChildren(e.layoutChildren, originX: x, originY: y, clip: clip) }
    }

    func handleKey(_ key: Key, on e: Element, in router: PageInputRouter) -> [UIEvent]? {
        let folded = isFolded(e)
        switch key {
        case .enter, .space: return fold(!folded, on: e, in: router)
        case .left: return folded ? nil : fold(true, on: e, in: router)
        case .right: return folded ? fold(false, on: e, in: router) : nil
        default: return nil
        }
    }

    func handlePress(_ mouse: MouseEvent, on e: Element, in router: PageInputRouter) -> [UIEvent]? {
        router.focus.focused = e
        guard let origin = router.paintedOrigin(of: e), mouse.y == origin.y else { return [] }
        return fold(!isFolded(e), on: e, in: router)
    }

    private func fold(_ folded: Bool, on e: Element, in router: PageInputRouter) -> [UIEvent] {
        Self.state(e).pick(.bool(folded))
        router.needs.layout = true
        return router.event(e, handler: onToggle, type: .toggle, detail: .object(["value": .bool(folded)]))
    }
}
