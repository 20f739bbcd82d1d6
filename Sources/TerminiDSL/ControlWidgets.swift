/// Shows its content when `condition` is truthy and the `else` content otherwise.
public struct If: Widget {
    let condition: Binding<Bool>, children: [any Widget], otherwise: [any Widget]
    /// `If("{{todos.length == 0}}") { ... } else: { ... }`.
    public init(_ condition: Binding<Bool>, @WidgetBuilder _ content: () -> [any Widget],
                @WidgetBuilder else otherwise: () -> [any Widget] = { [] })
    {
        self.condition = condition; self.children = content(); self.otherwise = otherwise()
    }
}

/// Repeats its content for each element of `items`, with keyed reconciliation when `key` is given.
public struct ForEach: Widget {
    let items: Binding<[DataValue]>, key: String?, item: String, index: String, children: [any Widget]
    /// One copy per element; `key` names the member that identifies an element, `item`/`index` the copy's locals.
    public init(_ items: Binding<[DataValue]>, key: String? = nil, item: String = "item", index: String = "index",
                @WidgetBuilder _ content: () -> [any Widget])
    {
        self.items = items; self.key = key; self.item = item; self.index = index; self.children = content()
    }
}
