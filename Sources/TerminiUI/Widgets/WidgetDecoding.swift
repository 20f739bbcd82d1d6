import TerminiTemplate

/// A prop that does not fit its widget: wrong type or missing; the message names the widget and the prop.
struct WidgetPropError: Error, Equatable, Sendable {
    var message: String
}

/// Turns a node's evaluated props into a typed `WidgetConfig`.
struct WidgetDecoder {
    let type: WidgetType
    let cls: String
    let props: [String: JSONValue]

    static func decode(_ type: WidgetType, cls: String, props: [String: JSONValue]) throws(WidgetPropError) -> WidgetConfig {
        try WidgetDecoder(type: type, cls: cls, props: props).decode()
    }

    func decode() throws(WidgetPropError) -> WidgetConfig {
        switch type {
        case .column: return .column(spacing: try int("spacing") ?? 0, align: try alignment("align") ?? .start)
        case .row: return .row(spacing: try int("spacing") ?? 0, align: try alignment("align") ?? .start)
        case .stack: return .stack
        case .padding: return .padding(try insets("p1") ?? CellInsets())
        case .box:
            return .box(border: try border("border") ?? .single, title: try text("title"),
                        width: try int("width"), height: try int("height"))
        case .expanded: return .expanded(flex: max(1, try int("flex") ?? 1))
        case .spacer: return .spacer(flex: max(1, try int("flex") ?? 1))
        case .scrollView: return .scrollView
        case .listView, .forEach:
            let binding = ListBinding(keyField: try string("key"), itemName: try string("item") ?? "item",
                                      indexName: try string("index"))
            return type == .listView ? .listView(binding) : .forEach(binding)
        case .text:
            guard let content = try text("p1") else { throw missing("p1") }
            var style = CellStyle()
            style.attributes = try attributes("style") ?? []
            style.foreground = try color("color") ?? .default
            return .text(content, style: style, wrap: try bool("wrap") ?? false)
        case .button:
            guard let label = try text("p1") else { throw missing("p1") }
            return .button(label: label, onTap: try string("onTap"))
        case .textField:
            return .textField(value: try text("value") ?? "", placeholder: try text("placeholder") ?? "",
                              onChange: try string("onChange"), onSubmit: try string("onSubmit"))
        case .checkbox:
            guard props["checked"] != nil else { throw missing("checked") }
            return .checkbox(checked: props["checked"]?.isTruthy ?? false, label: try text("label") ?? "",
                             onToggle: try string("onToggle"))
        case .progressBar:
            guard let v = props["value"] else { throw missing("value") }
            guard case .number(let n) = v else { throw wrongType("value", expected: "a number", v) }
            return .progressBar(value: n.isNaN ? 0 : min(1, max(0, n)))
        case .divider: return .divider
        case .spinner: return .spinner
        case .ifControl:
            guard let condition = props["p1"] else { throw missing("p1") }
            return .ifControl(condition: condition.isTruthy)
        case .item: return .item
        case .error: return .error(message: try string("message") ?? "")
        }
    }

    func missing(_ name: String) -> WidgetPropError {
        WidgetPropError(message: "\(cls): missing required prop '\(name)'")
    }

    func wrongType(_ name: String, expected: String, _ found: JSONValue) -> WidgetPropError {
        WidgetPropError(message: "\(cls): prop '\(name)' expects \(expected), found \(found.typeName)")
    }

    func value(_ name: String) -> JSONValue? {
        guard let v = props[name], !v.isNull else { return nil }
        return v
    }

    func int(_ name: String) throws(WidgetPropError) -> Int? {
        guard let v = value(name) else { return nil }
        guard case .number(let n) = v, n.isFinite else { throw wrongType(name, expected: "a number", v) }
        return Int(max(-1_000_000, min(1_000_000, n.rounded())))
    }

    func bool(_ name: String) throws(WidgetPropError) -> Bool? {
        guard let v = value(name) else { return nil }
        guard case .bool(let b) = v else { throw wrongType(name, expected: "a boolean", v) }
        return b
    }

