/// `Grid`: the children in equal columns, row by row. As many columns of at least `minColumnWidth` as the width
/// holds with `spacing` between them (at most `columns`; one when even that is too wide), so a resize reflows them.
/// A row is as tall as its tallest child; an unbounded width gives `columns` (or one) columns of `minColumnWidth`.
extension GridProps: WidgetBehavior {
    static var traits: WidgetTraits { [.templateChildren] }

    /// How many columns, and how wide each is, in `width`.
    func columnLayout(width: Int) -> (count: Int, width: Int) {
        let gap = max(0, spacing), least = max(1, minColumnWidth)
        let limit = columns.map { max(1, $0) }
        guard width < LayoutPass.unbounded else { return (limit ?? 1, least) }
        let fitting = max(1, (width + gap) / (least + gap))
        let count = min(fitting, limit ?? fitting)
        return (count, max(0, (width - gap * (count - 1)) / count))
    }

    func layout(_ e: Element, in pass: LayoutPass, maxWidth: Int, maxHeight: Int, minWidth: Int) -> (Int, Int) {
        let (count, cellWidth) = columnLayout(width: maxWidth)
        let gap = max(0, spacing)
        var y = 0, rowHeight = 0
        for (i, child) in e.layoutChildren.enumerated() {
            let column = i % count
            if column == 0 && i > 0 {
                y += rowHeight
                rowHeight = 0
            }
            let (_, h) = pass.layout(child, maxWidth: cellWidth, maxHeight: max(0, maxHeight - y), minWidth: cellWidth)
            child.box.x = column * (cellWidth + gap)
            child.box.y = y
            rowHeight = max(rowHeight, h)
        }
        let used = min(count, e.layoutChildren.count)
        let width = used == 0 ? 0 : used * cellWidth + (used - 1) * gap
        return (max(minWidth, min(maxWidth, width)), min(maxHeight, y + rowHeight))
    }

    func paint(_ e: Element, x: Int, y: Int, clip: CellRect, in pass: PaintPass) {
        pass.paintChildren(e.layoutChildren, originX: x, originY: y, clip: clip)
    }
}
