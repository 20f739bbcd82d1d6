import TerminiTemplate

/// One child to place: its template node, identity key and (for list items) the names it binds.
struct ChildSpec {
    var node: CompiledNode
    var key: WidgetKey?
    var binding: ItemBinding?
    var identity: KeyedChildrenDiff.Identity { .init(type: node.kind.id, key: key) }
}

/// Keeps a page's retained element tree in step with its template and data.
///
/// A build pass refreshes only dirty elements: an element re-evaluates its own props, and its kind decides what
/// that means for its children (a container re-places them only when its scope or template changed; If, ForEach
/// and ListView re-match theirs by kind and key). Children that keep their template node and scope are left alone,
/// so a patch costs in proportion to the elements that read it.
///
/// Collaborators: `PageData` (the data and scopes), `ReadIndex` (who reads what), `DirtyQueue`, `GlobalKeyRegistry`,
/// `DiagnosticLog`, and `FrameNeeds`, through which it tells the render layer what to redo.
final class Reconciler {
    let data: PageData
    let root: Element
    /// The page's own scrolling, for a page taller than the screen (see `PageScroll`).
    let pageScroll = PageScroll()
    let readIndex = ReadIndex()
    let needs: FrameNeeds
    private(set) var diagnostics = DiagnosticLog()
    var globalKeys = GlobalKeyRegistry()
    var stats = BuildStats()
    private(set) var pass = 0
    private var dirty = DirtyQueue()
    private var deactivated: [Element] = []
    /// Elements that rebuilds disposed, kept until `releaseRetired()` for the same reason as replaced data.
    private var retiredElements: [Element] = []
    /// Items a list element evaluated in `evaluate`, consumed by the child update that follows it.
    private var pendingItems: (element: ObjectIdentifier, items: JSONArray, path: DataPath?)?
    /// Called when an element is disposed (focus forgets it).
    var onDispose: ((Element) -> Void)?
    /// Lifecycle calls, recorded only when a test asks for them.
    var lifecycleLog: [String]?

    /// The app's components, by name, for the uses in this page's template.
    let components: [String: ComponentTemplate]

    init(template: TemplateNode, data: PageData, needs: FrameNeeds, components: [String: ComponentTemplate] = [:],
         componentData: @escaping (String) -> [String: JSONValue]? = { _ in nil })
    {
        self.data = data
        self.needs = needs
        self.components = components
        self.componentData = componentData
        let rootNode = CompiledNode.compile(template, context: TemplateContext(components: components))
        pageScroll.enabled = !PageScroll.templateFillsHeight(rootNode)
        let wrapper = CompiledNode.pageRoot(child: rootNode)
        root = Element(node: wrapper, parent: nil, depth: 0)
        root.scopeOwner = root
        pass = 1
        refresh(root, deep: true)
        finishPass()
    }

    var hasDirtyElements: Bool { !dirty.isEmpty }

    /// Hot reload: reconciles a new template against the live tree, so elements whose kind and key still match
    /// keep their state (edit buffers, scroll offsets, focus).
    func replaceTemplate(_ template: TemplateNode) {
        pass += 1
        diagnostics.removeAll()
        let rootNode = CompiledNode.compile(template, context: TemplateContext(components: components))
        pageScroll.enabled = !PageScroll.templateFillsHeight(rootNode)
        updateChildren(root, specs: [ChildSpec(node: rootNode, key: nil, binding: nil)], deep: true)
        needs.layout = true
        finishPass()
    }

    // MARK: Data

    /// Writes patches into the data and marks the elements whose reads overlap them; lists that read a patched
    /// items array hear of the patch itself (`WidgetBehavior.itemsPatched`), and widgets whose props hold a list
    /// of the data let go of it first (`WidgetBehavior.releaseDataLists`) and read it again after.
    func apply(_ patches: [DataPatch]) {
        var hits: [Element] = []
        var released: [Element] = []
        for patch in patches {
            let start = hits.count
            patchCount += 1
            if case .splice(let index, _, _) = patch.change {
                // A splice changes the array's length and the items from `index` on; reads of earlier items keep
                // their values, so an append at the end of a long list wakes only what reads its length.
                readIndex.collect(overlappingSpliceAt: patch.path, from: index, into: &hits)
            } else {
                readIndex.collect(overlapping: patch.path, into: &hits)
                valuePatchPaths.append(patch.path)
            }
            for element in hits[start...] where element.itemsPatchSeen != patchCount {
                element.itemsPatchSeen = patchCount
                if element.readsAreItemsArray { element.widget.itemsPatched(patch, on: element) }
                if element.widget.releaseDataLists(on: element) { released.append(element) }
            }
            data.apply(patch)
        }
        for element in hits { dirty.insert(element) }
        // Read again now, not at the next build: input may reach the widget before then.
        for element in released where element.lifecycle == .active { refresh(element, deep: false) }
    }