    func string(_ name: String) throws(WidgetPropError) -> String? {
        guard let v = value(name) else { return nil }
        guard case .string(let s) = v else { throw wrongType(name, expected: "a string", v) }
        return s
    }

    /// Shown text accepts any scalar, so `Text("{{count}}")` shows a number; containers are a type error.
    func text(_ name: String) throws(WidgetPropError) -> String? {
        guard let v = props[name] else { return nil }
        switch v {
        case .array, .object: throw wrongType(name, expected: "text", v)
        default: return v.displayText
        }
    }

    /// Enum cases arrive as `{"cmd": "bold"}` (with an optional `cls`), or as a bare string.
    func enumCase(_ name: String) throws(WidgetPropError) -> (String, JSONValue)? {
        guard let v = value(name) else { return nil }
        if case .string(let s) = v { return (s, v) }
        guard case .object(let o) = v, case .string(let c)? = o["cmd"] else {
            throw wrongType(name, expected: "an enum case", v)
        }
        return (c, v)
    }

    func alignment(_ name: String) throws(WidgetPropError) -> CrossAlignment? {
        guard let (c, v) = try enumCase(name) else { return nil }
        switch c {
        case "start": return .start
        case "center": return .center
        case "end": return .end
        case "stretch": return .stretch
        default: throw unknownCase(name, c, v)
        }
    }

    func border(_ name: String) throws(WidgetPropError) -> BorderKind? {
        guard let (c, v) = try enumCase(name) else { return nil }
        switch c {
        case "none": return BorderKind.none
        case "single": return .single
        case "double": return .double
        case "rounded": return .rounded
        case "heavy": return .heavy
        default: throw unknownCase(name, c, v)
        }
    }

    func attributes(_ name: String) throws(WidgetPropError) -> CellAttributes? {
        guard let (c, v) = try enumCase(name) else { return nil }
        switch c {
        case "plain": return []
        case "bold": return .bold
        case "dim": return .dim
        case "italic": return .italic
        case "underline": return .underline
        case "reverse": return .reverse
        default: throw unknownCase(name, c, v)
        }
    }

    func color(_ name: String) throws(WidgetPropError) -> TerminalColor? {
        guard let (c, v) = try enumCase(name) else { return nil }
        let names = ["black", "red", "green", "yellow", "blue", "magenta", "cyan", "white", "gray"]
        if c == "default" { return .default }
        if let i = names.firstIndex(of: c) { return .index(UInt8(i)) }
        if c == "index", case .number(let n)? = v["p1"], n >= 0, n <= 255, n.rounded() == n { return .index(UInt8(n)) }
        throw unknownCase(name, c, v)
    }

    func insets(_ name: String) throws(WidgetPropError) -> CellInsets? {
        guard let v = value(name) else { return nil }
        if case .number(let n) = v, n.isFinite { let k = clampInset(n); return CellInsets(left: k, top: k, right: k, bottom: k) }
        guard case .object(let o) = v, case .string(let c)? = o["cmd"] else { throw wrongType(name, expected: "EdgeInsets", v) }
        func field(_ key: String) throws(WidgetPropError) -> Int {
            guard let f = o[key], !f.isNull else { return 0 }
            guard case .number(let n) = f, n.isFinite else { throw wrongType("\(name).\(key)", expected: "a number", f) }
            return clampInset(n)
        }
        switch c {
        case "all": let k = try field("p1"); return CellInsets(left: k, top: k, right: k, bottom: k)
        case "symmetric":
            let h = try field("h"), vert = try field("v")
            return CellInsets(left: h, top: vert, right: h, bottom: vert)
        case "only":
            return CellInsets(left: try field("left"), top: try field("top"), right: try field("right"), bottom: try field("bottom"))
        default: throw unknownCase(name, c, v)
        }
    }

    private func clampInset(_ n: Double) -> Int { Int(max(0, min(10_000, n.rounded()))) }

    func unknownCase(_ name: String, _ c: String, _ v: JSONValue) -> WidgetPropError {
        WidgetPropError(message: "\(cls): prop '\(name)' has unknown case '\(c)'")
    }
}
