/// One choice among options, drawn as a column of `(•) label` lines.
public struct RadioGroup: Widget {
    let options: Binding<[DataValue]>, selected: Binding<DataValue>, onSelect: String?
    /// `options` are strings or `{label, value}` objects; `selected` is the chosen value. Up/Down move the choice
    /// (and a click picks one) and call `onSelect` with `detail.value`.
    public init(options: Binding<[DataValue]>, selected: Binding<DataValue> = nil, onSelect: String? = nil) {
        self.options = options; self.selected = selected; self.onSelect = onSelect
    }
}

/// A closed choice that opens a drop-down list of its options.
public struct Select: Widget {
    let options: Binding<[DataValue]>, selected: Binding<DataValue>, placeholder: Binding<String>, onSelect: String?
    /// `options` are strings or `{label, value}` objects. Enter opens the list over the page; Up/Down/PageUp/
    /// PageDown and typing a label's first letters move; Enter picks (calling `onSelect` with `detail.value`);
    /// Esc closes it without a change.
    public init(options: Binding<[DataValue]>, selected: Binding<DataValue> = nil, placeholder: Binding<String> = "",
                onSelect: String? = nil)
    {
        self.options = options; self.selected = selected; self.placeholder = placeholder; self.onSelect = onSelect
    }
}

/// A strip of tabs over the content of the selected `Tab`.
public struct Tabs: Widget {
    let selected: Binding<Int>, onSelect: String?, children: [any Widget]
    /// Shows the `Tab` at index `selected`; Left/Right on the focused strip (or a click on a title) switch and
    /// call `onSelect` with `detail.value`, the new index.
    public init(selected: Binding<Int> = 0, onSelect: String? = nil, @WidgetBuilder _ content: () -> [any Widget]) {
        self.selected = selected; self.onSelect = onSelect; self.children = content()
    }
}

/// One page of a `Tabs`: a title in the strip and the content shown while it is selected.
public struct Tab: Widget {
    let title: Binding<String>, children: [any Widget]
    /// A tab titled `title`.
    public init(_ title: Binding<String>, @WidgetBuilder _ content: () -> [any Widget]) {
        self.title = title; self.children = content()
    }
}

/// A list of options with a checkbox each, of which any number are chosen; virtualized for long lists.
public struct SelectionList: Widget {
    let options: Binding<[DataValue]>, selected: Binding<[DataValue]>, onChange: String?, onSelect: String?
    let onActivate: String?
    /// `options` are strings or `{label, value, disabled?}` objects; `selected` lists the chosen values. One Tab
    /// stop with a current option: Up/Down/PageUp/PageDown/Home/End move it (calling `onSelect` with
    /// `detail: {index, value}`), Space or a click toggles it and calls `onChange` with `detail: {values}`, the new
    /// list of chosen values, and Enter calls `onActivate` with `detail: {index, value}`. Only the options in view
    /// are drawn, so 100,000 options cost what a screenful does.
    public init(options: Binding<[DataValue]>, selected: Binding<[DataValue]> = [], onChange: String? = nil,
                onSelect: String? = nil, onActivate: String? = nil)
    {
        self.options = options; self.selected = selected; self.onChange = onChange; self.onSelect = onSelect
        self.onActivate = onActivate
    }
}

/// A single-choice list of options with separators and disabled options, always open (as Textual's OptionList).
public struct OptionList: Widget {
    let options: Binding<[DataValue]>, selected: Binding<DataValue>, onSelect: String?, onActivate: String?
    /// `options` are strings or `{label, value, disabled?}` objects, and `null` draws a separator line. One Tab stop
    /// with a highlighted option, `selected` (a value) when the page sets it: Up/Down/PageUp/PageDown/Home/End move
    /// it over separators and disabled options and call `onSelect` with `detail: {index, value}`; Enter or a click
    /// calls `onActivate` with the same detail. Virtualized like SelectionList.
    public init(options: Binding<[DataValue]>, selected: Binding<DataValue> = nil, onSelect: String? = nil,
                onActivate: String? = nil)
    {
        self.options = options; self.selected = selected; self.onSelect = onSelect; self.onActivate = onActivate
    }
}
