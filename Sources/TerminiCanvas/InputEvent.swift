import TerminiTemplate

/// A key press, decoded by the terminal backend.
///
/// Plain keys are their own cases. A modified key is `.control(c)` for Ctrl with a letter (as terminals have always
/// sent it), `.backTab` for Shift-Tab, a capital `.character` for Shift with a letter, and `.modified(base, mods)` for
/// everything else: `alt+b` is `.modified(.character("b"), .alt)`, `ctrl+left` is `.modified(.left, .control)`,
/// `ctrl+alt+b` is `.modified(.control("b"), .alt)`. Build modified keys with `Key.with(_:)`, which keeps that one
/// spelling, so two equal presses are equal values.
public enum Key: Hashable, Sendable {
    case enter, tab, backTab, up, down, left, right, escape, backspace, delete, insert, pageUp, pageDown, home, end, space
    case character(Character)
    case control(Character)
    /// F1…F12.
    case function(Int)
    /// `base` held with `modifiers` that its own case does not already say (never empty, never nested).
    indirect case modified(Key, KeyModifiers)

    /// This key with `modifiers` added, in the one spelling described on `Key`.
    public func with(_ modifiers: KeyModifiers) -> Key {
        guard !modifiers.isEmpty else { return self }
        switch self {
        case .modified(let base, let held): return base.with(held.union(modifiers))
        case .tab where modifiers.contains(.shift): return Key.backTab.with(modifiers.subtracting(.shift))
        case .character(let c) where modifiers.contains(.control) && (c.isASCII && c.isLetter || "\\]^_".contains(c)):
            return Key.control(Character(c.lowercased())).with(modifiers.subtracting([.control, .shift]))
        case .character(let c) where modifiers.contains(.shift) && c.isLetter:
            return Key.character(Character(c.uppercased())).with(modifiers.subtracting(.shift))
        case .character(let c) where modifiers.contains(.shift):
            return Key.character(c).with(modifiers.subtracting(.shift))   // Shift made the character already
        default: return .modified(self, modifiers)
        }
    }

    /// Whether the key types its character into a text input: a printable character or Space, with no Ctrl or Alt.
    public var isPrintable: Bool {
        switch self {
        case .character, .space: true
        default: false
        }
    }
}

/// A mouse action at a cell (0-based column x, row y).
public struct MouseEvent: Hashable, Sendable {
    /// What the mouse did.
    public enum Kind: Hashable, Sendable { case press, release, scrollUp, scrollDown }
    public var x: Int
    public var y: Int
    public var kind: Kind
    public init(x: Int, y: Int, kind: Kind) {
        self.x = x
        self.y = y
        self.kind = kind
    }
}

/// Input delivered to the UI thread.
public enum InputEvent: Hashable, Sendable {
    case key(Key)
    /// Text the user pasted (bracketed paste): one edit, never keys, so its newlines press no Enter and its letters
    /// fire no binding. `clippedFrom` is the pasted length in bytes when it was longer than `PasteLimit.bytes` and
    /// only its start arrived.
    case paste(String, clippedFrom: Int?)
    case mouse(MouseEvent)
    case resize(width: Int, height: Int)
    /// The user suspends the app (Ctrl-Z): the host hides it, and the backend gives the terminal back and stops
    /// the process until it is continued.
    case suspend
    /// The terminal went away (its window closed, the connection dropped): nothing more will arrive, so the host
    /// stops.
    case terminalClosed
    /// The process was continued after something else stopped it (SIGSTOP, then SIGCONT): the backend has taken
    /// the terminal back and cleared it, so the host repaints every cell.
    case resume
}

/// How much one paste may hold: a paste past it keeps its first `bytes` (cut at a character) and says so.
public enum PasteLimit {
    /// 8 MiB of UTF-8, a long log file, which a TextArea takes in one frame.
    public static let bytes = 8 << 20
}

extension InputEvent {
    package var isResize: Bool { if case .resize = self { return true } else { return false } }
}
