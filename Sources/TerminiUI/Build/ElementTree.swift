import TerminiTemplate

/// The retained element tree of one page and the reconciler that keeps it in step with templates and data.
///
/// A build pass refreshes only dirty elements: an element re-evaluates its own props; fragments (If, ForEach,
/// ListView) re-match their children by type and key. Children that keep their template node and scope are left
/// alone, so a patch costs in proportion to the elements that read it.
final class ElementTree {
    /// One child to place: its template node, identity key and (for list items) the names it binds.
    struct ChildSpec {
        var node: CompiledNode
        var key: WidgetKey?
        var binding: ItemBinding?
        var identity: KeyedChildrenDiff.Identity { .init(type: node.type.rawValue, key: key) }
    }

    private(set) var data: JSONValue
    let root: Element
    let readIndex = ReadIndex()
    var globalKeys: [String: Element] = [:]
    private(set) var diagnostics: [RenderDiagnostic] = []
    private var diagnosticSet: Set<RenderDiagnostic> = []
    var stats = BuildStats()
    private var pass = 0
    private var deactivated: [Element] = []
    /// Data that patches replaced and elements that rebuilds disposed, kept until `releaseRetired()`: freeing a
    /// replaced 1,000-row list is a large share of a frame, and after the frame it costs nobody any latency.
    private var retiredData: [JSONValue] = []
    private var retiredElements: [Element] = []
    private var dirty: [Element] = []
    private var dirtyPass: [ObjectIdentifier: Int] = [:]
    var needsLayout = true
    /// Something changed that shows without changing sizes (a style); the host still needs a frame.
    var needsPaint = false
    /// Items a list element evaluated in `evaluate`, consumed by the child update that follows it.
    private var pendingItems: (element: ObjectIdentifier, items: [JSONValue], path: DataPath?)?
    /// Elements laid out in the current layout pass.
    var layoutNodes = 0
    /// Spinner animation frame, advanced by `PageView.tick`.
    var spinnerFrame = 0
    /// Elements painted in the last frame, in paint order (later ones are on top), for hit testing and focus.
    var paintOrder: [Element] = []
    weak var focused: Element?
    /// Lifecycle calls, recorded only when a test asks for them.
    var lifecycleLog: [String]?

    init(template: TemplateNode, data: JSONValue) {
        self.data = data
        let rootNode = CompiledNode.compile(template)
        let wrapper = CompiledNode.pageRoot(child: rootNode)
        root = Element(node: wrapper, parent: nil, depth: 0)
        root.scopeOwner = root
        pass = 1
        refresh(root, deep: true)
        finishPass()
    }

    var hasDirtyElements: Bool { !dirty.isEmpty }

    /// Hot reload: reconciles a new template against the live tree, so elements whose type and key still match
    /// keep their state (edit buffers, scroll offsets, focus).
    func replaceTemplate(_ template: TemplateNode) {
        pass += 1
        diagnostics.removeAll()
        diagnosticSet.removeAll()
        let rootNode = CompiledNode.compile(template)
        updateChildren(root, specs: [ChildSpec(node: rootNode, key: nil, binding: nil)], deep: true)
        needsLayout = true
        finishPass()
    }

    // MARK: Data

    /// Writes patches into the data and marks the elements whose reads overlap them.
    func apply(_ patches: [DataPatch]) {
        var hits: [Element] = []
        for patch in patches {
            retiredData.append(data.apply(patch))
            // A splice changes the array's length and every index after it: the same reads as a set of the array.
            readIndex.collect(overlapping: patch.path, into: &hits)
        }
        for element in hits {
            let id = ObjectIdentifier(element)
            if dirtyPass[id] == nil {
                dirtyPass[id] = 1
                dirty.append(element)
            }
        }
    }

    /// Rebuilds dirty elements, parents first; an element refreshed as part of its parent is not refreshed again.
    func rebuildDirty() {
        guard !dirty.isEmpty else { return }
        pass += 1
        stats.dirtyElements += dirty.count
        let batch = dirty.sorted { $0.depth < $1.depth }
        dirty.removeAll(keepingCapacity: true)
        dirtyPass.removeAll(keepingCapacity: true)
        for element in batch where element.lifecycle == .active && element.refreshedInPass != pass {
            let oldKey = element.key
            refresh(element, deep: false)
            if element.key != oldKey, let parent = element.parent, parent.list == nil {
                updateChildren(parent, specs: childSpecs(of: parent), deep: false)
            }
        }
        finishPass()
    }

