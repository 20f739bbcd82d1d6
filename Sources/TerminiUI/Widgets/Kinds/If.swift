import TerminiTemplate

/// `If`: its content while the condition is truthy (as `wx:if`: a non-empty string, a non-zero count or an object
/// counts), its `else` content otherwise. A fragment: it adds no box of its own.
extension IfProps: WidgetBehavior {
    static var traits: WidgetTraits { [.fragment, .templateChildren, .elseSlot] }

    static func prepare(_ props: inout [String: JSONValue]) {
        if let c = props["p1"] { props["p1"] = .bool(c.isTruthy) }
    }

    func childSpecs(of e: Element, in tree: Reconciler) -> [ChildSpec] {
        tree.templateSpecs(condition ? e.node.children : e.node.elseChildren, in: e)
    }

    /// Re-places the children only when the branch may have changed.
    func reconcileChildren(of e: Element, in tree: Reconciler, deep: Bool, configChanged: Bool, wasError: Bool) {
        if deep || configChanged { tree.updateChildren(e, specs: childSpecs(of: e, in: tree), deep: deep) }
    }

    func layout(_ e: Element, in pass: LayoutPass, maxWidth: Int, maxHeight: Int, minWidth: Int) -> (Int, Int) {
        pass.flex(e.layoutChildren, vertical: true, maxW: maxWidth, maxH: maxHeight)
    }

    func paint(_ e: Element, x: Int, y: Int, clip: CellRect, in pass: PaintPass) {
        pass.paintChildren(e.layoutChildren, originX: x, originY: y, clip: clip)
    }
}
