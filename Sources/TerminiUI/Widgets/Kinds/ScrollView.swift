/// `ScrollView`: content that scrolls vertically when taller than its box. Focusable, so arrows and PageUp/PageDown
/// reach it; Tab onto a widget inside scrolls that widget into view.
extension ScrollViewProps: StatefulWidget {
    static var traits: WidgetTraits { [.templateChildren, .focusable, .scrollable, .fillsHeight] }
    static var keys: [WidgetKeyDeclaration] {
        [WidgetKeyDeclaration("Up / Down, PageUp / PageDown, Home / End", "scroll")]
    }
    static var tabStop: String? { "while its content overflows and holds no focusable widget" }

    typealias State = ScrollState

    func layout(_ e: Element, in pass: LayoutPass, maxWidth: Int, maxHeight: Int, minWidth: Int) -> (Int, Int) {
        let scroll = Self.state(e)
        var (cw, ch) = pass.flex(e.layoutChildren, vertical: true, maxW: maxWidth, maxH: LayoutPass.unbounded)
        var h = maxHeight >= LayoutPass.unbounded ? min(ch, LayoutPass.unboundedScrollHeight) : maxHeight
        if ch > h && cw >= maxWidth && maxWidth > 1 {
            // Content as wide as the view that overflows it is laid out a column narrower: the scroll position
            // then has a column of its own and never covers the content's last one (a table's last digit).
            (cw, ch) = pass.flex(e.layoutChildren, vertical: true, maxW: maxWidth - 1, maxH: LayoutPass.unbounded)
            h = maxHeight >= LayoutPass.unbounded ? min(ch, LayoutPass.unboundedScrollHeight) : maxHeight
        }
        scroll.contentHeight = ch
        scroll.offset = max(0, min(scroll.offset, ch - h))
        scroll.laidOutOffset = scroll.offset
        for child in e.layoutChildren { child.box.y -= scroll.offset }
        // Content taller than the box gets a column beside it, where the focused view shows its scroll position,
        // so that the indicator does not cover the content's own last column.
        return (ch > h && cw < maxWidth ? cw + 1 : cw, h)
    }

    func paint(_ e: Element, x: Int, y: Int, clip: CellRect, in pass: PaintPass) {
        pass.paintChildren(e.layoutChildren, originX: x, originY: y, clip: clip)
        let scroll = Self.state(e)
        // A form taller than its ScrollView never focuses the view itself (Tab goes to its fields), so the position
        // shows while a field inside has the focus: on a short screen the user sees that there is more below.
        // Content that fits shows none, as before.
        let overflows = scroll.contentHeight > e.box.height
        pass.scrollIndicator(for: e, x: x, y: y, offset: scroll.laidOutOffset, viewport: e.box.height,
                             total: scroll.contentHeight, clip: clip, whileFocusIsInside: overflows)
    }

    func handlePress(_ mouse: MouseEvent, on e: Element, in router: PageInputRouter) -> [UIEvent]? {
        router.focus.focused = e
        return []
    }

    /// A Tab stop only while its content is taller than its box.
    /// A form in a ScrollView is reached through its fields, each scrolled into view as Tab reaches it: the view as
    /// one more stop would only be somewhere Shift-Tab lands with nothing to type into.
    func takesFocus(_ e: Element) -> Bool { Self.state(e).contentHeight > e.box.height && !FocusManager.holdsStop(e) }

    func isScrolledToTop(_ e: Element) -> Bool { Self.state(e).offset == 0 }

    func scroll(_ e: Element, by delta: Int) {
        let scroll = Self.state(e)
        scroll.offset = min(max(0, scroll.offset.addingClamped(delta)), max(0, scroll.contentHeight - e.box.height))
    }

    func reveal(_ target: Element, top: Int, via child: Element, in e: Element) -> Bool {
        let scroll = Self.state(e)
        // Positions are from the last layout; the offset may have moved since (several Tabs, one frame).
        let contentTop = top + scroll.laidOutOffset
        if contentTop < scroll.offset {
            scroll.offset = max(0, contentTop)
            return true
        }
        if contentTop + target.box.height > scroll.offset + e.box.height {
            scroll.offset = contentTop + target.box.height - e.box.height
            return true
        }
        return false
    }
}

/// A scrollable's position: the first visible row (ScrollView) or item (ListView).
class ScrollState: WidgetState {
    var offset = 0
    /// The offset the children's positions were computed with.
    var laidOutOffset = 0
    /// Content height, for clamping.
    var contentHeight = 0
}
