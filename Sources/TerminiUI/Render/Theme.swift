import TerminiTemplate

/// One named style of a theme: what `.styleClass("danger")` gives a widget and what it contains, where they set
/// nothing of their own.
public struct ThemeStyle: Equatable, Sendable {
    public var foreground: TerminalColor?
    public var background: TerminalColor?
    public var attributes: CellAttributes

    public init(foreground: TerminalColor? = nil, background: TerminalColor? = nil, attributes: CellAttributes = []) {
        self.foreground = foreground
        self.background = background
        self.attributes = attributes
    }
}

/// An app's named styles under one theme name (`app.json` `"themes": {"light": {"danger": {...}}}`).
public struct Theme: Equatable, Sendable {
    public var name: String
    public var styles: [String: ThemeStyle]

    /// The style named `page` colours the whole page, every cell of it, as CSS's `body` does.
    public static let pageStyle = "page"
    /// The style named `selected` draws a focused list's or table's current row; without it, reverse video.
    public static let selectedStyle = "selected"

    public init(name: String = "", styles: [String: ThemeStyle] = [:]) {
        self.name = name
        self.styles = styles
    }
}

/// The themes an app declares, in the order written: the first is the one an app starts with.
public struct ThemeSet: Equatable, Sendable {
    public var themes: [Theme]

    public init(themes: [Theme] = []) { self.themes = themes }

    public var names: [String] { themes.map(\.name) }

    public func theme(named name: String) -> Theme? { themes.first { $0.name == name } }

    /// Reads `"themes"` from `app.json`; errors name the JSON path of what is wrong, e.g.
    /// `$.themes.dark.danger.color: 'redd' is not a colour`.
    /// `order` lists the theme names as written (JSON objects keep no order once parsed; see `JSONKeyOrder`);
    /// names it leaves out follow in alphabetical order.
    public init(json: JSONValue, order: [String] = [], path: String = "$.themes") throws(ThemeError) {
        guard case .object(let byName) = json else { throw ThemeError("\(path): expected an object of themes") }
        guard !byName.isEmpty else { throw ThemeError("\(path): declares no theme") }
        var themes: [Theme] = []
        // A name written twice (JSON keeps the last) counts once, where it was first written.
        var seen: Set<String> = []
        let known = order.filter { byName[$0] != nil && seen.insert($0).inserted }
        for name in known + byName.keys.filter({ !known.contains($0) }).sorted() {
            guard case .object(let classes)? = byName[name] else {
                throw ThemeError("\(path).\(name): expected an object of named styles")
            }
            var styles: [String: ThemeStyle] = [:]
            for (styleName, value) in classes {
                styles[styleName] = try Self.style(value, path: "\(path).\(name).\(styleName)")
            }
            themes.append(Theme(name: name, styles: styles))
        }
        self.themes = themes
    }

    public var json: JSONValue {
        .object(JSONObject(uniqueKeysWithValues: themes.map { theme in
            (theme.name, JSONValue.object(JSONObject(theme.styles.mapValues(Self.json))))
        }))
    }

    private static func style(_ json: JSONValue, path: String) throws(ThemeError) -> ThemeStyle {
        guard case .object(let o) = json else { throw ThemeError("\(path): expected an object with color, background or style") }
        var style = ThemeStyle()
        for (key, value) in o {
            switch key {
            case "color": style.foreground = try color(value, path: "\(path).color")
            case "background": style.background = try color(value, path: "\(path).background")
            case "style":
                let names: [JSONValue]
                if case .array(let items) = value { names = items.values } else { names = [value] }
                for (i, item) in names.enumerated() {
                    guard let name = item.stringValue, let attribute = attributeNames[name] else {
                        throw ThemeError("\(path).style[\(i)]: expected one of \(attributeNames.keys.sorted().joined(separator: ", ")), found \(item.serialized())")
                    }
                    style.attributes.formUnion(attribute)
                }
            default:
                throw ThemeError("\(path).\(key): unknown key; a style has color, background and style")
            }
        }
        return style
    }

    private static func color(_ json: JSONValue, path: String) throws(ThemeError) -> TerminalColor {
        let text: String
        switch json {
        case .string(let s): text = s
        // Only a whole number a palette could hold is read as one (a huge one would not fit an Int).
        case .number(let n) where n == n.rounded() && abs(n) < 1_000_000: text = String(Int(n))
        default: throw ThemeError("\(path): expected a colour name, #rrggbb or 0-255, found \(json.serialized())")
        }
        guard let color = TerminalColor(name: text) else {
            throw ThemeError("\(path): '\(text)' is not a colour (a name such as red or brightBlue, #rrggbb, or 0-255)")
        }
        return color
    }

    private static let attributeNames: [String: CellAttributes] = [
        "plain": [], "bold": .bold, "dim": .dim, "italic": .italic, "underline": .underline, "reverse": .reverse,
    ]

    private static func json(_ style: ThemeStyle) -> JSONValue {
        var o: JSONObject = [:]
        if let f = style.foreground { o["color"] = .string(f.themeName) }
        if let b = style.background { o["background"] = .string(b.themeName) }
        let names = attributeNames.filter { !$0.value.isEmpty && style.attributes.contains($0.value) }.keys.sorted()
        if !names.isEmpty { o["style"] = .array(names.map { .string($0) }) }
        return .object(o)
    }

}

/// What is wrong with a `"themes"` declaration, with its JSON path.
public struct ThemeError: Error, Equatable, Sendable, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}

extension TerminalColor {
    /// The name `TerminalColor(name:)` reads back.
    public var themeName: String {
        switch self {
        case .default: "default"
        case .index(let n): n < 16 ? Self.names[Int(n) + 1] : String(n)
        case .rgb(let r, let g, let b): "#" + [r, g, b].map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
        }
    }
}