    /// Disposes what was removed this pass and not revived by a GlobalKey.
    func finishPass() {
        for element in deactivated where element.lifecycle == .deactivated { dispose(element) }
        retiredElements.append(contentsOf: deactivated)
        deactivated.removeAll(keepingCapacity: true)
    }

    /// Frees what patches replaced and rebuilds disposed since the last call.
    func releaseRetired() {
        retiredData.removeAll(keepingCapacity: true)
        retiredElements.removeAll(keepingCapacity: true)
    }

    func report(_ message: String, loc: String?) {
        let diagnostic = RenderDiagnostic(message: message, loc: loc)
        if diagnosticSet.insert(diagnostic).inserted { diagnostics.append(diagnostic) }
    }

    // MARK: Scope

    /// Page data plus the item bindings of the element's enclosing list items, outermost first. Item values are
    /// read fresh from the data at their paths, so a patch inside an item is seen without rebinding it.
    func scope(for element: Element) -> ExpressionScope {
        var scope = ExpressionScope(data: data)
        var owner = element.scopeOwner
        var chain: [ItemBinding] = []
        while let o = owner {
            if let b = o.itemBinding { chain.append(b) }
            owner = o.parent?.scopeOwner
        }
        for b in chain.reversed() {
            let value = b.path.flatMap { data.value(at: $0) } ?? b.value
            scope.bind(b.itemName, to: value, at: b.path)
            if let indexName = b.indexName { scope.bind(indexName, to: .number(Double(b.index)), at: nil) }
        }
        return scope
    }

    // MARK: Refresh

    /// Re-evaluates `element`'s props and re-matches its children. `deep` also refreshes every reused
    /// descendant, for when the scope or template under them changed.
    func refresh(_ element: Element, deep: Bool) {
        element.refreshedInPass = pass
        let oldConfig = element.config
        let oldHidden = element.hidden
        // A data change under an unchanged scope reads the same paths unless an index is computed from data.
        let isList = element.type == .forEach || element.type == .listView
        evaluate(element, collectReads: deep || isList || element.node.hasDataDependentReads || element.node.loadError != nil)
        let configChanged = element.config != oldConfig || element.hidden != oldHidden
        if configChanged {
            if element.hidden != oldHidden || !element.config.hasSameLayout(as: oldConfig) {
                needsLayout = true
                element.linesWidth = -1
            }
            needsPaint = true
            if deep { didUpdateWidget(element, old: oldConfig) }
        }
        if !deep, case .textField(let value, _, _, _) = element.config {
            // Its data was patched: even if the value ends where it was, it may differ from the buffer.
            if configChanged { log("didUpdateWidget", element) }
            syncControlledValue(element, value: value)
        }
        switch element.type {
        case .ifControl:
            if deep || configChanged { updateChildren(element, specs: childSpecs(of: element), deep: deep) }
        case .forEach:
            updateChildren(element, specs: childSpecs(of: element), deep: deep)
        case .listView:
            updateListSlots(element, deep: deep)
        default:
            if case .error = element.config {
                if !element.children.isEmpty { updateChildren(element, specs: [], deep: false) }
            } else if deep || (configChanged && oldConfig.isError) {
                updateChildren(element, specs: childSpecs(of: element), deep: deep)
            }
        }
        // Never keep a reference to the data's arrays past this point: it would make the next patch copy them.
        pendingItems = nil
    }

