/// Cell layout: every widget gets a maximum width and height and answers with its size; containers place their
/// children relative to their own origin. Sizes never go negative and unbounded axes use `unbounded`.
///
/// The pass writes each element's `RenderBox`; a widget's own `layout` decides its size, and `flex` places
/// children along a Row's or Column's main axis.
final class LayoutPass {
    static let unbounded = 1 << 40
    /// Height a scrollable takes when its parent gives it unbounded height (inside a ScrollView).
    static let unboundedScrollHeight = 100

    /// The reconciler, for widgets that build children while laying out (a virtualized list).
    let tree: Reconciler
    /// Elements laid out in the current pass.
    private(set) var nodes = 0
    /// Events that layout itself produces (a list scrolled, a list reached its end), for the page to deliver.
    private(set) var events: [UIEvent] = []

    func emit(_ event: UIEvent) { events.append(event) }

    /// Elements that asked to build children ahead while the UI is idle (`WidgetBehavior.buildAhead`), in order.
    /// Each layout of the page asks anew, so the queue follows what is on screen.
    private(set) var buildAheadQueue: [Element] = []

    /// Queues `e` to build ahead once the frame is out and no input waits.
    func requestBuildAhead(_ e: Element) {
        if !buildAheadQueue.contains(where: { $0 === e }) { buildAheadQueue.append(e) }
    }

    /// Builds ahead for the queued elements, at most `budget` children in all; returns how many it built. An
    /// element leaves the queue when it has nothing left to build or left the tree.
    func buildAhead(budget: Int) -> Int {
        var left = budget
        let nodesBefore = nodes
        while left > 0, let e = buildAheadQueue.first {
            if e.lifecycle != .active || !e.widget.buildAhead(e, in: self, budget: &left) { buildAheadQueue.removeFirst() }
        }
        tree.stats.layoutNodes += nodes - nodesBefore
        return budget - left
    }

    /// The events emitted since the last call.
    func takeEvents() -> [UIEvent] {
        defer { events.removeAll() }
        return events
    }

    init(tree: Reconciler) { self.tree = tree }

    /// Lays out the whole page into `width` x `height` cells.
    func layoutPage(width: Int, height: Int) {
        let w = max(0, width), h = max(0, height)
        nodes = 0
        buildAheadQueue.removeAll(keepingCapacity: true)
        let scroll = tree.pageScroll
        scroll.viewport = h
        if scroll.enabled {
            // As tall as it needs: the page scrolls when that is more than the screen.
            var content = 0
            for child in tree.root.layoutChildren {
                content = max(content, layout(child, maxWidth: w, maxHeight: LayoutPass.unbounded).1)
            }
            scroll.contentHeight = content
            scroll.offset = min(max(0, scroll.offset), scroll.maxOffset)
        }
        for child in tree.root.layoutChildren {
            if !scroll.enabled { layout(child, maxWidth: w, maxHeight: h) }
            child.box.x = 0
            child.box.y = scroll.enabled ? -scroll.offset : 0
        }
        tree.stats.layoutNodes += nodes
        tree.needs.layout = false
    }

    /// `minWidth` is set when the parent fixes the width (a sized Box, `align: .stretch`): a Column then
    /// aligns its children across all of it, so `.end` means the right edge of the box.
    @discardableResult
    func layout(_ e: Element, maxWidth: Int, maxHeight: Int, minWidth: Int = 0) -> (Int, Int) {
        nodes += 1
        let maxW = max(0, maxWidth), maxH = max(0, maxHeight)
        let minW = min(max(0, minWidth), maxW)
        let (w, h) = e.widget.layout(e, in: self, maxWidth: maxW, maxHeight: maxH, minWidth: minW)
        e.box.width = max(0, min(max(w, minW), maxW))
        e.box.height = max(0, min(h, maxH))
        return (e.box.width, e.box.height)
    }

    /// Lays out one row of a virtualized list at `maxWidth` (its height unbounded), or reuses the row's last size
    /// when it was laid out at that width and nothing under it changed since: no element refreshed or given other
    /// children, and none with state of its own, which input changes without a refresh. Scrolling a line then lays
    /// out the row that came into view, not every row on screen; the rows' boxes below them stay as they were.
    func layoutRow(_ row: Element, maxWidth: Int) -> (Int, Int) {
        if let last = row.rowSize, last.maxWidth == maxWidth, Self.isSettled(row) {
            row.box.width = last.width
            row.box.height = last.height
            return (last.width, last.height)
        }
        let size = layout(row, maxWidth: maxWidth, maxHeight: LayoutPass.unbounded)
        row.rowSize = Self.settle(row) ? (maxWidth, size.0, size.1) : nil
        return size
    }

    /// Whether nothing under `e` changed since `settle`. (Whether anything has state of its own need not be asked
    /// again: `rowSize` is kept only for rows without, and a child added since starts stale.)
    private static func isSettled(_ e: Element) -> Bool {
        if e.layoutStale { return false }
        for child in e.children where !isSettled(child) { return false }
        return true
    }

