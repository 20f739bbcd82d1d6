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

/// An append-only view of lines that keeps to the bottom while `follow` is true; lines holding ANSI colours show them.
public struct Log: Widget {
    let lines: Binding<[DataValue]>, follow: Binding<Bool>, maxLines: Binding<Int>
    /// Shows `lines`, the newest at the bottom; scrolling up stops following until the end is reached again, and
    /// meanwhile ` ↓ ` at the bottom right, in the theme's `selected` look for a Log, says more is below. A line
    /// with SGR escapes (`\u{1B}[31m`) keeps their colours and styles; every other escape is dropped. At most the
    /// last `maxLines` lines are kept in view (the scrollback); `this.appendLog(path, lines)` trims the data to it.
    public init(_ lines: Binding<[DataValue]>, follow: Binding<Bool> = true, maxLines: Binding<Int> = 10_000) {
        self.lines = lines; self.follow = follow; self.maxLines = maxLines
    }
}

/// Markdown text: headings, emphasis, lists, code blocks, block quotes, tables and links (OSC 8 hyperlinks, the URL shown after their text).
public struct Markdown: Widget {
    let text: Binding<String>
    /// Renders `text` (CommonMark, through a real Markdown parser), wrapped to the width. GitHub tables are drawn in
    /// dim box borders with bold headers and each column aligned as its `:--`, `:-:` or `--:` says; when they do
    /// not fit, the widest columns narrow first and their cells wrap, and a table with too many columns for one
    /// cell each is shown a row at a time, each cell after its header's name: no line is wider than the widget.
    /// Fenced code blocks in json, javascript, swift, shell, python and diff are highlighted in the theme's
    /// `code.*` styles (see Styles and themes).
    public init(_ text: Binding<String>) { self.text = text }
}

/// Rows of data in columns with a header and a current row, virtualized like a ListView.
public struct Table: Widget {
    let rows: Binding<[DataValue]>, key: String?, columns: Binding<[TableColumn]>
    let sortColumn: Binding<String>, sortDescending: Binding<Bool>
    let onSelect: String?, onActivate: String?, onSort: String?, onReachBottom: String?, threshold: Binding<Int>
    /// One line per element of `rows` (objects); `columns` (literal, or bound to objects such as
    /// `{title, field, width}`) say which field each column shows. One Tab stop with a current row: Up/Down/PageUp/
    /// PageDown/Home/End or a click move it and call `onSelect` with `detail: {index, key, row}` (also once when the
    /// table first has rows); Enter or a click calls `onActivate` with `detail: {index, key, item}`. With `key`, the
    /// current row stays on its row when rows move. The column whose field is `sortColumn` shows ▲ (▼ with
    /// `sortDescending`); `s` sorts by the next column, `S` reverses the sort, a click on a title sorts by it (again:
    /// reversed), each calling `onSort` with `detail: {field, descending, column}`: the sorting is the script's.
    /// `onReachBottom` pages as a ListView's does. Narrower than its columns, the table keeps each flexible column's
    /// `minWidth`, shrinks the fixed ones, then scrolls sideways with Left/Right, showing ◀ and ▶.
    public init(_ rows: Binding<[DataValue]>, key: String? = nil, columns: Binding<[TableColumn]>,
                sortColumn: Binding<String> = "", sortDescending: Binding<Bool> = false, onSelect: String? = nil,
                onActivate: String? = nil, onSort: String? = nil, onReachBottom: String? = nil,
                threshold: Binding<Int> = 5)
    {
        self.rows = rows; self.key = key; self.columns = columns; self.sortColumn = sortColumn
        self.sortDescending = sortDescending; self.onSelect = onSelect; self.onActivate = onActivate
        self.onSort = onSort; self.onReachBottom = onReachBottom; self.threshold = threshold
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
