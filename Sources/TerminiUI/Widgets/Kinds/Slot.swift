import TerminiTemplate

/// `Slot()`: inside a component's body, the widgets its use site passed for that slot. A fragment; its children
/// were compiled from the use site's content and evaluate in the use site's scope, not the component's.
extension SlotProps: WidgetBehavior {
    static var traits: WidgetTraits { [.fragment, .templateChildren, .slotContent] }

    func layout(_ e: Element, in pass: LayoutPass, maxWidth: Int, maxHeight: Int, minWidth: Int) -> (Int, Int) {
        pass.flex(e.layoutChildren, vertical: true, maxW: maxWidth, maxH: maxHeight)
    }

    func paint(_ e: Element, x: Int, y: Int, clip: CellRect, in pass: PaintPass) {
        pass.paintChildren(e.layoutChildren, originX: x, originY: y, clip: clip)
    }
}
