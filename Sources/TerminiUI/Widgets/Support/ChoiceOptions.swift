import TerminiTemplate

/// The options of a RadioGroup or a Select: each a string (its own label and value) or `{label, value}` (a missing
/// value is the label; a number or boolean shows as text).
struct ChoiceOption: Equatable {
    var label: String
    var value: JSONValue
    /// `{label, value, disabled: true}`: shown dim, and the keys pass over it (SelectionList, OptionList).
    var disabled = false

    static func parse(_ options: JSONArray) -> [ChoiceOption] {
        options.map(parse)
    }

    /// One option. A list of 100,000 options (SelectionList, OptionList) parses only those it draws or touches.
    static func parse(_ option: JSONValue) -> ChoiceOption {
        if case .object(let o) = option {
            let label = o["label"]?.displayText ?? o["value"]?.displayText ?? ""
            return ChoiceOption(label: label, value: o["value"] ?? .string(label), disabled: o["disabled"]?.isTruthy ?? false)
        }
        return ChoiceOption(label: option.displayText, value: option)
    }

    /// The index of the option whose value is `selected`, if any.
    static func index(of selected: JSONValue, in options: [ChoiceOption]) -> Int? {
        selected.isNull ? nil : options.firstIndex { $0.value == selected }
    }
}

/// A choice widget's shown value: what the user picked last, until the page's bound value changes. The widget moves
/// at once on a key, without waiting for the script to echo the choice back, and still follows the page when it
/// sets the value itself (a reset). The same for Tabs with an index.
class ChoiceState: WidgetState {
    var shown: JSONValue = .null
    /// The bound value last seen, to tell a page's change from an unchanged refresh.
    var bound: JSONValue = .null
    /// Values reported with the widget's event that the page has not echoed back yet: their echoes, arriving after
    /// later picks, must not move the widget back.
    var reported: [JSONValue] = []

    /// Starts from the bound value.
    func start(_ value: JSONValue) {
        bound = value
        shown = value
        reported.removeAll()
    }

    /// Shows `value` picked by the user, reported to the page.
    func pick(_ value: JSONValue) {
        shown = value
        reported.append(value)
        if reported.count > 64 { reported.removeFirst(32) }
    }

    /// Adopts the bound value when the page changed it, unless the change echoes one of the widget's own picks.
    func follow(_ value: JSONValue) {
        guard value != bound else { return }
        bound = value
        if let i = reported.firstIndex(of: value) {
            reported.removeFirst(i + 1)
            return
        }
        shown = value
        reported.removeAll()
    }
}
