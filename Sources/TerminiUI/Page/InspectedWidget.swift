import TerminiTemplate

/// One widget of a page's retained tree as an inspector shows it: its kind, id, key, where the last paint put it,
/// and whether it holds the focus.
public struct InspectedWidget: Equatable, Sendable {
    /// The widget's class name (`Text`, `ListView`; `Component` for a component's use, `#item` for a list row).
    public var kind: String
    /// The component's name, for a component's use.
    public var component: String?
    /// Its `.id(...)`, if it has one.
    public var id: String?
    /// Its `.key(...)`, row key or GlobalKey, as `ValueKey(3)` or `GlobalKey(name)`.
    public var key: String?
    /// Where its declaration is, `pages/index.swift:12:5`.
    public var loc: String?
    /// Its box where the last paint put it, in the page layer's buffer (the screen's cells); nil when it was not
    /// painted (scrolled out of view, or under a parent too small for it).
    public var box: CellRect?
    /// The size the layout gave it, painted or not.
    public var width: Int, height: Int
    public var focused: Bool
    public var disabled: Bool
    /// The text it shows, for widgets that lay out text (its wrapped lines joined by spaces).
    public var text: String?
    public var children: [InspectedWidget]
}

extension PageView {
    /// The live tree, root first, in build order; fragments (`ForEach`, `If`) are nodes of their own, as they are in
    /// the declaration. Costs one walk of the built elements: call it when an inspector asks, not per frame.
    public func inspectedTree() -> InspectedWidget {
        var painted: [ObjectIdentifier: (x: Int, y: Int)] = [:]
        for record in input.painted.records where painted[ObjectIdentifier(record.element)] == nil {
            painted[ObjectIdentifier(record.element)] = (record.originX, record.originY)
        }
        return Self.inspect(tree.root, focused: focus.focused, painted: painted)
    }

    private static func inspect(_ element: Element, focused: Element?,
                                painted: [ObjectIdentifier: (x: Int, y: Int)]) -> InspectedWidget
    {
        let origin = painted[ObjectIdentifier(element)]
        let box = element.box
        let shownText = box.lines.isEmpty ? nil : box.lines.joined(separator: " ")
        return InspectedWidget(
            kind: element.kind.className, component: element.componentInstance?.name, id: element.elementId, key: element.key?.description, loc: element.loc,
            box: origin.map { CellRect(x: $0.x, y: $0.y, width: box.width, height: box.height) },
            width: box.width, height: box.height, focused: element === focused, disabled: element.isDisabled,
            text: shownText,
            children: element.children.filter { $0.lifecycle == .active && !$0.hidden }
                .map { inspect($0, focused: focused, painted: painted) })
    }
}
