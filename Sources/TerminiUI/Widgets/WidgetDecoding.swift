import TerminiTemplate

/// A prop that does not fit its widget: wrong type or missing; the message names the widget and the prop.
struct WidgetPropError: Error, Equatable, Sendable {
    var message: String
}

/// Turns a node's evaluated props into a typed `WidgetConfig` through the generated `<Widget>Props` decoders.
enum WidgetDecoder {
    static func decode(_ type: WidgetType, props: [String: JSONValue]) throws(WidgetPropError) -> WidgetConfig {
        do {
            return try decodeProps(type, props: props)
        } catch {
            throw WidgetPropError(message: error.description)
        }
    }

    private static func decodeProps(_ type: WidgetType, props: [String: JSONValue]) throws(PropDecodingError) -> WidgetConfig {
        switch type {
        case .column:
            let p = try ColumnProps(props: props)
            return .column(spacing: max(0, p.spacing), align: CrossAlignment(p.align))
        case .row:
            let p = try RowProps(props: props)
            return .row(spacing: max(0, p.spacing), align: CrossAlignment(p.align))
        case .stack:
            _ = try StackProps(props: props)
            return .stack
        case .padding:
            let p = try PaddingProps(props: props)
            return .padding(CellInsets(p.insets))
        case .box:
            let p = try BoxProps(props: props)
            return .box(border: BorderKind(p.border), title: p.title, width: p.width.map { max(0, $0) },
                        height: p.height.map { max(0, $0) })
        case .expanded:
            return .expanded(flex: max(1, min(10_000, try ExpandedProps(props: props).flex)))
        case .spacer:
            _ = try SpacerProps(props: props)
            return .spacer(flex: 1)
        case .scrollView:
            _ = try ScrollViewProps(props: props)
            return .scrollView
        case .listView:
            let p = try ListViewProps(props: props)
            return .listView(ListBinding(keyField: p.key, itemName: p.item, indexName: p.index))
        case .forEach:
            let p = try ForEachProps(props: props)
            return .forEach(ListBinding(keyField: p.key, itemName: p.item, indexName: p.index))
        case .text:
            let p = try TextProps(props: props)
            return .text(p.text, style: CellStyle(foreground: TerminalColor(p.color), attributes: CellAttributes(p.style)),
                         wrap: p.wrap)
        case .button:
            let p = try ButtonProps(props: props)
            return .button(label: p.label, onTap: p.onTap)
        case .textField:
            var props = props
            if props["value"] == nil { props["value"] = .string("") }  // an unbound field starts empty
            let p = try TextFieldProps(props: props)
            return .textField(value: p.value, placeholder: p.placeholder, onChange: p.onChange, onSubmit: p.onSubmit)
        case .checkbox:
            var props = props
            // A binding to missing data (null) reads as unchecked, as WeChat treats undefined.
            if props["checked"] == .null { props["checked"] = .bool(false) }
            let p = try CheckboxProps(props: props)
            return .checkbox(checked: p.checked, label: p.label, onToggle: p.onToggle)
        case .progressBar:
            var props = props
            if props["value"] == .null { props["value"] = .number(0) }
            let v = try ProgressBarProps(props: props).value
            return .progressBar(value: v.isNaN ? 0 : min(1, max(0, v)))
        case .divider:
            _ = try DividerProps(props: props)
            return .divider
        case .spinner:
            _ = try SpinnerProps(props: props)
            return .spinner
        case .ifControl:
            var props = props
            // `If` tests truthiness, like wx:if: a non-empty string or an object shows the content.
            if let c = props["p1"] { props["p1"] = .bool(c.isTruthy) }
            return .ifControl(condition: try IfProps(props: props).condition)
        case .item:
            return .item
        case .error:
            return .error(message: "")
        }
    }
}

extension CrossAlignment {
    init(_ a: Alignment) {
        switch a {
        case .start: self = .start
        case .center: self = .center
        case .end: self = .end
        case .stretch: self = .stretch
        }
    }
}

extension BorderKind {
    init(_ b: BorderStyle) {
        switch b {
        case .none: self = .none
        case .single: self = .single
        case .double: self = .double
        case .rounded: self = .rounded
        case .heavy: self = .heavy
        }
    }
}

extension CellInsets {
    init(_ e: EdgeInsets) {
        func clamp(_ n: Int) -> Int { max(0, min(10_000, n)) }
        self.init(left: clamp(e.left), top: clamp(e.top), right: clamp(e.right), bottom: clamp(e.bottom))
    }
}

extension TerminalColor {
    init(_ c: Color) {
        switch c {
        case .default: self = .default
        case .black: self = .index(0)
        case .red: self = .index(1)
        case .green: self = .index(2)
        case .yellow: self = .index(3)
        case .blue: self = .index(4)
        case .magenta: self = .index(5)
        case .cyan: self = .index(6)
        case .white: self = .index(7)
        case .gray: self = .index(8)
        case .index(let n): self = .index(UInt8(max(0, min(255, n))))
        }
    }
}

extension CellAttributes {
    init(_ s: TextStyle) {
        switch s {
        case .plain: self = []
        case .bold: self = .bold
        case .dim: self = .dim
        case .italic: self = .italic
        case .underline: self = .underline
        case .reverse: self = .reverse
        }
    }
}
