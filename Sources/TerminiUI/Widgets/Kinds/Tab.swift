/// `Tab`: one page of a `Tabs`, its content stacked top to bottom. The `Tabs` around it draws its title.
extension TabProps: WidgetBehavior {
    static var traits: WidgetTraits { [.templateChildren] }

    func layout(_ e: Element, in pass: LayoutPass, maxWidth: Int, maxHeight: Int, minWidth: Int) -> (Int, Int) {
        pass.flex(e.layoutChildren, vertical: true, maxW: maxWidth, maxH: maxHeight, minCross: minWidth)
    }

    func paint(_ e: Element, x: Int, y: Int, clip: CellRect, in pass: PaintPass) {
        pass.paintChildren(e.layoutChildren, originX: x, originY: y, clip: clip)
    }
}
