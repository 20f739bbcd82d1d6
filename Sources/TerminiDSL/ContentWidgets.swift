/// Inline markup for `Text(markup:)`, written as a string: `"[b]Total:[/b] [accent]{{count}}[/]"`. Tags are `[b]`,
/// `[i]`, `[u]`, `[dim]`, `[reverse]`, a colour (`[red]`, `[#ff8800]`), `[bg=<colour>]`, `[link=https://…]` and a
/// theme class (`[accent]`); `[/name]` or `[/]` closes the innermost tag and `[[` is a literal `[`. A `{{ }}` value is
/// always shown as text, its own brackets included. `tplgen` checks the markup, so a malformed tag or an unknown
/// style is an error at its file:line:col.
public typealias Markup = String

/// A run of text.
public struct Text: Widget {
    let text: Binding<String>, markup: Markup?, style: Binding<[TextStyle]>, color: Binding<Color>, wrap: Binding<Bool>
    /// Shows `text` (a template string) as written; `wrap: false` ends a line that does not fit in `…` instead of
    /// wrapping. `style` is one style or a list that combines, `style: [.bold, .underline]`. The http(s) URLs it
    /// shows are hyperlinks (OSC 8) to themselves, so a terminal that has them opens them on a click.
    ///
    /// `markup:` instead of `text` reads inline markup (see `Markup`): `Text(markup: "[b]Total:[/b] {{count}}")`.
    /// Markup is opt-in, so a plain `Text("[q] quit")` keeps its brackets; `style` and `color` are the base the
    /// tags add to.
    public init(_ text: Binding<String> = "", markup: Markup? = nil, style: Binding<[TextStyle]> = [],
                color: Binding<Color> = .default, wrap: Binding<Bool> = true)
    {
        self.text = text; self.markup = markup; self.style = style; self.color = color; self.wrap = wrap
    }
}

/// A focusable button that calls a page handler when pressed.
public struct Button: Widget {
    let label: Binding<String>, onTap: String?, formType: FormAction?
    /// Shows `label`; Enter, Space or a click calls the page method named `onTap`. Inside a `Form`, `formType:
    /// .submit` also submits the form and `.reset` resets it.
    public init(_ label: Binding<String>, onTap: String? = nil, formType: FormAction? = nil) {
        self.label = label; self.onTap = onTap; self.formType = formType
    }
}

/// A one-line text input.
public struct TextField: Widget {
    let value: Binding<String>, placeholder: Binding<String>, width: Binding<Int>?, secure: Binding<Bool>
    let maxLength: Binding<Int>?, disabled: Binding<Bool>, kind: TextFieldKind, restrict: RegularExpression?
    let validate: [ValidationRule], suggestions: Binding<[DataValue]>?, onChange: String?, onSubmit: String?
    /// Edits `value`; `onChange` is called on every edit and `onSubmit` on Enter, with `detail.value`. `width` fixes
    /// it to that many cells; `secure` shows `•` for each character (a password); `maxLength` refuses characters
    /// past that count; `disabled` makes it read-only, dim and skipped by Tab. A paste is one edit, its newlines and
    /// tabs as spaces; the editing keys (words, kill and yank, undo, selection) are in INPUT.md.
    ///
    /// `kind` (`.integer`, `.number`, `.email`) restricts typing to what can become such a value and checks it;
    /// `restrict` is a pattern the whole text must match after every key and paste (an edit that breaks it is
    /// refused); `validate` lists rules checked when the user leaves the field and when its `Form` is submitted,
    /// the first failure's message drawn under the field; `suggestions` (strings) offers the first one that starts
    /// with the text, dimmed after the caret, which → or Tab accepts.
    public init(value: Binding<String>, placeholder: Binding<String> = "", width: Binding<Int>? = nil,
                secure: Binding<Bool> = false, maxLength: Binding<Int>? = nil, disabled: Binding<Bool> = false,
                kind: TextFieldKind = .text, restrict: RegularExpression? = nil, validate: [ValidationRule] = [],
                suggestions: Binding<[DataValue]>? = nil, onChange: String? = nil, onSubmit: String? = nil)
    {
        self.value = value; self.placeholder = placeholder; self.width = width; self.secure = secure
        self.maxLength = maxLength; self.disabled = disabled; self.kind = kind; self.restrict = restrict
        self.validate = validate; self.suggestions = suggestions; self.onChange = onChange; self.onSubmit = onSubmit
    }
}

/// A multi-line text input that soft-wraps at its width.
public struct TextArea: Widget {
    let value: Binding<String>, placeholder: Binding<String>, height: Binding<Int>, onChange: String?
    /// Edits `value` over `height` rows: Enter starts a new line, arrows move across lines, Home/End go to the
    /// line's ends, PageUp/PageDown move a screenful, and Tab leaves the area. `onChange` gets `detail.value`. A paste
    /// is one edit that keeps its lines and tabs; the editing keys (words, kill and yank, undo, selection) are in
    /// INPUT.md.
    public init(value: Binding<String>, placeholder: Binding<String> = "", height: Binding<Int> = 5,
                onChange: String? = nil)
    {
        self.value = value; self.placeholder = placeholder; self.height = height; self.onChange = onChange
    }
}

/// A toggle drawn as `[x]` or `[ ]`.
public struct Checkbox: Widget {
    let checked: Binding<Bool>, label: Binding<String>, onToggle: String?
    /// Shows `checked` and `label`; toggling calls the page method named `onToggle`.
    public init(checked: Binding<Bool>, label: Binding<String> = "", onToggle: String? = nil) {
        self.checked = checked; self.label = label; self.onToggle = onToggle
    }
}

/// An on/off switch, drawn as a slider with a label.
public struct Switch: Widget {
    let isOn: Binding<Bool>, label: Binding<String>, onToggle: String?
    /// Shows `isOn` and `label`; Space, Enter or a click calls the page method named `onToggle` with the new value.
    public init(isOn: Binding<Bool>, label: Binding<String> = "", onToggle: String? = nil) {
        self.isOn = isOn; self.label = label; self.onToggle = onToggle
    }
}

/// A horizontal bar filled to a fraction, or sweeping while the amount is unknown.
public struct ProgressBar: Widget {
    let value: Binding<Double>, showPercentage: Binding<Bool>, indeterminate: Binding<Bool>
    /// Fills `value` of the width, from 0 to 1 (clamped), followed by ` 42%` when `showPercentage`; while
    /// `indeterminate`, a block sweeps to and fro instead and `value` is not shown.
    public init(value: Binding<Double> = 0, showPercentage: Binding<Bool> = false, indeterminate: Binding<Bool> = false) {
        self.value = value; self.showPercentage = showPercentage; self.indeterminate = indeterminate
    }
}

/// A horizontal rule across the available width.
public struct Divider: Widget {
    /// A full-width line.
    public init() {}
}

/// An animated activity indicator.
public struct Spinner: Widget {
    /// A spinner that advances while the page is on screen.
    public init() {}
}
