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

    /// `base` drawn in this style: this style's colours where it sets them, its attributes added.
    public func applied(to base: CellStyle) -> CellStyle {
        CellStyle(foreground: foreground ?? base.foreground, background: background ?? base.background,
                  attributes: base.attributes.union(attributes))
    }
}

/// A state a widget is drawn in, which a theme styles for every widget (`"focused"`), for one widget kind
/// (`"Button:focused"`) and for one style class (`".primary:focused"`).
public enum ThemeState: String, CaseIterable, Sendable {
    case focused, selected, disabled, error, placeholder
}

/// What one state entry of a theme applies to, from the least specific to the most.
public enum ThemeStateTarget: Hashable, Sendable {
    case everyWidget
    /// A widget kind by its class name (`Button`), which the widget registry knows.
    case kind(String)
    /// A style class (`.styleClass("primary")`), or one of the engine's own surfaces (`tabBar`).
    case styleClass(String)
}

/// One state entry's key: `"TextField:focused"` is `(.kind("TextField"), .focused)`.
public struct ThemeStateKey: Hashable, Sendable {
    public var target: ThemeStateTarget
    public var state: ThemeState

    public init(_ target: ThemeStateTarget, _ state: ThemeState) {
        self.target = target
        self.state = state
    }
}

/// An app's named styles under one theme name (`app.json` `"themes": {"light": {"danger": {...}}}`), with the
/// state styles (`"focused"`, `"Button:focused"`, `".primary:disabled"`) of it and of the themes it extends.
public struct Theme: Equatable, Sendable {
    public var name: String
    /// Style classes by name, the extended theme's included (this theme's win).
    public var styles: [String: ThemeStyle]
    /// State styles: this theme's first, then the theme it extends, and so on. A state is looked up in each in turn,
    /// most specific first, so a theme's own `"focused"` beats a `"Tabs:focused"` of the theme it extends.
    public var stateLayers: [[ThemeStateKey: ThemeStyle]]
    /// The theme's entries as written in app.json (`extends` included), so a manifest writes back what was read.
    public var declaration: JSONValue

    /// The style named `page` colours the whole page, every cell of it, as CSS's `body` does.
    public static let pageStyle = "page"

    /// A Box in style class `x` draws its border in the style `x.border`, where the theme has one.
    public static let borderSuffix = ".border"

    public init(name: String = "", styles: [String: ThemeStyle] = [:], stateLayers: [[ThemeStateKey: ThemeStyle]] = [],
                declaration: JSONValue? = nil)
    {
        self.name = name
        self.styles = styles
        self.stateLayers = stateLayers
        self.declaration = declaration ?? .object(JSONObject(styles.mapValues(ThemeSet.json)))
    }

    /// The style a widget of kind `kind` (a class name such as `Button`) with style class `styleClass` is drawn in
    /// while in `state`: the most specific entry of the nearest theme that has one, else the engine's own look.
    public func style(_ state: ThemeState, kind: String, styleClass: String? = nil) -> ThemeStyle {
        for layer in stateLayers {
            if let style = Self.mostSpecific(in: layer, state, kind: kind, styleClass: styleClass) { return style }
        }
        return Self.mostSpecific(in: Self.engineStates, state, kind: kind, styleClass: styleClass) ?? ThemeStyle()
    }

    private static func mostSpecific(in layer: [ThemeStateKey: ThemeStyle], _ state: ThemeState, kind: String,
                                     styleClass: String?) -> ThemeStyle?
    {
        if let styleClass, let style = layer[ThemeStateKey(.styleClass(styleClass), state)] { return style }
        return layer[ThemeStateKey(.kind(kind), state)] ?? layer[ThemeStateKey(.everyWidget, state)]
    }

    /// The style of one of the engine's own surfaces (`titleBar`, `footer`, `overlay` …; `EngineSurface`), in
    /// `state` when one is given: the theme's where it names it, else the engine's look.
    public func surface(_ name: String, state: ThemeState? = nil) -> ThemeStyle {
        guard let state else { return styles[name] ?? Self.engineSurfaces[name] ?? ThemeStyle() }
        let key = ThemeStateKey(.styleClass(name), state)
        return stateLayers.lazy.compactMap { $0[key] }.first ?? Self.engineStates[key] ?? surface(name)
    }

