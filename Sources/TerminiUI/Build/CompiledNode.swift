import TerminiTemplate

/// A template node prepared once per page load: its widget kind, parsed bindings and compiled children.
/// Elements point at these; nothing here depends on page data.
final class CompiledNode: @unchecked Sendable {
    let kind: WidgetKind
    let cls: String
    let loc: String?
    /// Props other than the modifiers below, parsed.
    let props: [(name: String, value: PropBinding)]
    let key: PropBinding?
    let globalKey: PropBinding?
    let dataset: PropBinding?
    let hidden: PropBinding?
    /// The `.onTap` handler (or a Button's `onTap`) and the `.catchTap` handler: a tap runs them and bubbles.
    let onTap: String?
    let catchTap: String?
    /// The `.id(...)` name commands find the widget by: a constant, or a binding (`"row-{{item.id}}"`) evaluated
    /// into each element's `elementId`.
    let elementId: PropBinding?
    /// The `.onFocus` and `.onBlur` handlers.
    let focusHandlers: FocusHandlers
    /// The items expression (`p1`) of a kind that binds items (ForEach, ListView).
    let items: PropBinding?
    let children: [CompiledNode]
    /// `If`'s else branch.
    let elseChildren: [CompiledNode]
    /// A load-time error (unknown cls, bad expression, nesting too deep): the node renders as an error box.
    let loadError: String?

    /// Deeper templates become an error box at this depth instead of risking the stack in recursive passes.
    static let maxDepth = 200

    private init(kind: WidgetKind, cls: String, loc: String?, props: [(name: String, value: PropBinding)],
                 key: PropBinding?, globalKey: PropBinding?, dataset: PropBinding?, hidden: PropBinding?, items: PropBinding?,
                 children: [CompiledNode], elseChildren: [CompiledNode], loadError: String?,
                 onTap: String? = nil, catchTap: String? = nil, elementId: PropBinding? = nil,
                 focusHandlers: FocusHandlers = FocusHandlers())
    {
        self.onTap = onTap
        self.catchTap = catchTap
        self.elementId = elementId
        self.focusHandlers = focusHandlers
        self.kind = kind
        self.cls = cls
        self.loc = loc
        self.props = props
        self.key = key
        self.globalKey = globalKey
        self.dataset = dataset
        self.hidden = hidden
        self.items = items
        self.children = children
        self.elseChildren = elseChildren
        self.loadError = loadError
    }

    static func errorNode(cls: String, loc: String?, message: String) -> CompiledNode {
        CompiledNode(kind: WidgetRegistry.error, cls: cls, loc: loc, props: [], key: nil, globalKey: nil, dataset: nil, hidden: nil,
                     items: nil, children: [], elseChildren: [], loadError: message)
    }

