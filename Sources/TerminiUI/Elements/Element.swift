import TerminiTemplate

/// What an item element binds for its template children: `item` (at `path`) and optionally `index`.
struct ItemBinding: Equatable, Sendable {
    var itemName: String
    var value: JSONValue
    var path: DataPath?
    var indexName: String?
    var index: Int
}

/// The lifecycle stage of an element, following Flutter's State: initState on mount, didUpdateWidget on a new
/// configuration, deactivate when removed (a GlobalKey may still revive it this frame), dispose at the end.
enum ElementLifecycle: Sendable, Equatable { case active, deactivated, disposed }

/// A persistent node of the retained tree: one template node instantiated in one scope. It survives rebuilds
/// while its kind and key stay the same, and carries its widget's state (edit buffer, scroll offset) across them.
///
/// The element holds what the reconciler needs. The widget's own state lives in `state`, created by its kind, and
/// layout results in `box`, which only the render layer writes.
final class Element {
    var node: CompiledNode
    weak var parent: Element?
    /// Nearest ancestor (or self) that is an item element: where this element's scope comes from.
    weak var scopeOwner: Element?
    /// The evaluated props: the widget's current configuration.
    var widget: any WidgetBehavior = ItemScope()
    var key: WidgetKey?
    var children: [Element] = [] {
        didSet {
            invalidateLayoutChildren()
            layoutStale = true
        }
    }
    /// Whether the children's keys were unique after the last update (lets the next diff skip its duplicate check).
    var childKeysUnique = true
    var itemBinding: ItemBinding?
    var depth: Int
    var lifecycle: ElementLifecycle = .active
    var hidden = false {
        didSet { if hidden != oldValue { parent?.invalidateLayoutChildren() } }
    }
    var dataset: JSONValue = .object([:])
    /// Its `.id(...)`, evaluated in its scope; nil without one.
    var elementId: String?
    /// Background, theme class, disabled and autofocus from the node's modifiers; nil for most elements.
    var decoration: ElementDecoration?
    /// The component instance this element holds (a `Component` use); nil for every other element.
    var componentInstance: ComponentInstance?

    /// Absolute data paths this element's own props read, as registered in the read index.
    var reads: [DataPath] = []
    /// Whether the reads are registered as a list's items array (structural changes only).
    var readsAreItemsArray = false
    /// The build pass that last refreshed this element, so one pass never refreshes it twice.
    var refreshedInPass = 0
    /// The last patch (a number the reconciler counts) offered to this element as a change of its items, so a
    /// list that reads its items path more than once records each patch once.
    var itemsPatchSeen = 0

    /// Whether the element's props or children changed since the layout pass last settled it: a virtualized list
    /// lays out again only the rows with a stale element under them (`LayoutPass.layoutRow`).
    var layoutStale = true
    /// A list row's size from its last layout and the width it was given, kept while nothing under the row has
    /// state of its own (which input could change without a refresh); nil otherwise.
    var rowSize: (maxWidth: Int, width: Int, height: Int)?

    /// The widget's state across rebuilds (see `WidgetState`); nil for stateless kinds.
    let state: WidgetState?
    /// Layout results, written by the layout pass.
    let box = RenderBox()

    init(node: CompiledNode, parent: Element?, depth: Int) {
        self.node = node
        self.parent = parent
        self.depth = depth
        state = node.kind.makeState()
    }

    var kind: WidgetKind { node.kind }

    var identity: KeyedChildrenDiff.Identity { .init(type: node.kind.id, key: key) }

    /// The widget children of this element for layout: fragments are flattened away, hidden children dropped.
    /// Cached, because layout and paint ask every frame and the tree's shape rarely changes.
    var layoutChildren: [Element] {
        if let cached = cachedLayoutChildren { return cached }
        var out: [Element] = []
        out.reserveCapacity(children.count)
        appendLayoutChildren(to: &out)
        cachedLayoutChildren = out
        return out
    }

    private var cachedLayoutChildren: [Element]?

    private func appendLayoutChildren(to out: inout [Element]) {
        for child in children {
            if child.hidden { continue }
            // A fragment that could not be built (a ForEach whose items are not a list) shows its error box.
            if child.node.kind.isFragment && !child.widget.isError { child.appendLayoutChildren(to: &out) } else { out.append(child) }
        }
    }

    /// Drops the cached layout children here and, through fragments, in the widget that flattens them.
    func invalidateLayoutChildren() {
        var e: Element? = self
        while let current = e {
            current.cachedLayoutChildren = nil
            if !current.node.kind.isFragment { return }
            e = current.parent
        }
    }

    /// Whether `element` is this element or inside it.
    func encloses(_ element: Element) -> Bool {
        var e: Element? = element
        while let current = e {
            if current === self { return true }
            e = current.parent
        }
        return false
    }

    /// Whether this element or an ancestor is disabled: it takes no focus, keys or clicks, and is drawn dim.
    var isDisabled: Bool {
        var e: Element? = self
        while let current = e {
            if current.decoration?.disabled == true || current.widget.isDisabled { return true }
            e = current.parent
        }
        return false
    }

    /// The handler names and loc used for events.
    var loc: String? { node.loc }

    /// The component instance whose methods handle this element's events: the nearest enclosing component, except
    /// that content passed into a slot belongs to whoever wrote it (the slot's own component's use site). Nil: the page.
    var handlerOwner: Int? {
        var e = parent
        while let current = e {
            if let instance = current.componentInstance { return instance.id }
            if current.kind.traits.contains(.slotContent) {
                e = current.enclosingComponent?.parent
                continue
            }
            e = current.parent
        }
        return nil
    }

    /// The nearest ancestor holding a component instance.
    var enclosingComponent: Element? {
        var e = parent
        while let current = e {
            if current.componentInstance != nil { return current }
            e = current.parent
        }
        return nil
    }
}