    /// The look every theme starts from, and the app's look without one: reverse video for focus and for the
    /// current row, dim for disabled widgets and placeholders, red for a failed check.
    public static let engineStates: [ThemeStateKey: ThemeStyle] = [
        ThemeStateKey(.everyWidget, .focused): ThemeStyle(attributes: .reverse),
        ThemeStateKey(.everyWidget, .selected): ThemeStyle(attributes: .reverse),
        ThemeStateKey(.everyWidget, .disabled): ThemeStyle(attributes: .dim),
        ThemeStateKey(.everyWidget, .placeholder): ThemeStyle(attributes: .dim),
        ThemeStateKey(.everyWidget, .error): ThemeStyle(foreground: .index(1)),
        // A strip of labels and a heading are bold already; their focus stays bold as it reverses.
        ThemeStateKey(.kind("Tabs"), .focused): ThemeStyle(attributes: [.reverse, .bold]),
        ThemeStateKey(.kind("Collapsible"), .focused): ThemeStyle(attributes: [.reverse, .bold]),
        ThemeStateKey(.kind("Tree"), .selected): ThemeStyle(attributes: [.reverse, .bold]),
        ThemeStateKey(.styleClass(EngineSurface.tabBar), .selected): ThemeStyle(attributes: [.bold, .underline]),
    ]

    /// The engine surfaces' look without a theme that names them: bars in reverse video, cyan box borders.
    public static let engineSurfaces: [String: ThemeStyle] = [
        EngineSurface.titleBar: ThemeStyle(attributes: .reverse),
        EngineSurface.footer: ThemeStyle(attributes: .reverse),
        EngineSurface.tabBar: ThemeStyle(attributes: .reverse),
        EngineSurface.overlay: ThemeStyle(),
        EngineSurface.border: ThemeStyle(foreground: .index(6)),
        EngineSurface.toastInfo: ThemeStyle(attributes: .bold),
        EngineSurface.toastSuccess: ThemeStyle(foreground: .index(2), attributes: .bold),
        EngineSurface.toastWarning: ThemeStyle(foreground: .index(3), attributes: .bold),
        EngineSurface.toastError: ThemeStyle(foreground: .index(1), attributes: .bold),
    ]
}

/// The names a theme styles the engine's own screens by: the bars, the boxes of the overlays and drop-downs, and
/// the toasts of each level.
public enum EngineSurface {
    public static let titleBar = "titleBar"
    public static let footer = "footer"
    public static let tabBar = "tabBar"
    /// The inside of a modal, an action sheet, the loading box, the key help and a Select's open list.
    public static let overlay = "overlay"
    /// The border around those boxes and the toasts.
    public static let border = "border"
    public static let toastInfo = "toastInfo"
    public static let toastSuccess = "toastSuccess"
    public static let toastWarning = "toastWarning"
    public static let toastError = "toastError"

    public static let all = [titleBar, footer, tabBar, overlay, border, toastInfo, toastSuccess, toastWarning, toastError]
}

/// The themes an app declares, in the order written: the first is the one an app starts with. The built-in themes
/// (`BuiltinThemes`) can be named too, and extended.
public struct ThemeSet: Equatable, Sendable {
    public var themes: [Theme]

    public init(themes: [Theme] = []) { self.themes = themes }

    public var names: [String] { themes.map(\.name) }

    /// The app's theme of that name, else the built-in one.
    public func theme(named name: String) -> Theme? { themes.first { $0.name == name } ?? BuiltinThemes.theme(named: name) }

    /// The names `setTheme` takes: the app's, then the built-in ones it does not redeclare.
    public var selectableNames: [String] { names + BuiltinThemes.names.filter { !names.contains($0) } }

