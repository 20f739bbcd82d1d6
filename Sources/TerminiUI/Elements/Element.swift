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
/// while its type and key stay the same, and carries state (edit buffer, scroll offset, focus) across them.
final class Element {
    var node: CompiledNode
    weak var parent: Element?
    /// Nearest ancestor (or self) that is an item element: where this element's scope comes from.
    weak var scopeOwner: Element?
    var config: WidgetConfig = .empty
    var key: WidgetKey?
    var children: [Element] = [] {
        didSet { invalidateLayoutChildren() }
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

    /// Absolute data paths this element's own props read, as registered in the read index.
    var reads: [DataPath] = []
    /// Whether the reads are registered as a list's items array (structural changes only).
    var readsAreItemsArray = false
    /// The build pass that last refreshed this element, so one pass never refreshes it twice.
    var refreshedInPass = 0

    // State (initState/didUpdateWidget keep these; they move with the element on keyed reorders).
    /// TextField edit buffer and cursor (in characters).
    var editText: [Character] = []
    var cursor = 0
    /// Values this TextField reported in change events that the page has not echoed back yet.
    var reportedEdits: [String] = []
    /// ScrollView: first visible content row. ListView: first visible item.
    var scrollOffset = 0
    /// ListView's virtualized items; nil for other widgets.
    var list: ListSlots?

    // Layout results, relative to the parent widget's content origin.
    var x = 0, y = 0, width = 0, height = 0
    /// Wrapped lines of a Text, cached with the width they were wrapped for.
    var lines: [String] = []
    var linesWidth = -1
    /// Display width of the widest of `lines`.
    var linesMaxWidth = 0
    /// The ScrollView offset the children's positions were computed with.
    var laidOutScrollOffset = 0
    /// ScrollView content height, for clamping.
    var contentHeight = 0
    /// Absolute origin and visible clip recorded while painting, for hit testing.
    var absX = 0, absY = 0
    var visibleRect = CellRect(x: 0, y: 0, width: 0, height: 0)

    init(node: CompiledNode, parent: Element?, depth: Int) {
        self.node = node
        self.parent = parent
        self.depth = depth
    }

    var type: WidgetType { node.type }

    var identity: KeyedChildrenDiff.Identity { .init(type: node.type.rawValue, key: key) }

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
            if child.type.isFragment { child.appendLayoutChildren(to: &out) } else { out.append(child) }
        }
    }

    /// Drops the cached layout children here and, through fragments, in the widget that flattens them.
    func invalidateLayoutChildren() {
        var e: Element? = self
        while let current = e {
            current.cachedLayoutChildren = nil
            if !current.type.isFragment { return }
            e = current.parent
        }
    }

    /// The key field of a ForEach/ListView, for re-registering its items read.
    var listKeyField: String? {
        switch config {
        case .forEach(let b), .listView(let b): b.keyField
        default: nil
        }
    }

    /// The handler names and loc used for events.
    var loc: String? { node.loc }
}

/// A ListView's items: the key of every item (so reorders are diffed over the whole list) and elements only for
/// the items that are built (visible plus a margin).
struct ListSlots {
    var keys: [WidgetKey?] = []
    /// Whether `keys` has no duplicates (see `KeyedChildrenDiff.init(old:new:oldKeysAreUnique:)`).
    var keysUnique = true
    var elements: [Element?] = []
    /// Built range from the last layout, to dispose rows that scrolled away.
    var builtRange: Range<Int> = 0..<0
    /// Absolute path of the items array when the items expression is a plain path; item paths hang off it.
    var itemsPath: DataPath?
    var count: Int { keys.count }
}
