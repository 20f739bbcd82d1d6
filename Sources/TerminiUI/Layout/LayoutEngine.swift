/// Cell layout: every widget gets a maximum width and height and answers with its size; containers place their
/// children relative to their own origin. Sizes never go negative and unbounded axes use `unbounded`.
extension ElementTree {
    static let unbounded = 1 << 40
    /// Rows a ListView builds beyond the viewport on each side, so short scrolls need no build.
    static let listMargin = 4
    /// Height a ListView takes when its parent gives it unbounded height (inside a ScrollView).
    static let unboundedListHeight = 100

    /// Lays out the whole page into `width` x `height` cells.
    func layoutPage(width: Int, height: Int) {
        let w = max(0, width), h = max(0, height)
        layoutNodes = 0
        for child in root.layoutChildren {
            layout(child, maxWidth: w, maxHeight: h)
            child.x = 0
            child.y = 0
        }
        stats.layoutNodes += layoutNodes
        needsLayout = false
    }

    /// `minWidth` is set when the parent fixes the width (a sized Box, `align: .stretch`): a Column then
    /// aligns its children across all of it, so `.end` means the right edge of the box.
    @discardableResult
    func layout(_ e: Element, maxWidth: Int, maxHeight: Int, minWidth: Int = 0) -> (Int, Int) {
        layoutNodes += 1
        let maxW = max(0, maxWidth), maxH = max(0, maxHeight)
        let minW = min(max(0, minWidth), maxW)
        var w = 0, h = 0
        switch e.config {
        case .column(let spacing, let align):
            (w, h) = layoutFlex(e.layoutChildren, vertical: true, spacing: spacing, align: align, maxW: maxW, maxH: maxH,
                                minCross: minW)
        case .row(let spacing, let align):
            (w, h) = layoutFlex(e.layoutChildren, vertical: false, spacing: spacing, align: align, maxW: maxW, maxH: maxH)
        case .stack:
            for child in e.layoutChildren {
                let (cw, ch) = layout(child, maxWidth: maxW, maxHeight: maxH)
                child.x = 0; child.y = 0
                w = max(w, cw); h = max(h, ch)
            }
        case .padding(let insets):
            let horizontal = insets.left + insets.right, vertical = insets.top + insets.bottom
            let (cw, ch) = layoutFlex(e.layoutChildren, vertical: true, spacing: 0, align: .start,
                                      maxW: max(0, maxW - horizontal), maxH: max(0, maxH - vertical),
                                      offsetX: insets.left, offsetY: insets.top, minCross: max(0, minW - horizontal),
                                      childMinCross: max(0, minW - horizontal))
            w = min(maxW, cw + horizontal); h = min(maxH, ch + vertical)
        case .box(let border, let title, let fixedW, let fixedH):
            let inset = border == .none ? 0 : 1
            let innerMaxW = max(0, (fixedW.map { min($0, maxW) } ?? maxW) - 2 * inset)
            let innerMaxH = max(0, (fixedH.map { min($0, maxH) } ?? maxH) - 2 * inset)
            // A Box with a fixed width gives its content that exact width.
            let innerMinW = fixedW != nil ? innerMaxW : max(0, minW - 2 * inset)
            let (cw, ch) = layoutFlex(e.layoutChildren, vertical: true, spacing: 0, align: .start, maxW: innerMaxW,
                                      maxH: innerMaxH, offsetX: inset, offsetY: inset, minCross: innerMinW,
                                      childMinCross: innerMinW)
            let titleW = title.map { TextWidth.of($0) + 2 } ?? 0
            w = fixedW.map { max(0, min($0, maxW)) } ?? min(maxW, max(cw, titleW) + 2 * inset)
            h = fixedH.map { max(0, min($0, maxH)) } ?? min(maxH, ch + 2 * inset)
        case .expanded:
            let (cw, ch) = layoutFlex(e.layoutChildren, vertical: true, spacing: 0, align: .start, maxW: maxW, maxH: maxH,
                                      minCross: minW, childMinCross: minW)
            w = cw; h = ch
        case .spacer:
            w = 0; h = 0
        case .scrollView:
            let (cw, ch) = layoutFlex(e.layoutChildren, vertical: true, spacing: 0, align: .start, maxW: maxW,
                                      maxH: ElementTree.unbounded)
            w = cw
            h = maxH >= ElementTree.unbounded ? min(ch, ElementTree.unboundedListHeight) : maxH
            e.contentHeight = ch
            e.scrollOffset = max(0, min(e.scrollOffset, ch - h))
            e.laidOutScrollOffset = e.scrollOffset
            for child in e.layoutChildren { child.y -= e.scrollOffset }
        case .listView:
            (w, h) = layoutList(e, maxW: maxW, maxH: maxH)
        case .text(let text, _, let wrap):
            if e.linesWidth != maxW {
                e.lines = TextLayout.lines(text, width: maxW, wrap: wrap)
                e.linesWidth = maxW
                var widest = 0
                for line in e.lines { widest = max(widest, TextWidth.of(line)) }
                e.linesMaxWidth = widest
            }
            w = min(e.linesMaxWidth, maxW)
            h = min(e.lines.count, maxH)
        case .button(let label, _):
            w = min(maxW, TextWidth.of(label) + 4); h = min(1, maxH)
        case .textField(_, let placeholder, _, _):
            // Room for the text and the cursor, at least 20 columns; an Expanded parent stretches it further.
            let natural = max(20, max(TextWidth.of(String(e.editText)), TextWidth.of(placeholder)) + 1)
            w = min(maxW, natural)
            h = min(1, maxH)
        case .checkbox(_, let label, _):
            w = min(maxW, label.isEmpty ? 3 : 4 + TextWidth.of(label)); h = min(1, maxH)
        case .progressBar:
            w = maxW >= ElementTree.unbounded ? 20 : maxW; h = min(1, maxH)
        case .divider:
            w = maxW >= ElementTree.unbounded ? 1 : maxW; h = min(1, maxH)
        case .spinner:
            w = min(1, maxW); h = min(1, maxH)
        case .error(let message):
            let text = (e.node.loc.map { "\($0): " } ?? "") + message
            let inner = max(1, min(maxW, ElementTree.unboundedListHeight * 2) - 2)
            if e.linesWidth != inner {
                e.lines = TextLayout.lines(text, width: inner, wrap: true)
                e.linesWidth = inner
            }
            var textW = 5
            for line in e.lines { textW = max(textW, TextWidth.of(line)) }
            w = min(maxW, textW + 2)
            h = min(maxH, e.lines.count + 2)
        case .ifControl, .forEach, .item:
            (w, h) = layoutFlex(e.layoutChildren, vertical: true, spacing: 0, align: .start, maxW: maxW, maxH: maxH)
        }
        e.width = max(0, min(max(w, minW), maxW))
        e.height = max(0, min(h, maxH))
        return (e.width, e.height)
    }

