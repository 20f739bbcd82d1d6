/// `Expanded`: takes `flex` shares of the space its Row or Column has left, and gives it to its content.
extension ExpandedProps: WidgetBehavior {
    static var traits: WidgetTraits { [.templateChildren, .fillsHeight] }

    var flexFactor: Int? { max(1, min(10_000, flex)) }

    func layout(_ e: Element, in pass: LayoutPass, maxWidth: Int, maxHeight: Int, minWidth: Int) -> (Int, Int) {
        pass.flex(e.layoutChildren, vertical: true, maxW: maxWidth, maxH: maxHeight, minCross: minWidth,
                  childMinCross: minWidth)
    }

    func paint(_ e: Element, x: Int, y: Int, clip: CellRect, in pass: PaintPass) {
        pass.paintChildren(e.layoutChildren, originX: x, originY: y, clip: clip)
    }
}