    /// Reads `"themes"` from `app.json`; errors name the JSON path of what is wrong, e.g.
    /// `$.themes.dark.danger.color: 'redd' is not a colour`, and carry the keys to it for a line number.
    /// `order` lists the theme names as written (JSON objects keep no order once parsed; see `JSONKeyOrder`);
    /// names it leaves out follow in alphabetical order.
    public init(json: JSONValue, order: [String] = [], path: String = "$.themes") throws(ThemeError) {
        guard case .object(let byName) = json else { throw ThemeError("\(path): expected an object of themes", keys: []) }
        guard !byName.isEmpty else { throw ThemeError("\(path): declares no theme", keys: []) }
        var themes: [Theme] = []
        // A name written twice (JSON keeps the last) counts once, where it was first written.
        var seen: Set<String> = []
        let known = order.filter { byName[$0] != nil && seen.insert($0).inserted }
        let ordered = known + byName.keys.filter({ !known.contains($0) }).sorted()
        var resolving: Set<String> = []
        func resolve(_ name: String) throws(ThemeError) -> Theme {
            if let done = themes.first(where: { $0.name == name }) { return done }
            guard let value = byName[name] else {
                guard let builtin = BuiltinThemes.theme(named: name) else {
                    let choices = (BuiltinThemes.names + ordered).map { "'\($0)'" }.joined(separator: ", ")
                    throw ThemeError("no theme '\(name)' to extend; themes are \(choices)", keys: [])
                }
                return builtin
            }
            guard resolving.insert(name).inserted else {
                throw ThemeError("\(path).\(name).extends: '\(name)' extends itself", keys: [name, "extends"])
            }
            defer { resolving.remove(name) }
            return try Self.theme(name, value, path: "\(path).\(name)") { base throws(ThemeError) in
                // `"dark": {"extends": "dark"}` changes the built-in dark theme under its own name.
                if base == name, let builtin = BuiltinThemes.theme(named: base) { return builtin }
                do throws(ThemeError) { return try resolve(base) } catch {
                    throw ThemeError(error.keys.isEmpty ? "\(path).\(name).extends: \(error.description)" : error.description,
                                     keys: error.keys.isEmpty ? [name, "extends"] : error.keys)
                }
            }
        }
        for name in ordered { themes.append(try resolve(name)) }
        self.themes = themes
    }

    /// One theme from its JSON object; `base` finds the theme its `extends` names.
    static func theme(_ name: String, _ json: JSONValue, path: String,
                      base: (String) throws(ThemeError) -> Theme = { name throws(ThemeError) in
                          throw ThemeError("no theme '\(name)' to extend", keys: [])
                      }) throws(ThemeError) -> Theme
    {
        guard case .object(let entries) = json else {
            throw ThemeError("\(path): expected an object of named styles", keys: [name])
        }
        var extended = Theme()
        if let parent = entries["extends"] {
            guard let parentName = parent.stringValue else {
                throw ThemeError("\(path).extends: expected a theme name, found \(parent.serialized())", keys: [name, "extends"])
            }
            extended = try base(parentName)
        }
        var styles = extended.styles
        var states: [ThemeStateKey: ThemeStyle] = [:]
        for (key, value) in entries where key != "extends" {
            let keyPath = "\(path).\(key)"
            let style: ThemeStyle
            do { style = try Self.style(value, path: keyPath) } catch { throw ThemeError(error.description, keys: [name, key]) }
            let entry: EntryKey
            do throws(ThemeError) { entry = try entryKey(key, path: keyPath) } catch { throw ThemeError(error.description, keys: [name, key]) }
            switch entry {
            case .styleClass(let className): styles[className] = style
            case .state(let stateKey): states[stateKey] = style
            }
        }
        return Theme(name: name, styles: styles, stateLayers: [states] + extended.stateLayers, declaration: json)
    }

    /// What a theme's key names: a style class (`danger`, `.danger`), or a state of every widget (`focused`), of a
    /// widget kind (`Button:focused`) or of a style class (`.primary:disabled`, `tabBar:selected`).
    private enum EntryKey {
        case styleClass(String)
        case state(ThemeStateKey)
    }

