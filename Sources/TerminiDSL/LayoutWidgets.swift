/// Children stacked top to bottom.
public struct Column: Widget {
    let spacing: Binding<Int>, align: Alignment, children: [any Widget]
    /// `spacing` blank rows between children; `align` places them horizontally.
    public init(spacing: Binding<Int> = 0, align: Alignment = .start, @WidgetBuilder _ content: () -> [any Widget]) {
        self.spacing = spacing; self.align = align; self.children = content()
    }
}

/// Children stacked top to bottom that make one form: its fields are checked together, and it is submitted by
/// Enter in its last text field or a `Button(formType: .submit)`.
public struct Form: Widget {
    let spacing: Binding<Int>, disablesSubmitUntilValid: Bool, onSubmit: String?, children: [any Widget]
    /// Lays its children out as a `Column`. Enter in a text field moves to the next text field, and in the last one
    /// submits; a submit checks every field (each shows its message) and calls `onSubmit` with
    /// `detail: {valid, values, errors}`, keyed by each field's `.id`. `disablesSubmitUntilValid` dims and skips its
    /// submit buttons while any field fails its rules.
    public init(spacing: Binding<Int> = 0, disablesSubmitUntilValid: Bool = false, onSubmit: String? = nil,
                @WidgetBuilder _ content: () -> [any Widget])
    {
        self.spacing = spacing; self.disablesSubmitUntilValid = disablesSubmitUntilValid; self.onSubmit = onSubmit
        self.children = content()
    }
}

/// Children side by side, left to right.
public struct Row: Widget {
    let spacing: Binding<Int>, align: Alignment, wrap: Binding<Bool>, children: [any Widget]
    /// `spacing` blank columns between children; `align` places them vertically. With `wrap`, a child that does not
    /// fit on the line starts the next one, as words do.
    public init(spacing: Binding<Int> = 0, align: Alignment = .start, wrap: Binding<Bool> = false,
                @WidgetBuilder _ content: () -> [any Widget])
    {
        self.spacing = spacing; self.align = align; self.wrap = wrap; self.children = content()
    }
}

/// Children in as many equal columns as fit, row by row.
public struct Grid: Widget {
    let columns: Binding<Int>?, minColumnWidth: Binding<Int>, spacing: Binding<Int>, children: [any Widget]
    /// Columns at least `minColumnWidth` cells wide, as many as the width holds (at most `columns`), `spacing`
    /// blank columns apart; the children fill them left to right, and a row is as tall as its tallest child. A
    /// narrower screen reflows the same children into fewer columns.
    public init(columns: Binding<Int>? = nil, minColumnWidth: Binding<Int> = 20, spacing: Binding<Int> = 1,
                @WidgetBuilder _ content: () -> [any Widget])
    {
        self.columns = columns; self.minColumnWidth = minColumnWidth; self.spacing = spacing; self.children = content()
    }
}

/// Children drawn on top of each other, the last one on top.
public struct Stack: Widget {
    let children: [any Widget]
    /// Layers, bottom first.
    public init(@WidgetBuilder _ content: () -> [any Widget]) { self.children = content() }
}

/// Empty space around its children.
public struct Padding: Widget {
    let insets: EdgeInsets, children: [any Widget]
    /// Pads the content by `insets`, e.g. `.all(1)` or `.symmetric(h: 2, v: 0)`.
    public init(_ insets: EdgeInsets, @WidgetBuilder _ content: () -> [any Widget]) {
        self.insets = insets; self.children = content()
    }
}

/// A bordered frame with an optional title and fixed size.
public struct Box: Widget {
    let border: BorderStyle, title: Binding<String>?, width: Binding<Int>?, height: Binding<Int>?
    let children: [any Widget]
    /// A frame drawn with `border`; `width`/`height` in cells, or the content's size when nil.
    public init(border: BorderStyle = .single, title: Binding<String>? = nil, width: Binding<Int>? = nil,
                height: Binding<Int>? = nil, @WidgetBuilder _ content: () -> [any Widget])
    {
        self.border = border; self.title = title; self.width = width; self.height = height
        self.children = content()
    }
}

/// A titled section whose content folds away.
public struct Collapsible: Widget {
    let title: Binding<String>, collapsed: Binding<Bool>, onToggle: String?, children: [any Widget]
    /// A title row, `▾ title` while open and `▸ title` while folded, with `content` indented below it while open.
    /// Enter, Space or a click on the title (Left folds, Right opens) switch it and call `onToggle` with
    /// `detail.value`, the new `collapsed`; a new `collapsed` from the page switches it too.
    public init(title: Binding<String>, collapsed: Binding<Bool> = false, onToggle: String? = nil,
                @WidgetBuilder _ content: () -> [any Widget])
    {
        self.title = title; self.collapsed = collapsed; self.onToggle = onToggle; self.children = content()
    }
}

/// Takes a share of the free space along its parent's main axis.
public struct Expanded: Widget {
    let flex: Binding<Int>, children: [any Widget]
    /// Gets `flex` shares of the space left over by its siblings.
    public init(flex: Binding<Int> = 1, @WidgetBuilder _ content: () -> [any Widget]) {
        self.flex = flex; self.children = content()
    }
}

/// Flexible empty space that pushes its siblings apart.
public struct Spacer: Widget {
    /// Fills the free space along the parent's main axis.
    public init() {}
}

/// Content that scrolls vertically when taller than its box.
public struct ScrollView: Widget {
    let children: [any Widget]
    /// Scrollable content.
    public init(@WidgetBuilder _ content: () -> [any Widget]) { self.children = content() }
}

/// A virtualized, scrollable list with a current row: only the rows in and near view are built. The content is the
/// row template.
public struct ListView: Widget {
    let items: Binding<[DataValue]>, key: String?, item: String, index: String
    let onReachBottom: String?, threshold: Binding<Int>, onScroll: String?, onSelect: String?, onActivate: String?
    let children: [any Widget]
    /// One row per element of `items`; `key` names the member that identifies a row, `item`/`index` the row's locals.
    /// The list is one Tab stop with a current row (the theme's `selected` style): Up/Down/PageUp/PageDown/Home/End
    /// move it and call `onSelect` with `detail: {index, key}` (also once when the list first has a row); Enter or a
    /// click calls `onActivate` with `detail: {index, key, item}` and then the row's own `.onTap`. Right moves
    /// into the current row's widgets; Left, Up, Down or Esc come back. With `key`, the current row follows its key
    /// through setData and spliceData. `onReachBottom` is called when the last visible row comes within
    /// `threshold` rows of the end, again whenever the items changed since, or when the view comes back to the end
    /// (or after `this.loadMoreDone()`); `onScroll` gets `detail: {first, last}`, the visible range, when it changes.
    /// Rows next to the visible ones are built too (four on each side, and, while no input waits, a page beyond
    /// those), so a scroll finds them ready; a component in such a row is attached before it shows.
    public init(_ items: Binding<[DataValue]>, key: String? = nil, item: String = "item", index: String = "index",
                onReachBottom: String? = nil, threshold: Binding<Int> = 5, onScroll: String? = nil,
                onSelect: String? = nil, onActivate: String? = nil,
                @WidgetBuilder _ content: () -> [any Widget])
    {
        self.items = items; self.key = key; self.item = item; self.index = index
        self.onReachBottom = onReachBottom; self.threshold = threshold; self.onScroll = onScroll
        self.onSelect = onSelect; self.onActivate = onActivate
        self.children = content()
    }
}