    /// Compiles `node` and its descendants. Never throws: problems become error nodes that carry the loc.
    ///
    /// A component's use compiles to its body (from `context.components`); a `Slot` in that body compiles to what
    /// the use site passed for it, in the use site's own context.
    static func compile(_ node: TemplateNode, depth: Int = 0, context: TemplateContext = TemplateContext()) -> CompiledNode {
        if depth >= maxDepth {
            return errorNode(cls: node.cls, loc: node.loc, message: "nesting deeper than \(maxDepth) levels")
        }
        guard let kind = WidgetRegistry.kind(named: node.cls) else {
            return errorNode(cls: node.cls, loc: node.loc, message: "unknown widget '\(node.cls)'")
        }
        var childTemplates = node.children
        var childContext = context
        if kind.traits.contains(.componentScope) {
            let name = node.props["p1"]?.stringValue ?? ""
            guard let component = context.components[name] else {
                return errorNode(cls: node.cls, loc: node.loc, message: "unknown component '\(name)'")
            }
            guard !context.expanding.contains(name) else {
                return errorNode(cls: node.cls, loc: node.loc, message: "component '\(name)' uses itself")
            }
            var passed = node.slots
            passed[ComponentSlots.content] = node.children
            childTemplates = component.body
            childContext = TemplateContext(components: context.components, slots: SlotSource(content: passed, context: context),
                                           expanding: context.expanding + [name])
        } else if kind.traits.contains(.slotContent) {
            guard let source = context.slots else {
                return errorNode(cls: node.cls, loc: node.loc, message: "Slot() is only valid inside a component's body")
            }
            childTemplates = source.content[node.props["p1"]?.stringValue ?? ComponentSlots.content] ?? []
            childContext = source.context
        }
        var props: [(name: String, value: PropBinding)] = []
        let bindsItems = kind.traits.contains(.bindsItems)
        var key: PropBinding?, globalKey: PropBinding?, dataset: PropBinding?, hidden: PropBinding?, items: PropBinding?
        // Handler names and ids are plain strings in the DSL, never bindings.
        let onTap = node.props["onTap"]?.stringValue.flatMap { $0.isEmpty ? nil : $0 }
        let catchTap = node.props["catchTap"]?.stringValue.flatMap { $0.isEmpty ? nil : $0 }
        var elementId: PropBinding?
        let focusHandlers = FocusHandlers(
            onFocus: node.props["onFocus"]?.stringValue.flatMap { $0.isEmpty ? nil : $0 },
            onBlur: node.props["onBlur"]?.stringValue.flatMap { $0.isEmpty ? nil : $0 })
        do {
            for (name, value) in node.props.sorted(by: { $0.key < $1.key }) {
                let compiled = try PropBinding.compile(value)
                switch name {
                case "key" where !bindsItems && !kind.traits.contains(.keysItsRows): key = compiled
                case "globalKey": globalKey = compiled
                case "data": dataset = compiled
                case "hidden": hidden = compiled
                case "id": elementId = compiled
                case "catchTap", "onFocus", "onBlur": break
                case "p1" where bindsItems: items = compiled
                default: props.append((name, compiled))
                }
            }
        } catch {
            return errorNode(cls: node.cls, loc: node.loc, message: "expression error: \(error)")
        }
        if bindsItems && items == nil {
            return errorNode(cls: node.cls, loc: node.loc, message: "\(node.cls): missing required prop 'p1' (the items)")
        }
        let children = kind.traits.contains(.templateChildren)
            ? childTemplates.map { compile($0, depth: depth + 1, context: childContext) } : []
        let elseChildren = kind.traits.contains(.elseSlot)
            ? (node.slots["else"] ?? []).map { compile($0, depth: depth + 1, context: context) } : []
        return CompiledNode(kind: kind, cls: node.cls, loc: node.loc, props: props, key: key, globalKey: globalKey,
                            dataset: dataset, hidden: hidden, items: items, children: children,
                            elseChildren: elseChildren, loadError: nil, onTap: onTap, catchTap: catchTap,
                            elementId: elementId, focusHandlers: focusHandlers)
    }

    /// Whether a tap on the element runs a handler (so it is clickable, and focusable when nothing else makes it so).
    var isTappable: Bool { onTap != nil || catchTap != nil }

    /// Names the expressions of this subtree refer to; see `computeSubtreeNames`.
    lazy var subtreeNames: Set<String> = computeSubtreeNames()
    /// Whether the node carries a modifier that decorates its element (`ElementDecoration`).
    lazy var hasDecoration: Bool = props.contains { ElementDecoration.keys.contains($0.name) }
    /// See `computeHasDataDependentReads`.
    lazy var hasDataDependentReads: Bool = computeHasDataDependentReads()

    /// The synthetic node every ForEach/ListView item uses: its children are the list's template children.
    lazy var itemNode: CompiledNode = CompiledNode(
        kind: WidgetRegistry.item, cls: "#item", loc: loc, props: [], key: nil, globalKey: nil, dataset: nil, hidden: nil,
        items: nil, children: children, elseChildren: [], loadError: nil)

    /// The invisible top of every page: an item with no binding whose one child is the template root.
    static func pageRoot(child: CompiledNode) -> CompiledNode {
        CompiledNode(kind: WidgetRegistry.item, cls: "#page", loc: child.loc, props: [], key: nil, globalKey: nil, dataset: nil,
                     hidden: nil, items: nil, children: [child], elseChildren: [], loadError: nil)
    }
}

/// What compiling a template may refer to: the app's components and, inside a component's body, the content its
/// use site passed for the slots.
struct TemplateContext {
    var components: [String: ComponentTemplate] = [:]
    var slots: SlotSource?
    /// Components whose bodies enclose this point, outermost first: a use of one of them again is a cycle.
    var expanding: [String] = []
}

/// A use site's slot content and the context it was written in (which its bindings and components resolve in).
final class SlotSource {
    let content: [String: [TemplateNode]]
    let context: TemplateContext

    init(content: [String: [TemplateNode]], context: TemplateContext) {
        self.content = content
        self.context = context
    }
}

/// The slot names the compiler and the engine agree on.
enum ComponentSlots {
    /// The trailing closure at the use site, placed by `Slot()`.
    static let content = "content"
}

/// The page methods a widget's `.onFocus("…")` and `.onBlur("…")` name: called when it takes or loses the focus.
struct FocusHandlers: Equatable {
    var onFocus: String?
    var onBlur: String?
}
