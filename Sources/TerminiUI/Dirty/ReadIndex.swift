import TerminiTemplate

/// Which elements read which data paths, as a trie over path components, so a patch at P finds the elements whose
/// reads overlap P (either is a prefix of the other) by walking P once instead of scanning every element.
final class ReadIndex {
    fileprivate final class TrieNode {
        var children: [DataPath.Component: TrieNode] = [:]
        /// Elements that read exactly this path.
        var readers: [ObjectIdentifier: Reader] = [:]

        /// The child for `c`, created when missing.
        func child(_ c: DataPath.Component) -> TrieNode {
            if let next = children[c] { return next }
            let next = TrieNode()
            children[c] = next
            return next
        }
    }

    fileprivate struct Reader {
        unowned(unsafe) let element: Element
        /// A list's items array: only structural changes (an item replaced, added, or its key changed) concern it;
        /// changes inside an item are seen by the item's own elements.
        let itemsKeyField: String??
    }

    private let root = TrieNode()

    func register(_ element: Element, paths: [DataPath], itemsKeyField: String?? = nil) {
        let id = ObjectIdentifier(element)
        for path in paths {
            var node = root
            for c in path.components {
                if let next = node.children[c] { node = next } else {
                    let next = TrieNode()
                    node.children[c] = next
                    node = next
                }
            }
            node.readers[id] = Reader(element: element, itemsKeyField: itemsKeyField)
        }
    }

    func unregister(_ element: Element, paths: [DataPath]) {
        let id = ObjectIdentifier(element)
        for path in paths {
            var node = root
            var found = true
            for c in path.components {
                guard let next = node.children[c] else { found = false; break }
                node = next
            }
            if found { node.readers[id] = nil }
        }
    }

    /// Moves registrations from below one item path to below another (a list item that changed index).
    struct Mover {
        fileprivate let from: TrieNode?
        fileprivate let to: TrieNode

        func move(_ element: Element, suffix: ArraySlice<DataPath.Component>, itemsKeyField: String??) {
            let id = ObjectIdentifier(element)
            if var node = from {
                var found = true
                for c in suffix {
                    guard let next = node.children[c] else { found = false; break }
                    node = next
                }
                if found { node.readers[id] = nil }
            }
            var node = to
            for c in suffix { node = node.child(c) }
            node.readers[id] = Reader(element: element, itemsKeyField: itemsKeyField)
        }
    }

    func mover(from: DataPath, to: DataPath) -> Mover {
        var fromNode: TrieNode? = root
        for c in from.components { fromNode = fromNode?.children[c] }
        var toNode = root
        for c in to.components { toNode = toNode.child(c) }
        return Mover(from: fromNode, to: toNode)
    }

    /// Every element whose reads overlap `path`, appended to `out` (possibly with repeats).
    func collect(overlapping path: DataPath, into out: inout [Element]) {
        var node = root
        let components = path.components
        var i = 0
        while true {
            if i == components.count {
                collectSubtree(node, into: &out)
                return
            }
            for reader in node.readers.values {
                if let keyField = reader.itemsKeyField {
                    // The patch is below this list's items array: structural only for the item itself or its key.
                    guard case .index = components[i] else { continue }
                    let rest = components.count - i - 1
                    if rest == 0 { out.append(reader.element); continue }
                    if let keyField, case .key(let k) = components[i + 1], k == keyField { out.append(reader.element) }
                } else {
                    out.append(reader.element)
                }
            }
            guard let next = node.children[components[i]] else { return }
            node = next
            i += 1
        }
    }

    private func collectSubtree(_ start: TrieNode, into out: inout [Element]) {
        var stack = [start]
        while let node = stack.popLast() {
            for reader in node.readers.values { out.append(reader.element) }
            stack.append(contentsOf: node.children.values)
        }
    }
}
