/// `Padding`: empty cells around its children.
extension PaddingProps: WidgetBehavior {
    static var traits: WidgetTraits { [.templateChildren] }

    func layout(_ e: Element, in pass: LayoutPass, maxWidth: Int, maxHeight: Int, minWidth: Int) -> (Int, Int) {
        func clamp(_ n: Int) -> Int { max(0, min(10_000, n)) }
        let left = clamp(insets.left), top = clamp(insets.top)
        let horizontal = left + clamp(insets.right), vertical = top + clamp(insets.bottom)
        let (cw, ch) = pass.flex(e.layoutChildren, vertical: true, maxW: max(0, maxWidth - horizontal),
                                 maxH: max(0, maxHeight - vertical), offsetX: left, offsetY: top,
                                 minCross: max(0, minWidth - horizontal), childMinCross: max(0, minWidth - horizontal))
        return (min(maxWidth, cw + horizontal), min(maxHeight, ch + vertical))
    }

    func paint(_ e: Element, x: Int, y: Int, clip: CellRect, in pass: PaintPass) {
        pass.paintChildren(e.layoutChildren, originX: x, originY: y, clip: clip)
    }
}
