import TerminiTemplate

/// The root names (`todo` in `todo.title`, `index`) that expressions refer to. Lets a list item that only shifted
/// position skip re-evaluation when nothing under it reads the index or the list by name.
extension PropBinding {
    func collectNames(into names: inout Set<String>) {
        switch self {
        case .constant: return
        case .template(let t):
            for case .expression(let e, _, _) in t.parts { e.collectNames(into: &names) }
        case .array(let items): for item in items { item.collectNames(into: &names) }
        case .object(_, let members): for member in members { member.collectNames(into: &names) }
        }
    }
}

extension Expression {
    func collectNames(into names: inout Set<String>) {
        switch self {
        case .literal: return
        case .path(let root, let steps):
            names.insert(root)
            for case .index(let e) in steps { e.collectNames(into: &names) }
        case .unary(_, let e): e.collectNames(into: &names)
        case .binary(_, let a, let b): a.collectNames(into: &names); b.collectNames(into: &names)
        case .conditional(let a, let b, let c):
            a.collectNames(into: &names); b.collectNames(into: &names); c.collectNames(into: &names)
        case .call(_, let arguments): for a in arguments { a.collectNames(into: &names) }
        }
    }
}

extension CompiledNode {
    /// Names read anywhere in this node's props and in its descendants.
    func computeSubtreeNames() -> Set<String> {
        var names = Set<String>()
        for (_, p) in props { p.collectNames(into: &names) }
        for p in [key, globalKey, dataset, hidden, items] { p?.collectNames(into: &names) }
        for c in children { names.formUnion(c.subtreeNames) }
        for c in elseChildren { names.formUnion(c.subtreeNames) }
        return names
    }
}

extension Expression {
    /// Whether reading this expression's paths needs data: an index computed from data (`xs[i]`).
    var hasComputedIndex: Bool {
        switch self {
        case .literal: return false
        case .path(_, let steps):
            for case .index(let e) in steps {
                if case .literal = e { continue }
                return true
            }
            return false
        case .unary(_, let e): return e.hasComputedIndex
        case .binary(_, let a, let b): return a.hasComputedIndex || b.hasComputedIndex
        case .conditional(let a, let b, let c): return a.hasComputedIndex || b.hasComputedIndex || c.hasComputedIndex
        case .call(_, let arguments): return arguments.contains { $0.hasComputedIndex }
        }
    }
}

extension PropBinding {
    var hasComputedIndex: Bool {
        switch self {
        case .constant: return false
        case .template(let t):
            for case .expression(let e, _, _) in t.parts where e.hasComputedIndex { return true }
            return false
        case .array(let items): return items.contains { $0.hasComputedIndex }
        case .object(_, let members): return members.contains { $0.hasComputedIndex }
        }
    }
}

extension CompiledNode {
    /// Whether this node's own reads can change when data changes (a computed index). When they cannot, a data
    /// change re-evaluates its values but keeps its registered reads.
    func computeHasDataDependentReads() -> Bool {
        if props.contains(where: { $0.value.hasComputedIndex }) { return true }
        return [key, globalKey, dataset, hidden, items].contains { $0?.hasComputedIndex ?? false }
    }
}