    /// Column (vertical) or Row layout: fixed children first, then Expanded and Spacer share what is left by
    /// flex; cross-axis placement follows `align`.
    func layoutFlex(_ children: [Element], vertical: Bool, spacing: Int, align: CrossAlignment, maxW: Int, maxH: Int,
                    offsetX: Int = 0, offsetY: Int = 0, minCross: Int = 0, childMinCross: Int = 0) -> (Int, Int)
    {
        let gap = max(0, spacing)
        let mainMax = vertical ? maxH : maxW
        let crossMax = vertical ? maxW : maxH
        let bounded = mainMax < ElementTree.unbounded
        // Stretched children of a Column take the full width while laying out, so their own alignment sees it.
        let childMinWidth = vertical ? (align == .stretch && crossMax < ElementTree.unbounded ? crossMax : childMinCross) : 0
        var used = 0
        var flexTotal = 0
        var crossSize = 0
        var mainSizes = [Int](repeating: 0, count: children.count)
        for (i, child) in children.enumerated() {
            if i > 0 { used += gap }
            if let flex = child.config.flex {
                flexTotal += flex
                continue
            }
            let remaining = max(0, mainMax - used)
            let (cw, ch) = vertical ? layout(child, maxWidth: crossMax, maxHeight: remaining, minWidth: childMinWidth)
                                    : layout(child, maxWidth: remaining, maxHeight: crossMax)
            mainSizes[i] = vertical ? ch : cw
            used += mainSizes[i]
            crossSize = max(crossSize, vertical ? cw : ch)
        }
        if flexTotal > 0 {
            let free = bounded ? max(0, mainMax - used) : 0
            var handedOut = 0
            var flexSeen = 0
            for (i, child) in children.enumerated() {
                guard let flex = child.config.flex else { continue }
                flexSeen += flex
                // Cumulative rounding so the shares add up to exactly `free`.
                let share = free * flexSeen / flexTotal - handedOut
                handedOut += share
                let isSpacer: Bool = { if case .spacer = child.config { return true } else { return false } }()
                if isSpacer {
                    child.width = vertical ? 0 : share
                    child.height = vertical ? share : 0
                    mainSizes[i] = share
                } else if bounded {
                    let (cw, ch) = vertical ? layout(child, maxWidth: crossMax, maxHeight: share, minWidth: childMinWidth)
                                            : layout(child, maxWidth: share, maxHeight: crossMax, minWidth: share)
                    if vertical { child.height = share } else { child.width = share }
                    // Expanded is tight along the main axis: a single child fills the share (a Box grows to it).
                    let content = child.layoutChildren
                    if content.count == 1, let only = content.first {
                        if vertical { only.height = max(0, share - only.y) } else { only.width = max(0, share - only.x) }
                    }
                    mainSizes[i] = share
                    crossSize = max(crossSize, vertical ? cw : ch)
                } else {
                    let (cw, ch) = layout(child, maxWidth: vertical ? crossMax : ElementTree.unbounded,
                                          maxHeight: vertical ? ElementTree.unbounded : crossMax)
                    mainSizes[i] = vertical ? ch : cw
                    crossSize = max(crossSize, vertical ? cw : ch)
                }
                used += mainSizes[i]
            }
        }
        if align == .stretch && crossMax < ElementTree.unbounded { crossSize = crossMax }
        crossSize = min(max(crossSize, minCross), crossMax)
        var position = 0
        for (i, child) in children.enumerated() {
            if i > 0 { position += gap }
            let childCross = vertical ? child.width : child.height
            var crossOffset = 0
            switch align {
            case .start: crossOffset = 0
            case .center: crossOffset = max(0, (crossSize - childCross) / 2)
            case .end: crossOffset = max(0, crossSize - childCross)
            case .stretch:
                if vertical { child.width = crossSize } else { child.height = crossSize }
            }
            if vertical {
                child.x = offsetX + crossOffset
                child.y = offsetY + position
            } else {
                child.x = offsetX + position
                child.y = offsetY + crossOffset
            }
            position += mainSizes[i]
        }
        let main = min(used, mainMax)
        return vertical ? (crossSize, main) : (main, crossSize)
    }

