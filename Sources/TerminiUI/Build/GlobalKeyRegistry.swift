/// The elements that hold a GlobalKey, so an element removed in one place can be revived in another within the
/// same build (Flutter's GlobalKey reparenting).
struct GlobalKeyRegistry {
    private var elements: [String: Element] = [:]

    subscript(name: String) -> Element? { elements[name] }

    /// Registers `element` unless another active element holds the name; returns false for that duplicate.
    mutating func register(_ element: Element, name: String) -> Bool {
        if let other = elements[name], other.lifecycle == .active, other !== element { return false }
        elements[name] = element
        return true
    }

    /// Forgets `element` if it still holds `name`.
    mutating func remove(_ element: Element, name: String) {
        if elements[name] === element { elements[name] = nil }
    }
}
