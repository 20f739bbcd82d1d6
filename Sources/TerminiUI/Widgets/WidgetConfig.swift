import TerminiTemplate

/// Cross-axis placement of children in a Column or Row.
enum CrossAlignment: Sendable, Equatable { case start, center, end, stretch }

/// Cell insets of a Padding.
struct CellInsets: Sendable, Equatable {
    var left = 0, top = 0, right = 0, bottom = 0
}

/// The line set a Box border is drawn with.
enum BorderKind: Sendable, Equatable {
    case none, single, double, rounded, heavy

    /// top-left, top-right, bottom-left, bottom-right, horizontal, vertical
    var glyphs: (Character, Character, Character, Character, Character, Character)? {
        switch self {
        case .none: nil
        case .single: ("┌", "┐", "└", "┘", "─", "│")
        case .double: ("╔", "╗", "╚", "╝", "═", "║")
        case .rounded: ("╭", "╮", "╰", "╯", "─", "│")
        case .heavy: ("┏", "┓", "┗", "┛", "━", "┃")
        }
    }
}

/// How a ForEach or ListView binds its items: the key field and the item and index names.
struct ListBinding: Sendable, Equatable {
    var keyField: String?
    var itemName: String
    var indexName: String?
}

/// A widget's evaluated, typed configuration: what one template node says after its bindings are resolved.
/// Elements compare old and new configurations to decide whether layout or paint must change.
enum WidgetConfig: Sendable, Equatable {
    case column(spacing: Int, align: CrossAlignment)
    case row(spacing: Int, align: CrossAlignment)
    case stack
    case padding(CellInsets)
    case box(border: BorderKind, title: String?, width: Int?, height: Int?)
    case expanded(flex: Int)
    case spacer(flex: Int)
    case scrollView
    case listView(ListBinding)
    case text(String, style: CellStyle, wrap: Bool)
    case button(label: String, onTap: String?)
    case textField(value: String, placeholder: String, onChange: String?, onSubmit: String?)
    case checkbox(checked: Bool, label: String, onToggle: String?)
    case progressBar(value: Double)
    case divider
    case spinner
    case ifControl(condition: Bool)
    case forEach(ListBinding)
    case item
    case error(message: String)

    /// The configuration of an element that has not been evaluated yet.
    static let empty = WidgetConfig.item
}

extension WidgetConfig {
    /// Whether a change from `other` to `self` can keep the current layout (only colours, styles or values that do
    /// not change sizes differ).
    func hasSameLayout(as other: WidgetConfig) -> Bool {
        switch (self, other) {
        case (.text(let a, _, let wa), .text(let b, _, let wb)): return a == b && wa == wb
        case (.button(let a, _), .button(let b, _)): return a == b
        case (.checkbox(_, let a, _), .checkbox(_, let b, _)): return a == b
        case (.progressBar, .progressBar): return true
        case (.textField(_, let a, _, _), .textField(_, let b, _, _)): return a == b
        default: return self == other
        }
    }
}