    /// Patches applied so far (see `Element.itemsPatchSeen`).
    private var patchCount = 0

    /// Paths of the patches other than splices since the last build. A row that splices only moved shows the same
    /// data and is rebased without re-evaluating it (`rebase`); a patch at, above or inside its array may have
    /// changed the item too (an item's field set before or after a splice, a new array that also edits an item),
    /// so then its dirty elements are evaluated again.
    private var valuePatchPaths: [DataPath] = []
    /// Per array path, whether one of `valuePatchPaths` reached it: worked out once per build for the rows of an array
    /// that a splice shifted, not once per row.
    private var arraysChangedInPlace: [DataPath: Bool] = [:]

    /// Rebuilds dirty elements, parents first; an element refreshed as part of its parent is not refreshed again.
    /// A component whose properties changed dirties its body's readers during the pass; they are rebuilt in the
    /// same call, in a further round (bounded: a body cannot change its use site).
    func rebuildDirty() {
        var rounds = 0
        while !dirty.isEmpty && rounds < Self.maximumRebuildRounds {
            rounds += 1
            pass += 1
            stats.dirtyElements += dirty.count
            for element in dirty.takeByDepth() where element.lifecycle == .active && element.refreshedInPass != pass {
                let oldKey = element.key
                refresh(element, deep: false)
                if element.key != oldKey, let parent = element.parent, !parent.kind.traits.contains(.virtualizesChildren) {
                    updateChildren(parent, specs: parent.widget.childSpecs(of: parent, in: self), deep: false)
                }
            }
            finishPass()
        }
        valuePatchPaths.removeAll()
        arraysChangedInPlace.removeAll()
    }

    /// Nested components pass properties down one level per round.
    static let maximumRebuildRounds = 64

    // MARK: Components

    /// Component instances attached, changed and detached since the host last took them, in order.
    private(set) var componentEvents: [ComponentLifecycleEvent] = []
    /// Each component's initial data, from its script (`Component('Name', { data })`); nil without one.
    private let componentData: (String) -> [String: JSONValue]?
    /// `componentData`'s answers: scripts register their components before any page exists.
    private var componentDataCache: [String: [String: JSONValue]?] = [:]
    private var nextInstanceId = 1

    func takeComponentEvents() -> [ComponentLifecycleEvent] {
        defer { componentEvents.removeAll() }
        return componentEvents
    }

    /// Creates the instance of a new component element and writes its data (the script's initial data, then the
    /// properties) before its body is built.
    func attachComponent(_ element: Element, use: ComponentUse) {
        let instance = ComponentInstance(id: nextInstanceId, name: use.component, properties: use.properties)
        nextInstanceId += 1
        element.componentInstance = instance
        // Properties are not data: the body sees them as names bound by the instance (see `PageData.scope`), so a
        // row of a list costs no data write and no read registration for them. The script's data is written here.
        let initial: [String: JSONValue]?
        if let cached = componentDataCache[use.component] { initial = cached } else {
            initial = componentData(use.component)
            componentDataCache[use.component] = .some(initial)
        }
        // A pure template (no script) has no script object to create, tell or remove.
        guard let initial else { return }
        instance.hasScript = true
        if !initial.isEmpty { data.apply(DataPatch(path: instance.path, change: .set(.object(initial)))) }
        componentEvents.append(.attached(id: instance.id, component: use.component, properties: .object(use.properties),
                                         owner: element.handlerOwner, events: use.events, useLoc: element.node.loc))
    }

    /// Takes the use site's new property values; the component rebuilds its body (`ComponentUse.reconcileChildren`)
    /// and its script hears which changed. Returns whether any did.
    @discardableResult
    func updateComponentProperties(_ element: Element, to properties: [String: JSONValue]) -> Bool {
        guard let instance = element.componentInstance else { return false }
        var changes: [String: JSONValue] = [:]
        for (name, value) in properties where instance.properties[name] != value { changes[name] = value }
        guard !changes.isEmpty else { return false }
        instance.properties = properties
        if instance.hasScript { componentEvents.append(.propertiesChanged(id: instance.id, changes: .object(changes))) }
        return true
    }

