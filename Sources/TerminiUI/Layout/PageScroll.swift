/// Scrolling of the page itself, for a page taller than the screen that has nothing of its own to scroll: a form or
/// a `ForEach` list longer than the terminal. Tab onto a widget below the fold scrolls the page to it; arrows,
/// PageUp/PageDown and the wheel scroll it when no scrollable widget is there to take them.
///
/// A page that holds a widget filling the height it is given (a ListView, ScrollView, Log, Table, Tree, Expanded
/// or Spacer) is laid out to the screen's height as before: it scrolls inside that widget instead.
final class PageScroll {
    /// Whether the page's template lets the page scroll (see above); decided once per template.
    var enabled = false
    /// The first page row shown.
    var offset = 0
    /// The page's laid-out height and the screen's, from the last layout.
    var contentHeight = 0
    var viewport = 0

    var maxOffset: Int { max(0, contentHeight - viewport) }

    /// Whether the page is taller than the screen.
    var overflows: Bool { enabled && contentHeight > viewport }

    /// Scrolls so that rows `top..<top+height` of the page (content coordinates) are shown; whether it moved.
    func reveal(top: Int, height: Int) -> Bool {
        guard overflows else { return false }
        let old = offset
        if top < offset { offset = top }
        else if top + height > offset + viewport { offset = min(top, top + height - viewport) }
        offset = min(max(0, offset), maxOffset)
        return offset != old
    }

    /// Scrolls by `delta` rows; whether it moved.
    func scroll(by delta: Int) -> Bool {
        guard overflows else { return false }
        let old = offset
        offset = min(max(0, offset.addingClamped(delta)), maxOffset)
        return offset != old
    }

    /// Whether any node of the compiled page fills the height it is given, so the page must not scroll.
    ///
    /// A `Spacer` or `Expanded` laid out by a `Row` (directly, or through an `If`, a `ForEach` or a component) shares
    /// out the row's width, not the page's height: the row is as tall as its tallest child. Counting it made a page
    /// with a `Row { Text; Spacer(); Text }` fit the screen, so on a short screen its last rows were cut off with no
    /// way to reach them. What scrolls inside itself (a `ListView`, a `Log`) still fills the height, in a row too.
    static func templateFillsHeight(_ node: CompiledNode) -> Bool { fillsHeight(node, acrossARow: false) }

    private static func fillsHeight(_ node: CompiledNode, acrossARow: Bool) -> Bool {
        let traits = node.kind.traits
        if traits.contains(.fillsHeight) && !(acrossARow && !traits.contains(.scrollable)) { return true }
        // A Row lays its children across; a fragment hands its children to its own parent's layout.
        let childrenAcross = traits.contains(.laysOutAcross) || (acrossARow && traits.contains(.fragment))
        return node.children.contains { fillsHeight($0, acrossARow: childrenAcross) }
            || node.elseChildren.contains { fillsHeight($0, acrossARow: childrenAcross) }
    }
}