    /// Marks everything under `e` laid out; returns whether none of it has state of its own.
    private static func settle(_ e: Element) -> Bool {
        e.layoutStale = false
        var stateless = e.state == nil
        for child in e.children { stateless = settle(child) && stateless }
        return stateless
    }

    /// Children stacked vertically (a Column, or the content of a single-child container) or side by side (a Row):
    /// fixed children first, then flexible ones (Expanded, Spacer) share what is left by flex; cross-axis placement
    /// follows `align`.
    func flex(_ children: [Element], vertical: Bool, spacing: Int = 0, align: Alignment = .start, maxW: Int, maxH: Int,
              offsetX: Int = 0, offsetY: Int = 0, minCross: Int = 0, childMinCross: Int = 0) -> (Int, Int)
    {
        let gap = max(0, spacing)
        let mainMax = vertical ? maxH : maxW
        let crossMax = vertical ? maxW : maxH
        let bounded = mainMax < LayoutPass.unbounded
        // Stretched children of a Column take the full width while laying out, so their own alignment sees it.
        let childMinWidth = vertical ? (align == .stretch && crossMax < LayoutPass.unbounded ? crossMax : childMinCross) : 0
        var used = 0
        var flexTotal = 0
        var crossSize = 0
        var mainSizes = [Int](repeating: 0, count: children.count)
        var squeezed = false
        for (i, child) in children.enumerated() {
            if i > 0 { used += gap }
            if let flex = child.widget.flexFactor {
                flexTotal += flex
                continue
            }
            let remaining = max(0, mainMax - used)
            let (cw, ch) = vertical ? layout(child, maxWidth: crossMax, maxHeight: remaining, minWidth: childMinWidth)
                                    : layout(child, maxWidth: remaining, maxHeight: crossMax)
            // A child of a Row that took all that was left may have pushed the ones after it out.
            if !vertical && bounded && cw >= remaining && children.count > 1 { squeezed = true }
            mainSizes[i] = vertical ? ch : cw
            used += mainSizes[i]
            crossSize = max(crossSize, vertical ? cw : ch)
        }
        if squeezed, let fitted = fitRow(children, gap: gap, align: align, maxW: maxW, maxH: maxH, offsetX: offsetX,
                                         offsetY: offsetY) {
            return fitted
        }
        if flexTotal > 0 {
            var shares = FlexShares(free: bounded ? max(0, mainMax - used) : 0, total: flexTotal)
            for (i, child) in children.enumerated() {
                guard let flex = child.widget.flexFactor else { continue }
                let share = shares.next(flex)
                if bounded {
                    let (cw, ch) = vertical ? layout(child, maxWidth: crossMax, maxHeight: share, minWidth: childMinWidth)
                                            : layout(child, maxWidth: share, maxHeight: crossMax, minWidth: share)
                    // Flexible children are tight along the main axis: a single child fills the share (a Box grows
                    // to it); a Spacer is only the share.
                    if vertical { child.box.height = share } else { child.box.width = share }
                    let content = child.layoutChildren
                    if content.count == 1, let only = content.first {
                        if vertical { only.box.height = max(0, share - only.box.y) } else { only.box.width = max(0, share - only.box.x) }
                    }
                    mainSizes[i] = share
                    crossSize = max(crossSize, vertical ? cw : ch)
                } else {
                    let (cw, ch) = layout(child, maxWidth: vertical ? crossMax : LayoutPass.unbounded,
                                          maxHeight: vertical ? LayoutPass.unbounded : crossMax)
                    mainSizes[i] = vertical ? ch : cw
                    crossSize = max(crossSize, vertical ? cw : ch)
                }
                used += mainSizes[i]
            }
        }
        if align == .stretch && crossMax < LayoutPass.unbounded { crossSize = crossMax }
        crossSize = min(max(crossSize, minCross), crossMax)
        var position = 0
        for (i, child) in children.enumerated() {
            if i > 0 { position += gap }
            let childCross = vertical ? child.box.width : child.box.height
            var crossOffset = 0
            switch align {
            case .start: crossOffset = 0
            case .center: crossOffset = max(0, (crossSize - childCross) / 2)
            case .end: crossOffset = max(0, crossSize - childCross)
            case .stretch:
                if vertical { child.box.width = crossSize } else { child.box.height = crossSize }
            }
            if vertical {
                child.box.x = offsetX + crossOffset
                child.box.y = offsetY + position
            } else {
                child.box.x = offsetX + position
                child.box.y = offsetY + crossOffset
            }
            position += mainSizes[i]
        }
        let main = min(used, mainMax)
        return vertical ? (crossSize, main) : (main, crossSize)
    }

    /// The narrowest a text-like child is made before the Row wraps instead: a few letters and the `…`.
    static let shrinkFloor = 4