    private static func entryKey(_ key: String, path: String) throws(ThemeError) -> EntryKey {
        let parts = key.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
        let target = parts[0]
        let states = ThemeState.allCases.map(\.rawValue).joined(separator: ", ")
        if parts.count == 1 {
            if let state = ThemeState(rawValue: key) { return .state(ThemeStateKey(.everyWidget, state)) }
            if target.first?.isUppercase == true {
                throw ThemeError("\(path): '\(key)' is a widget class; a theme styles its states, e.g. '\(key):focused' (\(states))",
                                 keys: [key])
            }
            let className = target.hasPrefix(".") ? String(target.dropFirst()) : target
            guard !className.isEmpty else { throw ThemeError("\(path): a style needs a name", keys: [key]) }
            return .styleClass(className)
        }
        guard let state = ThemeState(rawValue: parts[1]) else {
            throw ThemeError("\(path): unknown state '\(parts[1])'; the states are \(states)", keys: [key])
        }
        if target.hasPrefix(".") || target.first?.isLowercase == true {
            let className = target.hasPrefix(".") ? String(target.dropFirst()) : target
            guard !className.isEmpty else { throw ThemeError("\(path): '.' names no style class", keys: [key]) }
            return .state(ThemeStateKey(.styleClass(className), state))
        }
        guard WidgetRegistry.kind(named: target) != nil else {
            let near = WidgetCatalogInfo.classNames.filter { $0.lowercased() == target.lowercased() }
            let hint = near.first.map { "; did you mean '\($0)'?" } ?? "; a state's target is a widget class (Button), or a style class written .name"
            throw ThemeError("\(path): unknown widget class '\(target)'\(hint)", keys: [key])
        }
        return .state(ThemeStateKey(.kind(target), state))
    }

    public var json: JSONValue {
        .object(JSONObject(uniqueKeysWithValues: themes.map { ($0.name, $0.declaration) }))
    }

    static func style(_ json: JSONValue, path: String) throws(ThemeError) -> ThemeStyle {
        guard case .object(let o) = json else { throw ThemeError("\(path): expected an object with color, background or style", keys: []) }
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
                        throw ThemeError("\(path).style[\(i)]: expected one of \(attributeNames.keys.sorted().joined(separator: ", ")), found \(item.serialized())", keys: [])
                    }
                    style.attributes.formUnion(attribute)
                }
            default:
                throw ThemeError("\(path).\(key): unknown key; a style has color, background and style", keys: [])
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
        default: throw ThemeError("\(path): expected a colour name, #rrggbb or 0-255, found \(json.serialized())", keys: [])
        }
        guard let color = TerminalColor(name: text) else {
            throw ThemeError("\(path): '\(text)' is not a colour (a name such as red or brightBlue, #rrggbb, or 0-255)", keys: [])
        }
        return color
    }

    private static let attributeNames: [String: CellAttributes] = [
        "plain": [], "bold": .bold, "dim": .dim, "italic": .italic, "underline": .underline, "reverse": .reverse,
    ]

    static func json(_ style: ThemeStyle) -> JSONValue {
        var o: JSONObject = [:]
        if let f = style.foreground { o["color"] = .string(f.themeName) }
        if let b = style.background { o["background"] = .string(b.themeName) }
        let names = attributeNames.filter { !$0.value.isEmpty && style.attributes.contains($0.value) }.keys.sorted()
        if !names.isEmpty { o["style"] = .array(names.map { .string($0) }) }
        return .object(o)
    }

}

/// What is wrong with a `"themes"` declaration, with its JSON path, and the keys under `"themes"` that lead to
/// it, for the line the error is on.
public struct ThemeError: Error, Equatable, Sendable, CustomStringConvertible {
    public var description: String
    /// Keys under `"themes"` to the entry at fault (`["dark", "Buton:focused"]`); empty when it is the whole object.
    public var keys: [String]
    public init(_ description: String, keys: [String] = []) {
        self.description = description
        self.keys = keys
    }
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
