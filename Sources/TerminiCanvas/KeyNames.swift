import TerminiTemplate

/// One table of key names: what events files write (`Enter`, `PageDown`, `F5`, `Ctrl-r`, `Alt-b`, `Ctrl-Left`),
/// what `onKey` receives in `detail.key`, and how a key matches a binding's `KeyChord`.
extension Key {
    private static let named: [(name: String, key: Key, chord: String)] = [
        ("Enter", .enter, "enter"), ("Tab", .tab, "tab"), ("BackTab", .backTab, "backtab"), ("Up", .up, "up"),
        ("Down", .down, "down"), ("Left", .left, "left"), ("Right", .right, "right"), ("Esc", .escape, "esc"),
        ("Backspace", .backspace, "backspace"), ("Delete", .delete, "delete"), ("Insert", .insert, "insert"),
        ("PageUp", .pageUp, "pageup"), ("PageDown", .pageDown, "pagedown"), ("Home", .home, "home"), ("End", .end, "end"),
        ("Space", .space, "space"),
    ] + (1...12).map { ("F\($0)", .function($0), "f\($0)") }

    /// Every key name an events file may use besides single characters and modified keys (`Ctrl-<letter>`,
    /// `Alt-b`, `Shift-Up`, or a binding's spelling such as `alt+b`).
    public static let names: [String] = named.map(\.name)

    private static let byName: [String: Key] = Dictionary(uniqueKeysWithValues: named.map { ($0.name, $0.key) })
    private static let byChordName: [String: Key] = Dictionary(uniqueKeysWithValues: named.map { ($0.chord, $0.key) })
    private static let prefixes: [(String, KeyModifiers)] = [("Ctrl-", .control), ("Alt-", .alt), ("Shift-", .shift)]

    /// The key an events-file name means: a name from `names`, one character, a name after `Ctrl-`, `Alt-` and
    /// `Shift-` prefixes (`Ctrl-r`, `Alt-b`, `Ctrl-Left`), or a binding's spelling (`alt+b`, `ctrl+s`, `shift+left`).
    public init?(name: String) {
        if let key = Key.byName[name] {
            self = key
            return
        }
        if name == " " {
            self = .space
            return
        }
        if name.count == 1, let c = name.first {
            self = .character(c)
            return
        }
        var rest = Substring(name), modifiers: KeyModifiers = []
        while let (prefix, modifier) = Key.prefixes.first(where: { rest.hasPrefix($0.0) }), rest.count > prefix.count {
            modifiers.insert(modifier)
            rest = rest.dropFirst(prefix.count)
        }
        if !modifiers.isEmpty, let base = Key.byName[String(rest)] ?? (rest.count == 1 ? .character(rest.first!) : nil) {
            self = base.with(modifiers)
            return
        }
        guard let chord = try? KeyChord(parsing: name) else { return nil }
        self.init(chord: chord)
    }

    /// The key a binding's chord is pressed as.
    public init(chord: KeyChord) {
        let base: Key
        switch chord.base {
        case .character(let c): base = c == " " ? .space : .character(c)
        case .named(let n): base = Key.byChordName[n] ?? .space
        }
        self = base.with(chord.modifiers)
    }

    /// The key's name in `onKey`'s `detail.key` and in events files: a printable character as itself (Space as
    /// " "), `Ctrl-r` for a control chord, named keys as in `names`, and modifiers as `Ctrl-`, `Alt-` and `Shift-`
    /// before the key's name (`Alt-b`, `Ctrl-Left`, `Ctrl-Alt-x`).
    public var name: String {
        switch self {
        case .character(let c): return String(c)
        case .control(let c): return "Ctrl-\(c)"
        case .space: return " "
        case .modified(let base, let modifiers):
            var prefix = ""
            if modifiers.contains(.control) { prefix += "Ctrl-" }
            if modifiers.contains(.alt) { prefix += "Alt-" }
            if modifiers.contains(.shift) { prefix += "Shift-" }
            return prefix + (base == .space ? "Space" : base.name)
        default: return Key.named.first { $0.key == self }?.name ?? ""
        }
    }

    /// The binding spelling of this key, for matching `KeyChord`s.
    public var chord: KeyChord? {
        switch self {
        case .character(let c): return KeyChord(base: .character(c))
        case .control(let c): return KeyChord(base: .character(c), modifiers: .control)
        case .modified(let base, let modifiers):
            guard var chord = base.chord else { return nil }
            chord.modifiers.formUnion(modifiers)
            return chord
        default:
            return Key.named.first { $0.key == self }.map { KeyChord(base: .named($0.chord)) }
        }
    }
}
