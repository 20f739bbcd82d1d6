/// The modifier keys held with a key: what xterm's `CSI 1;<m>X` and the kitty protocol's `CSI <code>;<m>u` carry
/// (`m - 1` is this bit set), and what a binding spells as `ctrl+`, `alt+` and `shift+`.
public struct KeyModifiers: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    public static let shift = KeyModifiers(rawValue: 1)
    /// Alt, which terminals also call Meta: sent as Esc before the key, or in a modified sequence's parameter.
    public static let alt = KeyModifiers(rawValue: 2)
    public static let control = KeyModifiers(rawValue: 4)

    /// The modifiers in a CSI sequence's parameter (`1 + bits`); Super, Hyper, Meta and the lock bits are dropped,
    /// since no binding names them.
    public init(csiParameter: Int) {
        self.init(rawValue: UInt8(truncatingIfNeeded: max(0, csiParameter - 1) & 7))
    }
}

/// A key as bindings name it: `"d"`, `"?"`, `"ctrl+r"`, `"alt+b"`, `"ctrl+left"`, `"shift+up"`, `"enter"`, `"f5"`.
/// Parsing normalises case, the order of modifiers and the spelling of named keys, so `"Ctrl+R"` and `"ctrl+r"` are
/// the same binding, and refuses a chord that no terminal sends, saying why.
public struct KeyChord: Hashable, Sendable, CustomStringConvertible {
    /// What is pressed.
    public enum Base: Hashable, Sendable {
        /// A printable character, as typed (case matters: `"D"` is Shift-d).
        case character(Character)
        /// A named key: enter, esc, tab, backtab, space, backspace, delete, insert, up, down, left, right, pageup,
        /// pagedown, home, end, or f1…f12.
        case named(String)
    }

    public var base: Base
    public var modifiers: KeyModifiers

    public init(base: Base, modifiers: KeyModifiers = []) {
        self.base = base
        self.modifiers = modifiers
    }

    /// Held with Ctrl.
    public var control: Bool { modifiers.contains(.control) }

    /// The named keys a binding may use.
    public static let names: Set<String> = Set(navigationNames + [
        "enter", "esc", "tab", "backtab", "space", "backspace",
    ] + (1...12).map { "f\($0)" })

    /// Keys that terminals send in xterm's modified form (`CSI 1;<m>X`, `CSI <n>;<m>~`), so every modifier reaches
    /// the app with them.
    static let navigationNames = ["up", "down", "left", "right", "home", "end", "pageup", "pagedown", "delete", "insert"]

    private static let aliases = ["escape": "esc", "return": "enter", "del": "delete", "pgup": "pageup", "pgdn": "pagedown",
                                  "ins": "insert"]
    private static let modifierWords: [String: KeyModifiers] = [
        "ctrl": .control, "control": .control, "alt": .alt, "meta": .alt, "option": .alt, "shift": .shift,
    ]

    /// Parses a binding's key (`[ctrl+][alt+][shift+]<key>`, `-` also separates); the error says what is wrong with
    /// it, including why a terminal cannot send it.
    public init(parsing text: String) throws(KeyChordError) {
        let trimmed = String(text.drop(while: { $0 == " " }).reversed().drop(while: { $0 == " " }).reversed())
        guard !trimmed.isEmpty else { throw KeyChordError("an empty key") }
        if trimmed.count == 1, let c = trimmed.first {
            guard c.isPrintable else { throw KeyChordError("'\(text)' is not a printable character") }
            self.init(base: .character(c))
            return
        }
        // Split off modifier words; what is left is the key, which may itself be `+` or `-` (`ctrl++` is refused
        // below like any other ctrl+punctuation).
        var modifiers: KeyModifiers = []
        var rest = Substring(trimmed)
        while let separator = rest.dropFirst().firstIndex(where: { $0 == "+" || $0 == "-" }),
              let modifier = Self.modifierWords[rest[..<separator].lowercased()] {
            guard !modifiers.contains(modifier) else { throw KeyChordError("'\(text)': \(rest[..<separator]) is given twice") }
            modifiers.insert(modifier)
            rest = rest[rest.index(after: separator)...]
        }
        guard !rest.isEmpty else { throw KeyChordError("'\(text)': a modifier needs a key after it") }
        let base: Base
        if rest.count == 1, let c = rest.first {
            guard c.isPrintable, c != " " else { throw KeyChordError("'\(text)' is not a printable character") }
            // Terminals send ctrl+R as ctrl+r: under Ctrl a letter's case means nothing (under Alt it does: alt+B is
            // Esc then B).
            base = .character(modifiers.contains(.control) ? Character(c.lowercased()) : c)
        } else {
            var name = rest.lowercased()
            if let alias = Self.aliases[name] { name = alias }
            if name == "shift+tab" { name = "backtab" }
            guard Self.names.contains(name) else {
                let known = Self.names.sorted().joined(separator: ", ")
                throw KeyChordError("unknown key '\(text)'; use one character, ctrl+<letter>, alt+<key>, or one of \(known), with ctrl+, alt+ or shift+ before them")
            }
            if name == "tab" && modifiers.contains(.shift) {
                modifiers.remove(.shift)
                name = "backtab"
            }
            base = .named(name)
        }
        self.init(base: base, modifiers: modifiers)
        if let reason = unsendableReason { throw KeyChordError("'\(text)': \(reason)") }
        if let use = Self.reservedByTools[self] { throw KeyChordError("'\(text)' is reserved: \(use), so no app may bind it") }
    }

