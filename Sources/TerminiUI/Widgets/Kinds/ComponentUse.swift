import TerminiTemplate

/// A use of a component (`Counter(label: "Apples")` compiles to `{"cls": "Component", "p1": "Counter", ...}`): it
/// holds one instance and the component's body, built in the instance's scope. A fragment: the body's widgets are
/// laid out by the nearest widget ancestor, as if written in place.
struct ComponentUse: WidgetBehavior {
    static var className: String { ComponentTemplate.useClass }
    static var traits: WidgetTraits { [.fragment, .templateChildren, .componentScope] }

    let component: String
    /// The property values, evaluated in the use site's scope.
    let properties: [String: JSONValue]
    /// Event name → the use site's handler.
    let events: [String: String]

    init(props: [String: JSONValue]) throws(PropDecodingError) {
        guard case .string(let name)? = props["p1"] else {
            throw PropDecodingError(owner: Self.className, prop: "p1", expected: "the component's name", found: PropReader.describe(props["p1"] ?? .null))
        }
        component = name
        properties = props["properties"]?.objectValue?.dictionary ?? [:]
        var events: [String: String] = [:]
        for (event, handler) in props["events"]?.objectValue ?? [:] { if let h = handler.stringValue { events[event] = h } }
        self.events = events
    }

    /// The first refresh creates the instance and writes its data before the body is built; later ones hand the
    /// instance the changed property values.
    func didRefresh(_ e: Element, old: any WidgetBehavior, deep: Bool, configChanged: Bool, in tree: Reconciler) {
        if e.componentInstance == nil {
            tree.attachComponent(e, use: self)
        } else if configChanged {
            tree.updateComponentProperties(e, to: properties)
        }
    }

    /// New property values re-evaluate the whole body: the body reads properties as bound names, which the read
    /// index does not track (that keeps a component row as cheap as a plain one), so a change reaches it this way.
    func reconcileChildren(of e: Element, in tree: Reconciler, deep: Bool, configChanged: Bool, wasError: Bool) {
        tree.updateChildren(e, specs: childSpecs(of: e, in: tree), deep: deep || configChanged)
    }

    func layout(_ e: Element, in pass: LayoutPass, maxWidth: Int, maxHeight: Int, minWidth: Int) -> (Int, Int) {
        pass.flex(e.layoutChildren, vertical: true, maxW: maxWidth, maxH: maxHeight)
    }

    func paint(_ e: Element, x: Int, y: Int, clip: CellRect, in pass: PaintPass) {
        pass.paintChildren(e.layoutChildren, originX: x, originY: y, clip: clip)
    }
}