    /// Virtualized list: builds the rows from the scroll offset (an item index) that fill the viewport, plus a
    /// margin on each side, and stacks them; rows above the offset get negative positions and are clipped.
    func layoutList(_ e: Element, maxW: Int, maxH: Int) -> (Int, Int) {
        let count = e.list?.count ?? 0
        let viewport = maxH >= ElementTree.unbounded ? min(count, ElementTree.unboundedListHeight) : maxH
        e.scrollOffset = max(0, min(e.scrollOffset, max(0, count - max(1, viewport / max(1, averageRowHeight(e))))))
        let start = max(0, e.scrollOffset - ElementTree.listMargin)
        // Build a first guess of rows (one line each), then more if rows turn out shorter than guessed.
        var end = min(count, e.scrollOffset + viewport + ElementTree.listMargin)
        ensureListRows(e, range: start..<end)
        var w = 0
        while true {
            var y = 0
            // Rows before the offset sit above the viewport.
            var i = e.scrollOffset - 1
            while i >= start {
                if let row = e.list?.elements[i] {
                    let (_, rh) = layout(row, maxWidth: maxW, maxHeight: ElementTree.unbounded)
                    y -= rh
                    row.x = 0; row.y = y
                }
                i -= 1
            }
            y = 0
            for j in e.scrollOffset..<max(e.scrollOffset, end) {
                guard let row = e.list?.elements[j] else { continue }
                let (rw, rh) = layout(row, maxWidth: maxW, maxHeight: ElementTree.unbounded)
                row.x = 0; row.y = y
                y += rh
                w = max(w, rw)
            }
            if y < viewport && end < count {
                // Rows were shorter than the viewport needs: build more.
                end = min(count, end + max(1, viewport - y) + ElementTree.listMargin)
                ensureListRows(e, range: start..<end)
                continue
            }
            break
        }
        let width = maxW >= ElementTree.unbounded ? w : maxW
        return (width, viewport)
    }

    private func averageRowHeight(_ e: Element) -> Int {
        var total = 0, n = 0
        for row in e.children { total += row.height; n += 1 }
        return n == 0 ? 1 : max(1, total / n)
    }
}

extension WidgetConfig {
    /// The flex factor of Expanded and Spacer; nil for everything else.
    var flex: Int? {
        switch self {
        case .expanded(let flex), .spacer(let flex): flex
        default: nil
        }
    }
}