    /// Evaluates the element's own props into its config, key, dataset and hidden flag, and records its reads.
    private func evaluate(_ element: Element, collectReads: Bool) {
        stats.rebuiltElements += 1
        let node = element.node
        if let loadError = node.loadError {
            element.config = .error(message: loadError)
            report(loadError, loc: node.loc)
            setReads(element, [], itemsKeyField: nil)
            return
        }
        if node.type == .item { return }
        let scope = scope(for: element)
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
        let isList = node.type == .forEach || node.type == .listView
        if isList, let items = node.items {
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
        do {
            element.config = try WidgetDecoder.decode(node.type, props: props)
        } catch {
            element.config = .error(message: error.message)
            report(error.message, loc: node.loc)
        }
        guard collectReads else { return }
        switch element.config {
        case .forEach(let binding), .listView(let binding):
            setReads(element, reads, itemsKeyField: .some(binding.keyField))
        default:
            setReads(element, reads, itemsKeyField: nil)
        }
    }

    private func setReads(_ element: Element, _ reads: [DataPath], itemsKeyField: String??) {
        let asItems = itemsKeyField != nil
        if reads == element.reads && asItems == element.readsAreItemsArray { return }
        readIndex.unregister(element, paths: element.reads)
        readIndex.register(element, paths: reads, itemsKeyField: itemsKeyField)
        element.reads = reads
        element.readsAreItemsArray = asItems
    }

    /// didUpdateWidget: a TextField whose bound value changed adopts it (see `syncControlledValue`).
    private func didUpdateWidget(_ element: Element, old: WidgetConfig) {
        guard case .textField(let value, _, _, _) = element.config, case .textField(let oldValue, _, _, _) = old,
              oldValue != value else { return }
        log("didUpdateWidget", element)
        syncControlledValue(element, value: value)
    }

    /// A controlled TextField: the page's value wins over the edit buffer unless it is an echo of an edit the
    /// field reported itself (JS lagging behind typing). Compared against the buffer rather than the previous
    /// value, so `draft = 'Buy milk'` then `draft = ''` landing in one frame still clears the field.
    func syncControlledValue(_ element: Element, value: String) {
        if value == String(element.editText) {
            element.reportedEdits.removeAll()
            return
        }
        if let i = element.reportedEdits.lastIndex(of: value) {
            element.reportedEdits.removeFirst(i + 1)
            return
        }
        element.editText = Array(value)
        element.cursor = element.editText.count
        element.reportedEdits.removeAll()
        needsLayout = true
    }

    // MARK: Children

    /// The children an element should have now: a widget's template children, the chosen If branch, or one item
    /// per ForEach element.
    func childSpecs(of element: Element) -> [ChildSpec] {
        let node = element.node
        switch element.config {
        case .error: return []
        case .ifControl(let condition): return staticSpecs(condition ? node.children : node.elseChildren, in: element)
        case .forEach(let binding): return itemSpecs(element, binding: binding).specs
        default: return staticSpecs(node.children, in: element)
        }
    }

    private func staticSpecs(_ nodes: [CompiledNode], in parent: Element) -> [ChildSpec] {
        guard !nodes.isEmpty else { return [] }
        var needsScope = false
        for n in nodes where n.key != nil || n.globalKey != nil { needsScope = true; break }
        if !needsScope { return nodes.map { ChildSpec(node: $0, key: nil, binding: nil) } }
        let scope = scope(for: parent)
        return nodes.map { n in
            var ignored: [DataPath] = []
            var key: WidgetKey?
            if let g = n.globalKey { key = .global(g.evaluate(in: scope, reads: &ignored).displayText) }
            else if let k = n.key { key = .value(k.evaluate(in: scope, reads: &ignored)) }
            return ChildSpec(node: n, key: key, binding: nil)
        }
    }

    /// The items of a ForEach or ListView: the evaluated array, the path it lives at, and one spec per item.
    func itemSpecs(_ element: Element, binding: ListBinding) -> (specs: [ChildSpec], itemsPath: DataPath?) {
        let (items, itemsPath) = evaluateItems(element)
        let itemNode = element.node.itemNode
        var specs: [ChildSpec] = []
        specs.reserveCapacity(items.count)
        for (i, item) in items.enumerated() {
            var key: WidgetKey?
            if let field = binding.keyField, !field.isEmpty, let k = item[field] { key = .value(k) }
            let path = itemsPath.map { DataPath($0.components + [.index(i)]) }
            specs.append(ChildSpec(node: itemNode, key: key,
                                   binding: ItemBinding(itemName: binding.itemName, value: path == nil ? item : .null,
                                                        path: path, indexName: binding.indexName, index: i)))
        }
        return (specs, itemsPath)
    }

    /// The list's items and, when the items expression is a plain path to them, that absolute path.
    func evaluateItems(_ element: Element) -> ([JSONValue], DataPath?) {
        if let pending = pendingItems, pending.element == ObjectIdentifier(element) {
            pendingItems = nil
            return (pending.items, pending.path)
        }
        guard let items = element.node.items else { return ([], nil) }
        let scope = scope(for: element)
        var reads: [DataPath] = []
        let value = items.evaluate(in: scope, reads: &reads)
        var path: DataPath?
        if case .template(let t) = items, let e = t.singleExpression, case .path = e, reads.count == 1 { path = reads[0] }
        return (value.arrayValue ?? [], path)
    }

    /// Matches `specs` against the element's current children (type and key), reusing, creating and removing
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
        if diff.moves > 0 || !diff.removedOld.isEmpty || children.count != old.count { needsLayout = true }
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
            if canRebase(child, from: old, to: binding), let from = old.path, let to = binding.path {
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

    /// Moves the reads (and nested item paths) of a subtree from under `from` to under `to`.
    private func rebase(_ item: Element, from: DataPath, to: DataPath) {
        let n = from.components.count
        func moved(_ p: DataPath) -> DataPath {
            guard from.isPrefix(of: p) else { return p }
            return DataPath(to.components + p.components[n...])
        }
        // Both item nodes are looked up once; each read then walks only its part below the item.
        let mover = readIndex.mover(from: from, to: to)
        var stack = [item]
        while let e = stack.popLast() {
            e.refreshedInPass = pass
            if !e.reads.isEmpty {
                var newReads = e.reads
                let keyField: String?? = e.readsAreItemsArray ? .some(e.listKeyField) : nil
                for (i, read) in e.reads.enumerated() {
                    if from.isPrefix(of: read) {
                        mover.move(e, suffix: read.components[n...], itemsKeyField: keyField)
                        newReads[i] = moved(read)
                    }
                }
                e.reads = newReads
            }
            if e !== item, let path = e.itemBinding?.path { e.itemBinding?.path = moved(path) }
            if let itemsPath = e.list?.itemsPath { e.list?.itemsPath = moved(itemsPath) }
            stack.append(contentsOf: e.children)
        }
    }

    /// Creates (mounts) an element for `spec`, or revives the element holding the same GlobalKey.
    func inflate(_ spec: ChildSpec, parent: Element) -> Element {
        if case .global(let name)? = spec.key, let existing = globalKeys[name], existing.type == spec.node.type,
           existing.lifecycle != .disposed, !isAncestor(existing, of: parent)
        {
            if let oldParent = existing.parent, oldParent !== parent {
                oldParent.children.removeAll { $0 === existing }
                if oldParent.list != nil { oldParent.list?.removeElement(existing) }
            }
            reactivate(existing)
            existing.parent = parent
            existing.scopeOwner = existing.type == .item ? existing : parent.scopeOwner
            setDepth(existing, parent.depth + 1)
            existing.itemBinding = spec.binding
            existing.node = spec.node
            log("reparent", existing)
            needsLayout = true
            refresh(existing, deep: true)
            return existing
        }
        let element = Element(node: spec.node, parent: parent, depth: parent.depth + 1)
        element.itemBinding = spec.binding
        element.scopeOwner = spec.node.type == .item ? element : parent.scopeOwner
        element.key = spec.key
        stats.inserted += 1
        needsLayout = true
        refresh(element, deep: true)
        initState(element)
        if case .global(let name)? = element.key {
            if let other = globalKeys[name], other.lifecycle == .active, other !== element {
                report("duplicate GlobalKey '\(name)'", loc: element.node.loc)
            } else {
                globalKeys[name] = element
            }
        }
        return element
    }

    private func isAncestor(_ candidate: Element, of element: Element) -> Bool {
        var e: Element? = element
        while let current = e {
            if current === candidate { return true }
            e = current.parent
        }
        return false
    }

    private func setDepth(_ element: Element, _ depth: Int) {
        var stack: [(Element, Int)] = [(element, depth)]
        while let (e, d) = stack.popLast() {
            e.depth = d
            for c in e.children { stack.append((c, d + 1)) }
        }
    }

    /// initState: a TextField starts with its value and the cursor at the end.
    private func initState(_ element: Element) {
        if case .textField(let value, _, _, _) = element.config {
            element.editText = Array(value)
            element.cursor = element.editText.count
        }
        log("initState", element)
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
            if let list = e.list { for case let row? in list.elements where !e.children.contains(where: { $0 === row }) { stack.append(row) } }
        }
        deactivated.append(element)
        needsLayout = true
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
            if case .global(let name)? = e.key, globalKeys[name] === e { globalKeys[name] = nil }
            if focused === e { focused = nil }
            log("dispose", e)
            stack.append(contentsOf: e.children)
        }
    }

    private func log(_ event: String, _ element: Element) {
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

extension WidgetConfig {
    var isError: Bool { if case .error = self { return true } else { return false } }
}