    private func detachComponent(_ instance: ComponentInstance) {
        guard instance.hasScript else { return }
        data.removeInstance(instance)
        componentEvents.append(.detached(id: instance.id))
    }

    /// Disposes what was removed this pass and not revived by a GlobalKey.
    func finishPass() {
        for element in deactivated where element.lifecycle == .deactivated { dispose(element) }
        retiredElements.append(contentsOf: deactivated)
        deactivated.removeAll(keepingCapacity: true)
    }

    /// Frees what patches replaced and rebuilds disposed since the last call.
    func releaseRetired() {
        data.releaseRetired()
        retiredElements.removeAll(keepingCapacity: true)
    }

    func report(_ message: String, loc: String?) { diagnostics.report(message, loc: loc) }

    // MARK: Refresh

    /// Re-evaluates `element`'s props and re-matches its children. `deep` also refreshes every reused
    /// descendant, for when the scope or template under them changed.
    func refresh(_ element: Element, deep: Bool) {
        element.refreshedInPass = pass
        element.layoutStale = true
        let old = element.widget
        let oldHidden = element.hidden
        // A data change under an unchanged scope reads the same paths unless an index is computed from data.
        let bindsItems = element.kind.traits.contains(.bindsItems)
        evaluate(element, collectReads: deep || bindsItems || element.node.hasDataDependentReads || element.node.loadError != nil)
        var change = element.widget.change(from: old)
        if element.hidden != oldHidden { change = .relayout }
        let configChanged = change != .none
        if configChanged {
            if change == .relayout {
                needs.layout = true
                element.box.invalidateText()
            }
            needs.paint = true
        }
        element.widget.didRefresh(element, old: old, deep: deep, configChanged: configChanged, in: self)
        element.widget.reconcileChildren(of: element, in: self, deep: deep, configChanged: configChanged,
                                         wasError: old.isError)
        // Never keep a reference to the data's arrays past this point: it would make the next patch copy them.
        pendingItems = nil
    }

    /// Evaluates the element's own props into its configuration, key, dataset and hidden flag, and records its reads.
    private func evaluate(_ element: Element, collectReads: Bool) {
        stats.rebuiltElements += 1
        let node = element.node
        if let loadError = node.loadError {
            element.widget = ErrorBox(message: loadError)
            report(loadError, loc: node.loc)
            setReads(element, [], kind: .value)
            return
        }
        if node.kind === WidgetRegistry.item { return }
        let scope = data.scope(for: element)
        var reads: [DataPath] = []
        var props: [String: JSONValue] = [:]
        props.reserveCapacity(node.props.count)
        for (name, value) in node.props { props[name] = value.evaluate(in: scope, reads: &reads, collect: collectReads) }
        if let global = node.globalKey {
            element.key = .global(global.evaluate(in: scope, reads: &reads, collect: collectReads).displayText)
        } else if let key = node.key {
            element.key = .value(key.evaluate(in: scope, reads: &reads, collect: collectReads))
        }
        element.hidden = node.hidden?.evaluate(in: scope, reads: &reads, collect: collectReads).isTruthy ?? false
        if let dataset = node.dataset { element.dataset = dataset.evaluate(in: scope, reads: &reads, collect: collectReads) }
        if let id = node.elementId { element.elementId = id.evaluate(in: scope, reads: &reads, collect: collectReads).displayText }
        if let items = node.items {
            // The items are evaluated once here, type-checked by the decoder, and handed to the child update.
            let before = reads.count
            let value = items.evaluate(in: scope, reads: &reads)
            props["p1"] = value
            var path: DataPath?
            if case .template(let t) = items, let e = t.singleExpression, case .path = e, reads.count == before + 1 {
                path = reads[before]
            }
            pendingItems = (ObjectIdentifier(element), value.arrayValue ?? [], path)
        }
        let wasError = element.widget.isError
        defer {
            // A fragment lays out in its parent: its turning into an error box, or back, changes the parent's children.
            if node.kind.isFragment && wasError != element.widget.isError { element.invalidateLayoutChildren() }
        }
        do {
            if node.hasDecoration {
                let decoration = try ElementDecoration.take(from: &props)
                if decoration != element.decoration {
                    element.decoration = decoration
                    needs.paint = true
                }
            }
            element.widget = try node.kind.decode(props)
        } catch {
            element.widget = ErrorBox(message: error.description)
            report(error.description, loc: node.loc)
        }
        guard collectReads else { return }
        if node.items != nil, let list = element.widget as? any ItemsBinding {
            setReads(element, reads, kind: .itemsArray(keyField: list.listBinding.keyField))
        } else {
            setReads(element, reads, kind: .value)
        }
    }

