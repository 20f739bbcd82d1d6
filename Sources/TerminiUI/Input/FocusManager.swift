import TerminiTemplate

/// Which element has focus, the Tab order, and scrolling the focused element into view.
final class FocusManager {
    private let tree: Reconciler
    private let needs: FrameNeeds
    weak var focused: Element? {
        didSet { if oldValue !== focused { noteFocusChange(from: oldValue, to: focused) } }
    }
    /// The `.onBlur` and `.onFocus` events of focus changes, until the page hands them to its script.
    private var events: [UIEvent] = []

    /// The focus events any focusable widget gets from `.onFocus` and `.onBlur`.
    static let focusEvents = [
        WidgetEventDeclaration(".onFocus(_:)", .focus,
                               when: "it took the focus: Tab, a click, `this.focus(id)`, the page opening", detail: "`{id}`: its `.id`, or `null`"),
        WidgetEventDeclaration(".onBlur(_:)", .blur, when: "it lost the focus", detail: "`{id}`"),
    ]

    init(tree: Reconciler, needs: FrameNeeds) {
        self.tree = tree
        self.needs = needs
    }

    /// Focusable widgets in document order (and any widget with a tap handler), including those scrolled out of a
    /// ScrollView (Tab scrolls them into view); hidden subtrees are skipped. ListView rows count only while built.
    var order: [Element] {
        var order: [Element] = []
        Self.visitStops(under: tree.root) { order.append($0); return true }
        return order
    }

    /// Hands `visit` each Tab stop at or under `root` in document order, until it returns false; returns whether it
    /// went through them all. A stop is a focusable widget that takes the focus now, or one with a tap handler; a
    /// hidden or disabled subtree holds none.
    @discardableResult
    static func visitStops(under root: Element, _ visit: (Element) -> Bool) -> Bool {
        var stack: [Element] = [root]
        while let e = stack.popLast() {
            if e.hidden || e.lifecycle != .active || e.widget.isError { continue }
            // A disabled widget is skipped with everything in it.
            if e.decoration?.disabled == true || e.widget.isDisabled { continue }
            if (e.kind.isFocusable && e.widget.takesFocus(e)) || (e.node.isTappable && !e.kind.isFragment) {
                guard visit(e) else { return false }
            }
            stack.append(contentsOf: e.widget.focusableChildren(of: e).reversed())
        }
        return true
    }

    /// Whether a Tab stop lies inside `element` (not counting the element itself).
    static func holdsStop(_ element: Element) -> Bool {
        element.widget.focusableChildren(of: element).contains { !visitStops(under: $0) { _ in false } }
    }

    /// The focus events since the last call, the blur before the focus it led to.
    func takeEvents() -> [UIEvent] {
        defer { events.removeAll() }
        return events
    }

    /// Whatever moved the focus (Tab, a click, the script, the page opening), the widget that lost it hears `.onBlur`
    /// and the one that took it `.onFocus`, with `detail: {id}` (its `.id`, or null) and its dataset. A widget gone
    /// from the page is not told.
    private func noteFocusChange(from old: Element?, to new: Element?) {
        if let old, old.lifecycle == .active { old.widget.didLoseFocus(old, needs: needs) }
        if let old, old.lifecycle == .active, let handler = old.node.focusHandlers.onBlur {
            events.append(focusEvent(handler, type: .blur, on: old))
        }
        if let new, let handler = new.node.focusHandlers.onFocus {
            events.append(focusEvent(handler, type: .focus, on: new))
        }
    }

    private func focusEvent(_ handler: String, type: UIEventType, on e: Element) -> UIEvent {
        UIEvent(handler: handler, type: type, dataset: e.dataset,
                detail: .object(["id": e.elementId.map(JSONValue.string) ?? .null]), loc: e.node.loc,
                component: e.handlerOwner)
    }

    /// Where focus goes when a page opens: the first widget marked `.autoFocus()`, else the first focusable one in
    /// reading order that is not a scroll container holding a focusable widget (a form in an overflowing ScrollView
    /// opens ready to type in its first field, not on the ScrollView).
    func focusInitial() {
        let order = self.order
        // Scroll containers with a focusable widget inside: each focusable widget marks its scrollable ancestors.
        var holdingFocusable = Set<ObjectIdentifier>()
        for candidate in order {
            var e = candidate.parent
            while let ancestor = e {
                if ancestor.kind.traits.contains(.scrollable) { holdingFocusable.insert(ObjectIdentifier(ancestor)) }
                e = ancestor.parent
            }
        }
        guard let first = order.first(where: { $0.decoration?.autoFocus == true })
            ?? order.first(where: { !holdingFocusable.contains(ObjectIdentifier($0)) }) ?? order.first
        else { return }
        focused = first
        scrollIntoView(first)
    }

    func move(forward: Bool) {
        let order = self.order
        guard !order.isEmpty else { focused = nil; return }
        if let current = focused, let i = order.firstIndex(where: { $0 === current }) {
            focused = order[(i + (forward ? 1 : order.count - 1)) % order.count]
        } else {
            focused = forward ? order.first : order.last
        }
        if let focused { scrollIntoView(focused) }
    }

    /// The page's own scrolling.
    var pageScroll: PageScroll { tree.pageScroll }

    /// Scrolls every scrollable ancestor of `element`, and then the page, so that it is inside their viewports.
    func scrollIntoView(_ element: Element) {
        var top = element.box.y  // the element's top relative to the current ancestor's content origin
        var child = element
        var e = element.parent
        var insideScrollable = false
        while let ancestor = e {
            if ancestor.kind.traits.contains(.scrollable) {
                insideScrollable = true
                if ancestor.widget.reveal(element, top: top, via: child, in: ancestor) { needs.layout = true }
            }
            top += ancestor.box.y  // fragments sit at 0, except ListView rows, which sit at their row's offset
            child = ancestor
            e = ancestor.parent
        }
        // `top` is now on the page, with the page's own offset applied: back to page content rows.
        if !insideScrollable, tree.pageScroll.reveal(top: top + tree.pageScroll.offset, height: max(1, element.box.height)) {
            needs.layout = true
        }
    }

    /// The focused scroll container, the nearest one around `start` (or the focused widget), or, without a
    /// start, the first one on screen.
    func scrollTarget(near start: Element?, painted: PaintedRegions) -> Element? {
        var e = start ?? focused
        while let current = e {
            if current.kind.traits.contains(.scrollable) { return current }
            e = current.parent
        }
        if start != nil { return nil }
        return painted.first { $0.kind.traits.contains(.scrollable) }
    }
}
