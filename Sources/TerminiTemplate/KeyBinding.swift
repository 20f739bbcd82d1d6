/// A key as bindings name it: `"d"`, `"?"`, `"ctrl+r"`, `"enter"`, `"f5"`. Parsing normalises case and the
/// spelling of named keys, so `"Ctrl+R"` and `"ctrl+r"` are the same binding.
public struct KeyChord: Hashable, Sendable, CustomStringConvertible {
    /// What is pressed.
    public enum Base: Hashable, Sendable {
        /// A printable character, as typed (case matters: `"D"` is Shift-d).
        case character(Character)
        /// A named key: enter, esc, tab, backtab, space, backspace, delete, up, down, left, right, pageup, pagedown,
        /// home, end, or f1…f12.
        case named(String)
    }

    public var base: Base
    /// Held with Ctrl (letters only, as terminals send them).
    public var control: Bool

    public init(base: Base, control: Bool = false) {
        self.base = base
        self.control = control
    }

    /// The named keys a binding may use.
    public static let names: Set<String> = Set([
        "enter", "esc", "tab", "backtab", "space", "backspace", "delete", "up", "down", "left", "right", "pageup",
        "pagedown", "home", "end",
    ] + (1...12).map { "f\($0)" })

    private static let aliases = ["escape": "esc", "return": "enter", "del": "delete", "pgup": "pageup", "pgdn": "pagedown",
                                  "shift+tab": "backtab"]

    /// Parses a binding's key; the error says what is wrong with it.
    public init(parsing text: String) throws(KeyChordError) {
        let trimmed = String(text.drop(while: { $0 == " " }).reversed().drop(while: { $0 == " " }).reversed())
        guard !trimmed.isEmpty else { throw KeyChordError("an empty key") }
        if trimmed.count == 1, let c = trimmed.first {
            guard c.isPrintable else { throw KeyChordError("'\(text)' is not a printable character") }
            self.init(base: .character(c))
            return
        }
        var rest = trimmed.lowercased()
        if let alias = Self.aliases[rest] { rest = alias }
        var control = false
        if rest.hasPrefix("ctrl+") || rest.hasPrefix("ctrl-") {
            control = true
            rest = String(rest.dropFirst(5))
            guard rest.count == 1, let c = rest.first, c.isLetter, c.isASCII else {
                throw KeyChordError("'\(text)': ctrl+ takes one letter a-z (terminals send no other Ctrl chords)")
            }
            self.init(base: .character(c), control: true)
            return
        }
        if let alias = Self.aliases[rest] { rest = alias }
        guard Self.names.contains(rest) else {
            let known = Self.names.sorted().joined(separator: ", ")
            throw KeyChordError("unknown key '\(text)'; use one character, ctrl+<letter>, or one of \(known)")
        }
        self.init(base: .named(rest), control: control)
    }

    /// The canonical spelling (`ctrl+r`, `pagedown`, `d`).
    public var description: String {
        switch base {
        case .character(let c): return control ? "ctrl+\(c)" : String(c)
        case .named(let n): return n
        }
    }

    /// How the footer and help show it: `^R`, `Enter`, `PgDn`, `F5`, `d`.
    public var display: String {
        switch base {
        case .character(let c): return control ? "^" + String(c).uppercased() : String(c)
        case .named(let n):
            switch n {
            case "esc": return "Esc"
            case "pageup": return "PgUp"
            case "pagedown": return "PgDn"
            case "backtab": return "S-Tab"
            case "up": return "↑"
            case "down": return "↓"
            case "left": return "←"
            case "right": return "→"
            default: return n.first == "f" && n.count > 1 ? n.uppercased() : n.prefix(1).uppercased() + n.dropFirst()
            }
        }
    }
}

/// Why a key binding's key does not parse.
public struct KeyChordError: Error, Equatable, Sendable, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}

/// A key bound to a page (or app) method: `Key("ctrl+r", "refresh", "Refresh")` in a page declaration, or an entry of
/// `app.json`'s `"keys"`.
public struct KeyBinding: Equatable, Sendable {
    public var key: KeyChord
    /// The method called with `{ type: 'key', detail: { key } }`.
    public var handler: String
    /// The footer's text; nil keeps the binding out of the footer (the `?` help lists it).
    public var label: String?

    public init(key: KeyChord, handler: String, label: String?) {
        self.key = key
        self.handler = handler
        self.label = label
    }

    /// `{"key": "ctrl+r", "handler": "refresh", "label": "Refresh"}`.
    public var json: JSONValue {
        var o: JSONObject = ["key": .string(key.description), "handler": .string(handler)]
        if let label { o["label"] = .string(label) }
        return .object(o)
    }

    /// Decodes a list of bindings; errors name the JSON path (`keys[1].key`) and what is wrong.
    public static func decodeList(_ json: JSONValue, path: String) throws(TemplateDecodingError) -> [KeyBinding] {
        guard case .array(let items) = json else {
            throw TemplateDecodingError(jsonPath: path, message: "expected an array of {key, handler, label}, found \(json.typeName)")
        }
        var out: [KeyBinding] = []
        var seen: Set<KeyChord> = []
        for (i, item) in items.enumerated() {
            let at = "\(path)[\(i)]"
            guard case .object(let o) = item, case .string(let keyText)? = o["key"], case .string(let handler)? = o["handler"],
                  !handler.isEmpty
            else {
                throw TemplateDecodingError(jsonPath: at, message: "expected {\"key\": \"…\", \"handler\": \"…\", \"label\": \"…\"}")
            }
            let chord: KeyChord
            do { chord = try KeyChord(parsing: keyText) } catch {
                throw TemplateDecodingError(jsonPath: at + ".key", message: error.description)
            }
            guard seen.insert(chord).inserted else {
                throw TemplateDecodingError(jsonPath: at + ".key", message: "'\(chord)' is bound twice")
            }
            var label: String?
            switch o["label"] {
            case nil, .null?: label = nil
            case .string(let s)?: label = s
            case let other?: throw TemplateDecodingError(jsonPath: at + ".label", message: "expected a string, found \(other.typeName)")
            }
            out.append(KeyBinding(key: chord, handler: handler, label: label))
        }
        return out
    }
}

extension Character {
    /// Not a control character: something a terminal shows.
    var isPrintable: Bool { !unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F } }
}
