/// `Stack`: children drawn over each other at the same origin, the last on top; as big as the biggest.
extension StackProps: WidgetBehavior {
    static var traits: WidgetTraits { [.templateChildren] }

    func layout(_ e: Element, in pass: LayoutPass, maxWidth: Int, maxHeight: Int, minWidth: Int) -> (Int, Int) {
        var w = 0, h = 0
        for child in e.layoutChildren {
            let (cw, ch) = pass.layout(child, maxWidth: maxWidth, maxHeight: maxHeight)
            child.box.x = 0; child.box.y = 0
            w = max(w, cw); h = max(h, ch)
        }
        return (w, h)
    }

    func paint(_ e: Element, x: Int, y: Int, clip: CellRect, in pass: PaintPass) {
        pass.paintChildren(e.layoutChildren, originX: x, originY: y, clip: clip)
    }
}
