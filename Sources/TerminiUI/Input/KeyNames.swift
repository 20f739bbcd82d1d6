import TerminiTemplate

/// One table of key names: what events files write (`Enter`, `PageDown`, `F5`, `Ctrl-r`), what `onKey` receives in
/// `detail.key`, and how a key matches a binding's `KeyChord`.
extension Key {
    private static let named: [(String, Key)] = [
        ("Enter", .enter), ("Tab", .tab), ("BackTab", .backTab), ("Up", .up), ("Down", .down), ("Left", .left),
        ("Right", .right), ("Esc", .escape), ("Backspace", .backspace), ("Delete", .delete), ("PageUp", .pageUp),
        ("PageDown", .pageDown), ("Home", .home), ("End", .end), ("Space", .space),
    ] + (1...12).map { ("F\($0)", .function($0)) }

    /// Every key name an events file may use besides single characters and `Ctrl-<letter>`.
    public static let names: [String] = named.map(\.0)

    private static let byName: [String: Key] = Dictionary(uniqueKeysWithValues: named)

    /// The key an events-file name means: a name from `names`, one character, or `Ctrl-<letter>`.
    public init?(name: String) {
        if let key = Key.byName[name] {
            self = key
        } else if name == " " {
            self = .space
        } else if name.hasPrefix("Ctrl-"), name.count == 6, let c = name.last, c.isLetter {
            self = .control(Character(c.lowercased()))
        } else if name.count == 1, let c = name.first {
            self = .character(c)
        } else {
            return nil
        }
    }

    /// The key's name in `onKey`'s `detail.key` and in events files: a printable character as itself (Space as
    /// " "), `Ctrl-r` for a control chord, named keys as in `names`.
    public var name: String {
        switch self {
        case .character(let c): return String(c)
        case .control(let c): return "Ctrl-\(c)"
        case .space: return " "
        default: return Key.named.first { $0.1 == self }?.0 ?? ""
        }
    }

    /// The binding spelling of this key, for matching `KeyChord`s.
    public var chord: KeyChord? {
        switch self {
        case .character(let c): return KeyChord(base: .character(c))
        case .control(let c): return KeyChord(base: .character(c), control: true)
        case .enter: return KeyChord(base: .named("enter"))
        case .tab: return KeyChord(base: .named("tab"))
        case .backTab: return KeyChord(base: .named("backtab"))
        case .up: return KeyChord(base: .named("up"))
        case .down: return KeyChord(base: .named("down"))
        case .left: return KeyChord(base: .named("left"))
        case .right: return KeyChord(base: .named("right"))
        case .escape: return KeyChord(base: .named("esc"))
        case .backspace: return KeyChord(base: .named("backspace"))
        case .delete: return KeyChord(base: .named("delete"))
        case .pageUp: return KeyChord(base: .named("pageup"))
        case .pageDown: return KeyChord(base: .named("pagedown"))
        case .home: return KeyChord(base: .named("home"))
        case .end: return KeyChord(base: .named("end"))
        case .space: return KeyChord(base: .named("space"))
        case .function(let n): return KeyChord(base: .named("f\(n)"))
        }
    }
}