    private func setReads(_ element: Element, _ reads: [DataPath], kind: ReadKind) {
        let asItems = kind != .value
        if reads == element.reads && asItems == element.readsAreItemsArray { return }
        readIndex.unregister(element, paths: element.reads)
        readIndex.register(element, paths: reads, kind: kind)
        element.reads = reads
        element.readsAreItemsArray = asItems
    }

    // MARK: Children

    /// Specs for template nodes placed as they are (a container's children, the chosen If branch).
    func templateSpecs(_ nodes: [CompiledNode], in parent: Element) -> [ChildSpec] {
        guard !nodes.isEmpty else { return [] }
        var needsScope = false
        for n in nodes where n.key != nil || n.globalKey != nil { needsScope = true; break }
        if !needsScope { return nodes.map { ChildSpec(node: $0, key: nil, binding: nil) } }
        let scope = data.scope(for: parent)
        return nodes.map { n in
            var ignored: [DataPath] = []
            var key: WidgetKey?
            if let g = n.globalKey { key = .global(g.evaluate(in: scope, reads: &ignored).displayText) }
            else if let k = n.key { key = .value(k.evaluate(in: scope, reads: &ignored)) }
            return ChildSpec(node: n, key: key, binding: nil)
        }
    }

    /// One spec per item of a ForEach or ListView, keyed by the binding's key field.
    func itemSpecs(_ element: Element, binding: ListBinding) -> [ChildSpec] {
        let (items, itemsPath) = evaluateItems(element)
        let itemNode = element.node.itemNode
        var specs: [ChildSpec] = []
        specs.reserveCapacity(items.count)
        var keys = [WidgetKey?](repeating: nil, count: items.count)
        if let field = binding.keyField, !field.isEmpty {
            items.forEachMember(field) { i, k in keys[i] = k.map { .value($0) } }
        }
        for i in items.indices {
            let key = keys[i]
            let path = itemsPath.map { DataPath($0.components + [.index(i)]) }
            specs.append(ChildSpec(node: itemNode, key: key,
                                   binding: ItemBinding(itemName: binding.itemName, value: path == nil ? items[i] : .null,
                                                        path: path, indexName: binding.indexName, index: i)))
        }
        return specs
    }

    /// The list's items and, when the items expression is a plain path to them, that absolute path.
    func evaluateItems(_ element: Element) -> (JSONArray, DataPath?) {
        if let pending = pendingItems, pending.element == ObjectIdentifier(element) {
            pendingItems = nil
            return (pending.items, pending.path)
        }
        guard let items = element.node.items else { return ([], nil) }
        let scope = data.scope(for: element)
        var reads: [DataPath] = []
        let value = items.evaluate(in: scope, reads: &reads)
        var path: DataPath?
        if case .template(let t) = items, let e = t.singleExpression, case .path = e, reads.count == 1 { path = reads[0] }
        return (value.arrayValue ?? [], path)
    }

    /// The first item of the list `element` whose row would hold a widget with the `.id` `id`, each row's ids
    /// evaluated as its build would (`this.focus` on a row not built yet). Lists nested in a row are not searched.
    func firstItem(ofList element: Element, holdingId id: String, itemName: String, indexName: String?) -> Int? {
        let (items, path) = evaluateItems(element)
        let base = data.scope(for: element)
        let templates = element.node.itemNode.children
        for i in 0..<items.count {
            var scope = base
            scope.bind(itemName, to: items[i], at: path.map { DataPath($0.components + [.index(i)]) })
            if let indexName { scope.bind(indexName, to: .number(Double(i)), at: nil) }
            if Self.holds(id, templates, in: scope) { return i }
        }
        return nil
    }

    private static func holds(_ id: String, _ nodes: [CompiledNode], in scope: ExpressionScope) -> Bool {
        var reads: [DataPath] = []
        for node in nodes {
            if let binding = node.elementId, binding.evaluate(in: scope, reads: &reads, collect: false).displayText == id { return true }
            if node.items == nil, holds(id, node.children + node.elseChildren, in: scope) { return true }
        }
        return false
    }

