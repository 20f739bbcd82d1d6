/// `Row`: children side by side, `spacing` columns apart, placed vertically by `align`.
extension RowProps: WidgetBehavior {
    static var traits: WidgetTraits { [.templateChildren] }

    func layout(_ e: Element, in pass: LayoutPass, maxWidth: Int, maxHeight: Int, minWidth: Int) -> (Int, Int) {
        pass.flex(e.layoutChildren, vertical: false, spacing: max(0, spacing), align: align, maxW: maxWidth, maxH: maxHeight)
    }

    func paint(_ e: Element, x: Int, y: Int, clip: CellRect, in pass: PaintPass) {
        pass.paintChildren(e.layoutChildren, originX: x, originY: y, clip: clip)
    }
}
