import TerminiTemplate

/// ListView virtualization: the keys of all items are diffed (so moves and state follow keys over the whole
/// list), but elements exist only for the rows layout asks for.
extension ElementTree {
    /// Re-reads the items, re-matches the built rows by key, and counts moves over the whole list.
    func updateListSlots(_ element: Element, deep: Bool) {
        guard case .listView(let binding) = element.config else {
            if let list = element.list {
                for case let row? in list.elements { deactivate(row) }
                element.list = nil
                element.children = []
            }
            return
        }
        var list = element.list ?? ListSlots()
        element.list = nil
        let (items, itemsPath) = evaluateItems(element)
        var keys: [WidgetKey?] = []
        keys.reserveCapacity(items.count)
        let field = binding.keyField ?? ""
        for item in items {
            if !field.isEmpty, case .object(let o) = item, let k = o[field] { keys.append(.value(k)) } else { keys.append(nil) }
        }
        var newElements: [Element?]
        let diff = KeyedChildrenDiff(old: list.keys, new: keys, oldKeysAreUnique: list.keysUnique)
        if diff.moves > 0 || !diff.removedOld.isEmpty || keys.count != list.keys.count || diff.oldIndexForNew.contains(-1)
            || !diff.duplicateKeys.isEmpty
        {
            newElements = [Element?](repeating: nil, count: keys.count)
            if !diff.duplicateKeys.isEmpty {
                let names = diff.duplicateKeys.prefix(5).map(\.description).joined(separator: ", ")
                report("duplicate keys among the items of ListView: \(names); matching by position", loc: element.node.loc)
            }
            stats.moved += diff.moves
            for i in diff.removedOld { if let row = list.elements[i] { deactivate(row) } }
            for j in 0..<keys.count {
                let i = diff.oldIndexForNew[j]
                if i >= 0 { newElements[j] = list.elements[i] }
            }
            needsLayout = true
        } else {
            newElements = list.elements
        }
        list.keysUnique = diff.duplicateKeys.isEmpty
        list.keys = keys
        list.itemsPath = itemsPath
        list.elements = newElements
        // Rows that moved get their new index and path; rows whose item has no path get the new value.
        var children: [Element] = []
        var first = Int.max, last = -1
        for j in 0..<newElements.count {
            guard let row = newElements[j] else { continue }
            first = min(first, j)
            last = j
            let spec = rowSpec(element, binding: binding, index: j, items: items, itemsPath: itemsPath, keys: keys)
            update(row, with: spec, deep: deep)
            children.append(row)
        }
        list.builtRange = last >= 0 ? first..<(last + 1) : 0..<0
        element.list = list
        element.children = children
    }

    func rowSpec(_ element: Element, binding: ListBinding, index: Int, items: [JSONValue]?, itemsPath: DataPath?,
                 keys: [WidgetKey?]) -> ChildSpec
    {
        let path = itemsPath.map { DataPath($0.components + [.index(index)]) }
        let value: JSONValue = path == nil ? (items.flatMap { index < $0.count ? $0[index] : nil } ?? .null) : .null
        return ChildSpec(node: element.node.itemNode, key: keys[index],
                         binding: ItemBinding(itemName: binding.itemName, value: value, path: path,
                                              indexName: binding.indexName, index: index))
    }

    /// Builds the rows in `range` that are not built yet and removes built rows outside it.
    func ensureListRows(_ element: Element, range: Range<Int>) {
        guard var list = element.list, case .listView(let binding) = element.config else { return }
        element.list = nil
        let wanted = range.clamped(to: 0..<list.count)
        for i in list.builtRange where !wanted.contains(i) && i < list.elements.count {
            if let row = list.elements[i] { deactivate(row); list.elements[i] = nil }
        }
        var items: [JSONValue]?
        for i in wanted where list.elements[i] == nil {
            if list.itemsPath == nil && items == nil { items = evaluateItems(element).0 }
            let spec = rowSpec(element, binding: binding, index: i, items: items, itemsPath: list.itemsPath, keys: list.keys)
            list.elements[i] = inflate(spec, parent: element)
        }
        list.builtRange = wanted
        element.children = wanted.compactMap { list.elements[$0] }
        element.list = list
        finishPass()
    }
}

extension ListSlots {
    mutating func removeElement(_ element: Element) {
        for i in builtRange where i < elements.count && elements[i] === element { elements[i] = nil }
    }
}