    /// Removes every child (and any state that holds children, such as a list's rows).
    func removeAllChildren(_ element: Element) {
        element.state?.reset(element, in: self)
        if !element.children.isEmpty { updateChildren(element, specs: [], deep: false) }
    }

    /// Matches `specs` against the element's current children (kind and key), reusing, creating and removing
    /// elements; duplicate keys are reported and matched by position instead.
    func updateChildren(_ parent: Element, specs: [ChildSpec], deep: Bool) {
        let old = parent.children
        if old.isEmpty && specs.isEmpty { return }
        let diff = KeyedChildrenDiff(old: old.map(\.identity), new: specs.map(\.identity),
                                     oldKeysAreUnique: parent.childKeysUnique)
        parent.childKeysUnique = diff.duplicateKeys.isEmpty
        if !diff.duplicateKeys.isEmpty {
            let names = diff.duplicateKeys.map(\.description).joined(separator: ", ")
            report("duplicate keys among the children of \(parent.node.cls): \(names); matching by position", loc: parent.node.loc)
        }
        stats.moved += diff.moves
        for i in diff.removedOld { deactivate(old[i]) }
        var children: [Element] = []
        children.reserveCapacity(specs.count)
        for (j, spec) in specs.enumerated() {
            let i = diff.oldIndexForNew[j]
            if i >= 0 {
                let child = old[i]
                update(child, with: spec, deep: deep)
                children.append(child)
            } else {
                children.append(inflate(spec, parent: parent))
            }
        }
        if diff.moves > 0 || !diff.removedOld.isEmpty || children.count != old.count { needs.layout = true }
        parent.children = children
    }

    /// Brings a reused child up to date with its new spec.
    func update(_ child: Element, with spec: ChildSpec, deep: Bool) {
        if child.node !== spec.node {
            child.node = spec.node
            child.itemBinding = spec.binding
            refresh(child, deep: true)
        } else if let binding = spec.binding, let old = child.itemBinding, !old.sameBinding(as: binding) {
            child.itemBinding = binding
            if !deep, canRebase(child, from: old, to: binding), let from = old.path, let to = binding.path {
                rebase(child, from: from, to: to)
            } else {
                refresh(child, deep: true)
            }
        } else if deep && child.refreshedInPass != pass {
            refresh(child, deep: true)
        }
    }

    /// An item that only moved to another index of the same list shows the same data, so its subtree needs no
    /// re-evaluation, only its reads moved to the new path, unless something under it reads the index or reaches
    /// the list by name.
    private func canRebase(_ item: Element, from old: ItemBinding, to new: ItemBinding) -> Bool {
        guard let from = old.path, let to = new.path, from.components.count == to.components.count,
              old.itemName == new.itemName, old.indexName == new.indexName else { return false }
        let names = item.node.subtreeNames
        if let indexName = new.indexName, names.contains(indexName) { return false }
        if let head = to.head, names.contains(head) { return false }
        return true
    }

    /// Whether a patch other than a splice since the last build reached `array`: at it, above it or inside it.
    private func changedInPlace(_ array: DataPath) -> Bool {
        if let known = arraysChangedInPlace[array] { return known }
        let changed = valuePatchPaths.contains { $0.isPrefix(of: array) || array.isPrefix(of: $0) }
        arraysChangedInPlace[array] = changed
        return changed
    }

    /// Moves the reads (and nested item paths) of a subtree from under `from` to under `to`.
    private func rebase(_ item: Element, from: DataPath, to: DataPath) {
        let n = from.components.count
        func moved(_ p: DataPath) -> DataPath {
            guard from.isPrefix(of: p) else { return p }
            return DataPath(to.components + p.components[n...])
        }
        // Both item nodes are looked up once; each read then walks only its part below the item.
        let mover = readIndex.mover(from: from, to: to)
        let sameData = valuePatchPaths.isEmpty || !changedInPlace(DataPath(Array(from.components.dropLast())))
        var stack = [item]
        while let e = stack.popLast() {
            if sameData { e.refreshedInPass = pass }
            if !e.reads.isEmpty {
                var newReads = e.reads
                let kind: ReadKind = e.readsAreItemsArray ? .itemsArray(keyField: (e.widget as? any ItemsBinding)?.listBinding.keyField) : .value
                for (i, read) in e.reads.enumerated() {
                    if from.isPrefix(of: read) {
                        mover.move(e, suffix: read.components[n...], kind: kind)
                        newReads[i] = moved(read)
                    }
                }
                e.reads = newReads
            }
            if e !== item, let path = e.itemBinding?.path { e.itemBinding?.path = moved(path) }
            e.state?.dataMoved(moved)
            stack.append(contentsOf: e.children)
        }
    }

