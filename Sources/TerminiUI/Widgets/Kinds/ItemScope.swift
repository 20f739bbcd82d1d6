import TerminiTemplate

/// The engine's own fragment for one ForEach or ListView item (and the invisible page root): it binds the item's
/// names for its children and adds no box. Templates cannot name it.
struct ItemScope: WidgetBehavior {
    static var className: String { "#item" }
    static var traits: WidgetTraits { [.fragment, .templateChildren, .itemScope] }

    init() {}
    init(props: [String: JSONValue]) {}

    func layout(_ e: Element, in pass: LayoutPass, maxWidth: Int, maxHeight: Int, minWidth: Int) -> (Int, Int) {
        pass.flex(e.layoutChildren, vertical: true, maxW: maxWidth, maxH: maxHeight)
    }

    func paint(_ e: Element, x: Int, y: Int, clip: CellRect, in pass: PaintPass) {
        pass.paintChildren(e.layoutChildren, originX: x, originY: y, clip: clip)
    }
}
