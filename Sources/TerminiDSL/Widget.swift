/// Anything that can appear in a page: a widget declaration that `tplgen` turns into a template node.
public protocol Widget: Sendable {}

/// Collects the widgets written inside a `{ ... }` block; loops and `if` statements are not supported (use `ForEach` and `If`).
@resultBuilder
public enum WidgetBuilder {
    /// One widget line in a block.
    public static func buildExpression(_ widget: any Widget) -> [any Widget] { [widget] }
    /// The lines of a block, in order.
    public static func buildBlock(_ parts: [any Widget]...) -> [any Widget] { parts.flatMap { $0 } }
}
