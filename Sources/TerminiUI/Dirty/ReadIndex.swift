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

        /// Frees the nodes below in a loop: freed the default way, each level's deinit would free the next from
        /// inside it, and a trie is as deep as the longest path an element reads.
        deinit {
            guard !children.isEmpty else { return }
            var orphans = Array(children.values)
            children = [:]
            while var node = orphans.popLast() {
                // A node still referenced elsewhere (a Mover's) keeps its children; it frees them when it goes.
                guard isKnownUniquelyReferenced(&node) else { continue }
                orphans.append(contentsOf: node.children.values)
                node.children = [:]
            }
        }
    }

    fileprivate struct Reader {
        unowned(unsafe) let element: Element
        let kind: ReadKind
    }

    private let root = TrieNode()

    /// Nodes in the trie (tests: it follows what is read now, not what was ever read).
    var nodeCount: Int {
        var count = 0
        var stack = [root]
        while let node = stack.popLast() {
            count += 1
            stack.append(contentsOf: node.children.values)
        }
        return count
    }

    func register(_ element: Element, paths: [DataPath], kind: ReadKind = .value) {
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
            node.readers[id] = Reader(element: element, kind: kind)
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
            if found, node.readers.removeValue(forKey: id) != nil { noteRemoval() }
        }
    }

    /// Readers removed since the last sweep of empty nodes.
    private var removalsSinceSweep = 0
    /// How many removals a sweep waits for: often enough that the nodes nobody reads stay a bounded few, rarely
    /// enough that scrolling a page (which unregisters and registers the same paths) does not pay for it.
    static let removalsPerSweep = 4096

    /// Counts a removed reader and, every `removalsPerSweep`, drops the nodes that lead to no reader. Without it a
    /// list scrolled through a million rows would keep a node per row it ever built, and every splice would walk them.
    fileprivate func noteRemoval() {
        removalsSinceSweep += 1
        guard removalsSinceSweep >= Self.removalsPerSweep else { return }
        removalsSinceSweep = 0
        Self.sweep(root)
    }

    /// Removes the empty nodes below `root`: children before their parents, walked with a stack of its own rather
    /// than recursively, since the trie is as deep as the longest path read.
    private static func sweep(_ root: TrieNode) {
        // Each node is listed after its parent, so walking the list backwards visits children first.
        var order: [(parent: TrieNode?, component: DataPath.Component?, node: TrieNode)] = [(nil, nil, root)]
        var next = 0
        while next < order.count {
            let node = order[next].node
            next += 1
            for (component, child) in node.children { order.append((node, component, child)) }
        }
        for (parent, component, node) in order.reversed() {
            guard let parent, let component, node.readers.isEmpty, node.children.isEmpty else { continue }
            parent.children[component] = nil
        }
    }

    /// Drops every node that leads to no reader now, as the periodic sweep does (tests).
    func sweepForTesting() { Self.sweep(root) }

    /// Moves registrations from below one item path to below another (a list item that changed index).
    struct Mover {
        fileprivate unowned let index: ReadIndex
        fileprivate let from: TrieNode?
        fileprivate let to: TrieNode

        func move(_ element: Element, suffix: ArraySlice<DataPath.Component>, kind: ReadKind) {
            let id = ObjectIdentifier(element)
            if var node = from {
                var found = true
                for c in suffix {
                    guard let next = node.children[c] else { found = false; break }
                    node = next
                }
                if found, node.readers.removeValue(forKey: id) != nil { index.noteRemoval() }
            }
            var node = to
            for c in suffix { node = node.child(c) }
            node.readers[id] = Reader(element: element, kind: kind)
        }
    }

    func mover(from: DataPath, to: DataPath) -> Mover {
        var fromNode: TrieNode? = root
        for c in from.components { fromNode = fromNode?.children[c] }
        var toNode = root
        for c in to.components { toNode = toNode.child(c) }
        return Mover(index: self, from: fromNode, to: toNode)
    }

    /// Every element whose reads overlap `path`, appended to `out` (possibly with repeats).
    func collect(overlapping path: DataPath, into out: inout [Element]) {
        guard let node = collectAlong(path, into: &out) else { return }
        collectSubtree(node, into: &out)
    }

    /// Appends the readers of the proper prefixes of `path` that a change at `path` concerns, and returns the node
    /// of `path` itself (nil when nobody reads at or below it).
    private func collectAlong(_ path: DataPath, into out: inout [Element]) -> TrieNode? {
        var node = root
        let components = path.components
        for i in components.indices {
            for reader in node.readers.values {
                switch reader.kind {
                case .itemsArray(let keyField):
                    // The patch is below this list's items array: structural only for the item itself or its key.
                    guard case .index = components[i] else { continue }
                    let rest = components.count - i - 1
                    if rest == 0 { out.append(reader.element); continue }
                    if let keyField, case .key(let k) = components[i + 1], k == keyField { out.append(reader.element) }
                case .value:
                    out.append(reader.element)
                }
            }
            guard let next = node.children[components[i]] else { return nil }
            node = next
        }
        return node
    }

    /// Every element whose reads a splice of the array at `path` from `index` on can change: readers of the array
    /// or above it, of its non-index members (`length`), and of its items from `index` on.
    func collect(overlappingSpliceAt path: DataPath, from index: Int, into out: inout [Element]) {
        guard let node = collectAlong(path, into: &out) else { return }
        for reader in node.readers.values { out.append(reader.element) }
        for (component, child) in node.children {
            if case .index(let i) = component, i < index { continue }
            collectSubtree(child, into: &out)
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

/// What a registered read watches.
enum ReadKind: Equatable {
    /// Any change at or below its path.
    case value
    /// A list's items array: only structural changes concern it (an item replaced, added or removed, or the member
    /// named `keyField` of one changed); changes inside an item are seen by the item's own elements. `keyField` is
    /// nil for a list without keys.
    case itemsArray(keyField: String?)
}
