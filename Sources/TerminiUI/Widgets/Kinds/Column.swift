/// `Column`: children stacked top to bottom, `spacing` rows apart, placed across by `align`.
extension ColumnProps: WidgetBehavior {
    static var traits: WidgetTraits { [.templateChildren] }

    func layout(_ e: Element, in pass: LayoutPass, maxWidth: Int, maxHeight: Int, minWidth: Int) -> (Int, Int) {
        pass.flex(e.layoutChildren, vertical: true, spacing: max(0, spacing), align: align, maxW: maxWidth,
                  maxH: maxHeight, minCross: minWidth)
    }

    func paint(_ e: Element, x: Int, y: Int, clip: CellRect, in pass: PaintPass) {
        pass.paintChildren(e.layoutChildren, originX: x, originY: y, clip: clip)
    }
}
