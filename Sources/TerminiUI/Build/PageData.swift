import TerminiTemplate

/// A page's data as the UI thread holds it: the JSON that setData patches write into, and the expression scope an
/// element evaluates in.
final class PageData {
    private(set) var value: JSONValue
    /// Data that patches replaced, kept until `releaseRetired()`: freeing a replaced 1,000-row list is a large share
    /// of a frame, and after the frame it costs nobody any latency.
    private var retired: [JSONValue] = []

    init(_ value: JSONValue) { self.value = value }

    /// Writes one patch.
    func apply(_ patch: DataPatch) {
        retired.append(value.apply(patch))
    }

    func releaseRetired() { retired.removeAll(keepingCapacity: true) }

    /// Drops a detached component instance's data.
    func removeInstance(_ instance: ComponentInstance) {
        retired.append(value.removeMember(String(instance.id), at: DataPath([.key(ComponentInstance.dataRoot)])))
    }

    /// Page data plus the item bindings of the element's enclosing list items, outermost first. Item values are
    /// read fresh from the data at their paths, so a patch inside an item is seen without rebinding it.
    ///
    /// Inside a component's body the chain stops at the instance, whose data (`$c.<id>`) takes the place of the
    /// page's and whose properties are bound names; content passed into a slot skips the component it was passed
    /// to and continues at the use site.
    func scope(for element: Element) -> ExpressionScope {
        var owner = element.scopeOwner
        var chain: [ItemBinding] = []
        var base: DataPath?
        var instance: ComponentInstance?
        while let o = owner {
            if let found = o.componentInstance {
                base = found.path
                instance = found
                break
            }
            if let b = o.itemBinding { chain.append(b) }
            if o.kind.traits.contains(.slotContent) {
                owner = o.enclosingComponent?.parent?.scopeOwner
                continue
            }
            owner = o.parent?.scopeOwner
        }
        var scope = base.map { ExpressionScope(data: value.value(at: $0) ?? .object([:]), at: $0) } ?? ExpressionScope(data: value)
        if let instance {
            for (name, value) in instance.properties { scope.bind(name, to: value, at: nil) }
        }
        for b in chain.reversed() {
            let item = b.path.flatMap { value.value(at: $0) } ?? b.value
            scope.bind(b.itemName, to: item, at: b.path)
            if let indexName = b.indexName { scope.bind(indexName, to: .number(Double(b.index)), at: nil) }
        }
        return scope
    }
}

/// Elements whose reads a patch touched, waiting for the next build; each is queued once.
struct DirtyQueue {
    private var elements: [Element] = []
    private var queued: Set<ObjectIdentifier> = []

    var isEmpty: Bool { elements.isEmpty }
    var count: Int { elements.count }

    mutating func insert(_ element: Element) {
        if queued.insert(ObjectIdentifier(element)).inserted { elements.append(element) }
    }

    /// The queued elements, parents first, and an empty queue.
    mutating func takeByDepth() -> [Element] {
        let batch = elements.sorted { $0.depth < $1.depth }
        elements.removeAll(keepingCapacity: true)
        queued.removeAll(keepingCapacity: true)
        return batch
    }
}

/// Problems found while building a page, each reported once, in the order found.
struct DiagnosticLog {
    private(set) var all: [RenderDiagnostic] = []
    private var seen: Set<RenderDiagnostic> = []

    mutating func report(_ message: String, loc: String?) {
        let diagnostic = RenderDiagnostic(message: message, loc: loc)
        if seen.insert(diagnostic).inserted { all.append(diagnostic) }
    }

    mutating func removeAll() {
        all.removeAll()
        seen.removeAll()
    }
}

/// What the next frame must redo, shared by the collaborators that change what is shown: the reconciler (new
/// props), the input router (scrolling, edits) and the layout pass, which clears it.
final class FrameNeeds {
    /// Sizes or positions may have changed.
    var layout = true
    /// Something changed that shows without changing sizes (a style, a cursor); the host still needs a frame.
    var paint = false
}