    /// Chords the author's tools keep for themselves, so that they never shadow an app's binding: apps cannot bind
    /// them. The value says what they do, for the error and for the tool's help.
    public static let reservedByTools: [KeyChord: String] = [
        KeyChord(base: .character("r"), modifiers: [.control, .alt]): "termini preview restarts the app with it",
        KeyChord(base: .named("f12"), modifiers: []): "termini preview opens its inspector with it",
    ]

    /// Why no terminal (without the kitty keyboard protocol, which few offer) can send this chord, or nil when
    /// terminals do send it.
    public var unsendableReason: String? {
        let plain = modifiers.subtracting(.alt)
        switch base {
        case .character(let c):
            if plain.contains(.shift) {
                return c.isLetter ? "terminals send Shift with a letter as the capital; bind '\(c.uppercased())'"
                    : "terminals send Shift with '\(c)' as the character it types; bind that"
            }
            guard plain.contains(.control) else { return nil }
            if let taken = Self.controlTwins[c] {
                return "terminals send ctrl+\(c) as \(taken), so it cannot be told apart; bind '\(taken)'"
            }
            guard (c.isASCII && c.isLetter) || Self.controlPunctuation.contains(c) else {
                return "terminals send Ctrl only with a letter a-z, space or one of \\ ] ^ _"
            }
            return nil
        case .named(let name):
            if Self.navigationNames.contains(name) || name.first == "f" && name.count > 1 { return nil }
            if name == "space" && plain == .control { return nil }   // ^@
            if name == "backtab" && plain.isEmpty { return nil }
            if plain.isEmpty && name != "esc" { return nil }          // alt+enter, alt+backspace, alt+tab...
            if plain.isEmpty { return "terminals send alt+esc as two Escs" }
            let spoken = plain.contains(.control) ? "Ctrl" : "Shift"
            return "terminals send \(name) the same with or without \(spoken)"
        }
    }

    /// Ctrl chords that arrive as another key's byte.
    private static let controlTwins: [Character: String] = ["i": "tab", "m": "enter", "h": "backspace", "[": "esc", "@": "ctrl+space"]
    private static let controlPunctuation: Set<Character> = ["\\", "]", "^", "_"]

    /// The canonical spelling (`ctrl+alt+r`, `shift+pagedown`, `d`).
    public var description: String {
        var text = ""
        if modifiers.contains(.control) { text += "ctrl+" }
        if modifiers.contains(.alt) { text += "alt+" }
        if modifiers.contains(.shift) { text += "shift+" }
        switch base {
        case .character(let c): return text + String(c)
        case .named(let n): return text + n
        }
    }

    /// How the footer and help show it: `^R`, `M-b`, `C-←`, `S-↑`, `Enter`, `PgDn`, `F5`, `d`.
    public var display: String {
        var prefix = ""
        if modifiers.contains(.control), case .named = base { prefix += "C-" }
        if modifiers.contains(.alt) { prefix += "M-" }
        if modifiers.contains(.shift) { prefix += "S-" }
        switch base {
        case .character(let c): return prefix + (control ? "^" + String(c).uppercased() : String(c))
        case .named(let n):
            let shown: String
            switch n {
            case "esc": shown = "Esc"
            case "pageup": shown = "PgUp"
            case "pagedown": shown = "PgDn"
            case "backtab": shown = "S-Tab"
            case "up": shown = "↑"
            case "down": shown = "↓"
            case "left": shown = "←"
            case "right": shown = "→"
            case "insert": shown = "Ins"
            default: shown = n.first == "f" && n.count > 1 ? n.uppercased() : n.prefix(1).uppercased() + n.dropFirst()
            }
            return prefix + shown
        }
    }
}