    /// A Row whose children do not fit side by side. Nothing that takes focus is cut: text-like children (anything
    /// that neither takes focus nor is tapped) give up width first, the widest first, down to `shrinkFloor` (a
    /// title shrinks before a counter does), wrapping or ending in `…` as they are set to. When even that leaves
    /// too little room, the children wrap onto further lines in order, as CSS's `flex-wrap` does. Returns nil when
    /// the children fit after all, for the ordinary layout.
    private func fitRow(_ children: [Element], gap: Int, align: Alignment, maxW: Int, maxH: Int, offsetX: Int,
                        offsetY: Int) -> (Int, Int)?
    {
        var natural = [Int](repeating: 0, count: children.count)
        var shrinkTotal = 0
        for (i, child) in children.enumerated() where child.widget.flexFactor == nil {
            natural[i] = layout(child, maxWidth: maxW, maxHeight: maxH).0
            if Self.shrinks(child) { shrinkTotal += natural[i] }
        }
        let gaps = gap * max(0, children.count - 1)
        let total = natural.reduce(0, +) + gaps
        guard total > maxW else { return nil }
        let fixed = total - shrinkTotal
        let shrinking = children.indices.filter { Self.shrinks(children[$0]) && children[$0].widget.flexFactor == nil }
        let shrinkFloorTotal = shrinking.reduce(0) { $0 + min(natural[$1], Self.shrinkFloor) }
        var widths = natural
        if fixed + shrinkFloorTotal <= maxW {
            // The widest shrink first: every shrinking child is capped at one width, the largest that fits.
            let room = maxW - fixed
            var cap = shrinking.map { natural[$0] }.max() ?? 0
            func capped(_ c: Int) -> Int { shrinking.reduce(0) { $0 + min(natural[$1], c) } }
            while cap > Self.shrinkFloor && capped(cap) > room { cap -= 1 }
            for i in shrinking { widths[i] = min(natural[i], cap) }
            for i in shrinking where widths[i] != natural[i] { layout(children[i], maxWidth: widths[i], maxHeight: maxH) }
            // What the shrinking left (a Text wrapped at its cap is as wide as its widest line) goes to the flexible
            // children, as it would have without the squeeze: a Spacer still pushes what follows it to the row's end.
            let laidOut = children.reduce(gaps) { $0 + ($1.widget.flexFactor == nil ? $1.box.width : 0) }
            var shares = FlexShares(free: max(0, maxW - laidOut),
                                    total: children.reduce(0) { $0 + ($1.widget.flexFactor ?? 0) })
            var x = 0
            var crossSize = 0
            for (i, child) in children.enumerated() {
                if i > 0 { x += gap }
                if let flex = child.widget.flexFactor {
                    let share = shares.next(flex)
                    if share > 0 { layout(child, maxWidth: share, maxHeight: maxH, minWidth: share) }
                    child.box.width = share
                }
                crossSize = max(crossSize, child.box.height)
                child.box.x = offsetX + x
                x += child.box.width
            }
            place(children, lines: [(0, children.count, crossSize)], align: align, offsetY: offsetY)
            return (min(x, maxW), crossSize)
        }
        // Wrap: each child at its own width (at most the row's), a new line when the next does not fit.
        var lines: [(start: Int, end: Int, height: Int)] = []
        var lineStart = 0, x = 0, lineHeight = 0, widest = 0
        for (i, child) in children.enumerated() {
            if child.widget.flexFactor != nil { child.box.width = 0; child.box.x = offsetX + x; continue }
            let w = min(natural[i], maxW)
            if x > 0 && x + gap + w > maxW {
                lines.append((lineStart, i, lineHeight))
                lineStart = i; x = 0; lineHeight = 0
            }
            if x > 0 { x += gap }
            child.box.x = offsetX + x
            x += w
            widest = max(widest, x)
            lineHeight = max(lineHeight, child.box.height)
        }
        lines.append((lineStart, children.count, lineHeight))
        place(children, lines: lines, align: align, offsetY: offsetY)
        return (widest, min(maxH, lines.reduce(0) { $0 + $1.height }))
    }

    /// Sets the rows of children laid out on consecutive lines, each placed within its line by `align`.
    private func place(_ children: [Element], lines: [(start: Int, end: Int, height: Int)], align: Alignment, offsetY: Int) {
        var top = offsetY
        for line in lines {
            for child in children[line.start..<line.end] {
                var y = 0
                switch align {
                case .start: y = 0
                case .center: y = max(0, (line.height - child.box.height) / 2)
                case .end: y = max(0, line.height - child.box.height)
                case .stretch: child.box.height = line.height
                }
                child.box.y = top + y
            }
            top += line.height
        }
    }

    /// Whether a Row may narrow this child to fit the others: text and what holds it, not what takes focus or taps.
    private static func shrinks(_ child: Element) -> Bool {
        !child.kind.isFocusable && !child.node.isTappable
    }
}

/// Hands `free` cells out to flexible children (Expanded, Spacer) by their flex factors, in order, rounding
/// cumulatively so that the shares add up to exactly `free`.
struct FlexShares {
    let free: Int
    let total: Int
    private var seen = 0
    private var handedOut = 0

    init(free: Int, total: Int) {
        self.free = free
        self.total = total
    }

    /// The share of the next flexible child, whose factor is `flex`.
    mutating func next(_ flex: Int) -> Int {
        guard total > 0 else { return 0 }
        seen += flex
        let share = free * seen / total - handedOut
        handedOut += share
        return share
    }
}
