/// `Row`: children side by side, `spacing` columns apart, placed vertically by `align`; with `wrap`, a child that
/// would pass the right edge starts a new line under the tallest child of the last.
extension RowProps: WidgetBehavior {
    static var traits: WidgetTraits { [.templateChildren, .laysOutAcross] }

    func layout(_ e: Element, in pass: LayoutPass, maxWidth: Int, maxHeight: Int, minWidth: Int) -> (Int, Int) {
        guard wrap, maxWidth < LayoutPass.unbounded else {
            return pass.flex(e.layoutChildren, vertical: false, spacing: max(0, spacing), align: align, maxW: maxWidth, maxH: maxHeight)
        }
        let gap = max(0, spacing)
        var x = 0, y = 0, lineHeight = 0, width = 0
        for child in e.layoutChildren {
            let (w, h) = pass.layout(child, maxWidth: maxWidth, maxHeight: max(0, maxHeight - y))
            if x > 0 && x + w > maxWidth {
                y += lineHeight
                x = 0
                lineHeight = 0
            }
            child.box.x = x
            child.box.y = y
            x += w + gap
            lineHeight = max(lineHeight, h)
            width = max(width, x - gap)
        }
        return (max(minWidth, min(maxWidth, width)), min(maxHeight, y + lineHeight))
    }

    func paint(_ e: Element, x: Int, y: Int, clip: CellRect, in pass: PaintPass) {
        pass.paintChildren(e.layoutChildren, originX: x, originY: y, clip: clip)
    }
}
