/// `Divider`: a horizontal rule across the available width.
extension DividerProps: WidgetBehavior {
    static var traits: WidgetTraits { [] }

    func layout(_ e: Element, in pass: LayoutPass, maxWidth: Int, maxHeight: Int, minWidth: Int) -> (Int, Int) {
        (maxWidth >= LayoutPass.unbounded ? 1 : maxWidth, min(1, maxHeight))
    }

    func paint(_ e: Element, x: Int, y: Int, clip: CellRect, in pass: PaintPass) {
        pass.put(String(repeating: "─", count: e.box.width), x: x, y: y, style: .plain, clip: clip)
    }
}
