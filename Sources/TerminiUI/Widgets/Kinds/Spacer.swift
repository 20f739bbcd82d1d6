/// `Spacer`: flexible empty space; its Row or Column gives it one share of what is left.
extension SpacerProps: WidgetBehavior {
    static var traits: WidgetTraits { [.fillsHeight] }

    var flexFactor: Int? { 1 }

    func layout(_ e: Element, in pass: LayoutPass, maxWidth: Int, maxHeight: Int, minWidth: Int) -> (Int, Int) { (0, 0) }

    func paint(_ e: Element, x: Int, y: Int, clip: CellRect, in pass: PaintPass) {}
}