    /// Creates (mounts) an element for `spec`, or revives the element holding the same GlobalKey.
    func inflate(_ spec: ChildSpec, parent: Element) -> Element {
        if case .global(let name)? = spec.key, let existing = globalKeys[name], existing.kind === spec.node.kind,
           existing.lifecycle != .disposed, !existing.encloses(parent)
        {
            if let oldParent = existing.parent, oldParent !== parent {
                oldParent.children.removeAll { $0 === existing }
                oldParent.state?.childLeft(existing)
            }
            reactivate(existing)
            existing.parent = parent
            existing.scopeOwner = Self.scopeOwner(of: existing, kind: existing.kind, parent: parent)
            setDepth(existing, parent.depth + 1)
            existing.itemBinding = spec.binding
            existing.node = spec.node
            log("reparent", existing)
            needs.layout = true
            refresh(existing, deep: true)
            return existing
        }
        let element = Element(node: spec.node, parent: parent, depth: parent.depth + 1)
        element.itemBinding = spec.binding
        element.scopeOwner = Self.scopeOwner(of: element, kind: spec.node.kind, parent: parent)
        element.key = spec.key
        stats.inserted += 1
        needs.layout = true
        refresh(element, deep: true)
        element.widget.didMount(element, in: self)
        log("initState", element)
        if case .global(let name)? = element.key, !globalKeys.register(element, name: name) {
            report("duplicate GlobalKey '\(name)'", loc: element.node.loc)
        }
        return element
    }

    /// Where an element's names resolve from: itself when it binds names (a list item) or switches scope (a slot),
    /// the component when it is a component's body, else wherever its parent's resolve.
    static func scopeOwner(of element: Element, kind: WidgetKind, parent: Element) -> Element? {
        if kind.traits.contains(.itemScope) || kind.traits.contains(.slotContent) { return element }
        if parent.kind.traits.contains(.componentScope) { return parent }
        return parent.scopeOwner
    }

    private func setDepth(_ element: Element, _ depth: Int) {
        var stack: [(Element, Int)] = [(element, depth)]
        while let (e, d) = stack.popLast() {
            e.depth = d
            for c in e.children { stack.append((c, d + 1)) }
        }
    }

    /// Removes a subtree from the tree; it is disposed at the end of the pass unless a GlobalKey revives it.
    func deactivate(_ element: Element) {
        var stack = [element]
        while let e = stack.popLast() {
            readIndex.unregister(e, paths: e.reads)
            e.reads = []
            e.lifecycle = .deactivated
            log("deactivate", e)
            stack.append(contentsOf: e.children)
            if let held = e.state?.heldElements(besides: e.children) { stack.append(contentsOf: held) }
        }
        deactivated.append(element)
        needs.layout = true
    }

    private func reactivate(_ element: Element) {
        var stack = [element]
        while let e = stack.popLast() {
            e.lifecycle = .active
            stack.append(contentsOf: e.children)
        }
    }

    private func dispose(_ element: Element) {
        var stack = [element]
        while let e = stack.popLast() {
            // A child revived elsewhere by its GlobalKey is active again and no longer ours to dispose.
            guard e.lifecycle == .deactivated else { continue }
            e.lifecycle = .disposed
            stats.removed += 1
            if case .global(let name)? = e.key { globalKeys.remove(e, name: name) }
            if let instance = e.componentInstance { detachComponent(instance) }
            onDispose?(e)
            log("dispose", e)
            stack.append(contentsOf: e.children)
        }
    }

    func log(_ event: String, _ element: Element) {
        guard lifecycleLog != nil else { return }
        lifecycleLog?.append("\(event) \(element.node.cls)\(element.key.map { " \($0)" } ?? "")")
    }
}

extension ItemBinding {
    /// Same place in the data: the item's values are read fresh through the path, so only the place matters
    /// (and the value itself when the item has no path).
    func sameBinding(as other: ItemBinding) -> Bool {
        index == other.index && path == other.path && itemName == other.itemName && indexName == other.indexName
            && (path != nil || value == other.value)
    }
}
