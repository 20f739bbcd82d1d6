/// `ForEach`: one copy of its content per item, matched to the previous copies by the item field `key` names. A
/// fragment: the copies are laid out by the enclosing widget.
extension ForEachProps: WidgetBehavior, ItemsBinding {
    static var traits: WidgetTraits { [.fragment, .templateChildren, .bindsItems] }

    var listBinding: ListBinding { ListBinding(keyField: key, itemName: item, indexName: index) }

    func childSpecs(of e: Element, in tree: Reconciler) -> [ChildSpec] { tree.itemSpecs(e, binding: listBinding) }

    /// The items may have changed whenever the element is refreshed.
    func reconcileChildren(of e: Element, in tree: Reconciler, deep: Bool, configChanged: Bool, wasError: Bool) {
        tree.updateChildren(e, specs: childSpecs(of: e, in: tree), deep: deep)
    }

    func layout(_ e: Element, in pass: LayoutPass, maxWidth: Int, maxHeight: Int, minWidth: Int) -> (Int, Int) {
        pass.flex(e.layoutChildren, vertical: true, maxW: maxWidth, maxH: maxHeight)
    }

    func paint(_ e: Element, x: Int, y: Int, clip: CellRect, in pass: PaintPass) {
        pass.paintChildren(e.layoutChildren, originX: x, originY: y, clip: clip)
    }
}
