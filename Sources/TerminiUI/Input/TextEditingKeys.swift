/// The keys a focused text input keeps for itself, so that a binding on them cannot fire while it has focus and the
/// footer leaves them out: everything printable, and the editing keys of INPUT.md's editing table.
public enum TextEditingKeys {
    /// Whether a focused text input (`multiline`: a TextArea) takes `key`.
    public static func takes(_ key: Key, multiline: Bool) -> Bool {
        if key.isPrintable { return true }
        switch key {
        case .backspace, .delete, .left, .right, .home, .end, .enter: return true
        case .up, .down, .pageUp, .pageDown: return multiline
        case .control(let c): return "abefkuwyz".contains(c) || (c == "_")
        case .modified(let base, let modifiers):
            switch base {
            case .character(let c) where modifiers == .alt: return "bdf".contains(c)
            case .backspace where modifiers == .alt: return true
            case .left, .right, .home, .end, .up, .down: return true
            default: return false
            }
        default: return false
        }
    }
}
