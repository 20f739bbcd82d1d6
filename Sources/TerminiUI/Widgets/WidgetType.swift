/// Every kind of node a template can hold, plus the engine's own synthetic kinds (list items, error boxes).
enum WidgetType: Int, Sendable, CaseIterable {
    case column, row, stack, padding, box, expanded, spacer, scrollView, listView
    case text, button, textField, checkbox, progressBar, divider, spinner
    case ifControl, forEach
    /// One ForEach/ListView item: binds the item and index names for the template children.
    case item
    /// An inline error box standing in for a node that could not be built.
    case error

    init?(cls: String) {
        switch cls {
        case "Column": self = .column
        case "Row": self = .row
        case "Stack": self = .stack
        case "Padding": self = .padding
        case "Box": self = .box
        case "Expanded": self = .expanded
        case "Spacer": self = .spacer
        case "ScrollView": self = .scrollView
        case "ListView": self = .listView
        case "Text": self = .text
        case "Button": self = .button
        case "TextField": self = .textField
        case "Checkbox": self = .checkbox
        case "ProgressBar": self = .progressBar
        case "Divider": self = .divider
        case "Spinner": self = .spinner
        case "If": self = .ifControl
        case "ForEach": self = .forEach
        default: return nil
        }
    }

    /// Fragments add no box of their own: their children are laid out by the nearest widget ancestor.
    var isFragment: Bool { self == .ifControl || self == .forEach || self == .item }

    /// Widgets that take part in Tab focus order.
    var isFocusable: Bool {
        switch self {
        case .button, .textField, .checkbox, .scrollView, .listView: true
        default: false
        }
    }

    /// Widgets whose template children are laid out inside them.
    var hasChildren: Bool {
        switch self {
        case .column, .row, .stack, .padding, .box, .expanded, .scrollView, .ifControl, .forEach, .item, .listView: true
        default: false
        }
    }
}
