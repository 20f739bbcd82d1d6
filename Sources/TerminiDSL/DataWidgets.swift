/// A trend drawn with block characters, one column per value: `▁▂▄▇█`.
public struct Sparkline: Widget {
    let values: Binding<[DataValue]>
    /// The last values that fit the width, scaled between their minimum and maximum.
    public init(_ values: Binding<[DataValue]>) { self.values = values }
}

/// Horizontal bars, one line per value, labelled and scaled to the longest.
public struct BarChart: Widget {
    let values: Binding<[DataValue]>, labels: Binding<[DataValue]>
    /// `values` are numbers; `labels` name them (missing labels are left blank).
    public init(values: Binding<[DataValue]>, labels: Binding<[DataValue]> = []) {
        self.values = values; self.labels = labels
    }
}

/// An append-only view of lines that keeps to the bottom while `follow` is true.
public struct Log: Widget {
    let lines: Binding<[DataValue]>, follow: Binding<Bool>
    /// Shows `lines`, the newest at the bottom; scrolling up stops following until the end is reached again.
    public init(_ lines: Binding<[DataValue]>, follow: Binding<Bool> = true) { self.lines = lines; self.follow = follow }
}

/// Markdown text: headings, emphasis, lists, code blocks, block quotes and links (shown as text).
public struct Markdown: Widget {
    let text: Binding<String>
    /// Renders `text` (CommonMark, through a real Markdown parser), wrapped to the width.
    public init(_ text: Binding<String>) { self.text = text }
}

/// Rows of data in columns with a header, virtualized like a ListView.
public struct Table: Widget {
    let rows: Binding<[DataValue]>, key: String?, columns: [TableColumn], onSelect: String?, onSort: String?
    /// One line per element of `rows` (objects); `columns` say which field each column shows. Up/Down (and
    /// PageUp/PageDown/Home/End, or a click) select a row and call `onSelect` with `detail: {index, row}`; with
    /// `key`, the selection stays on its row when rows move. A click on a header, or `s` (each press the next
    /// column), calls `onSort` with `detail: {field, column}`.
    public init(_ rows: Binding<[DataValue]>, key: String? = nil, columns: [TableColumn], onSelect: String? = nil,
                onSort: String? = nil)
    {
        self.rows = rows; self.key = key; self.columns = columns; self.onSelect = onSelect; self.onSort = onSort
    }
}

/// An expandable tree of `{label, children?, expanded?}` nodes.
public struct Tree: Widget {
    let nodes: Binding<[DataValue]>, key: String?, onSelect: String?, onExpand: String?
    /// Up/Down move, Right expands (calling `onExpand` with `detail: {path, node}`, so children can load lazily
    /// through setData), Left collapses or goes to the parent, Enter calls `onSelect` with the same detail.
    public init(_ nodes: Binding<[DataValue]>, key: String? = nil, onSelect: String? = nil, onExpand: String? = nil) {
        self.nodes = nodes; self.key = key; self.onSelect = onSelect; self.onExpand = onExpand
    }
}
