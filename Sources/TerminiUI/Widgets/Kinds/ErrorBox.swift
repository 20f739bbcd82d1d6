import TerminiTemplate

/// The engine's stand-in for a node that could not be built (unknown class, bad prop, bad expression): a red box
/// with the template location and the message, so the rest of the page still shows. Templates cannot name it.
struct ErrorBox: WidgetBehavior {
    static var className: String { "#error" }
    static var traits: WidgetTraits { [] }

    var message: String

    init(message: String) { self.message = message }
    init(props: [String: JSONValue]) { message = "" }

    var isError: Bool { true }

    func childSpecs(of e: Element, in tree: Reconciler) -> [ChildSpec] { [] }

    func reconcileChildren(of e: Element, in tree: Reconciler, deep: Bool, configChanged: Bool, wasError: Bool) {
        tree.removeAllChildren(e)
    }

    func layout(_ e: Element, in pass: LayoutPass, maxWidth: Int, maxHeight: Int, minWidth: Int) -> (Int, Int) {
        let text = (e.node.loc.map { "\($0): " } ?? "") + message
        let inner = max(1, min(maxWidth, LayoutPass.unboundedScrollHeight * 2) - 2)
        e.box.wrap(text, width: inner, wrap: true)
        return (min(maxWidth, max(5, e.box.linesMaxWidth) + 2), min(maxHeight, e.box.lines.count + 2))
    }

    func paint(_ e: Element, x: Int, y: Int, clip: CellRect, in pass: PaintPass) {
        let red = CellStyle(foreground: .index(1))
        pass.drawBorder(.single, title: "error", style: red, x: x, y: y, width: e.box.width, height: e.box.height, clip: clip)
        for (i, line) in e.box.lines.enumerated() where i + 2 < e.box.height || e.box.height < 3 {
            pass.put(line, x: x + 1, y: y + 1 + i, style: red, clip: clip)
        }
    }
}
