import TerminiTemplate

/// Where a caret move goes. The vertical ones need the view's rows, so the TextArea resolves them.
public enum TextMotion: Hashable, Sendable {
    case left, right, wordLeft, wordRight, lineStart, lineEnd, textStart, textEnd
    case up, down, pageUp, pageDown

    var isVertical: Bool {
        switch self {
        case .up, .down, .pageUp, .pageDown: true
        default: false
        }
    }
}

/// What an editing key does in a text input (docs/INPUT.md, "Editing text").
public enum TextEditCommand: Hashable, Sendable {
    /// A printable key or Space: types its character, replacing the selection.
    case type(Character)
    /// Moves the caret; `selecting` extends the selection from where it was instead of dropping it.
    case move(TextMotion, selecting: Bool)
    /// Backspace, Delete: one grapheme, or the selection.
    case deleteBackward, deleteForward
    /// Ctrl-W: kills back to the previous whitespace (readline's unix-word-rubout), or kills the selection.
    case killWhitespaceWordBackward
    /// Alt-Backspace, Alt-d: kill the word before or after the caret (letters and digits).
    case killWordBackward, killWordForward
    /// Ctrl-U, Ctrl-K: kill to the line's start or end; at that end, the newline.
    case killToLineStart, killToLineEnd
    /// Ctrl-Y: inserts the last kill.
    case yank
    case undo, redo
    /// Alt-w: copies the selection to the clipboard (OSC 52) and the kill buffer.
    case copy
    /// Enter: a newline in a TextArea, submit in a one-line field.
    case enter
}

/// The one table of editing keys: the editor runs what it maps a key to, and the footer hides the bindings it
/// takes (`TextEditingKeys`), so the two cannot disagree.
public enum TextEditingKeymap {
    /// The command `key` runs in a focused text input (`multiline`: a TextArea); nil for keys it leaves to the page.
    public static func command(for key: Key, multiline: Bool) -> TextEditCommand? {
        switch key {
        case .character(let c): return .type(c)
        case .space: return .type(" ")
        default: break
        }
        if let command = shared[key] { return command }
        return multiline ? multilineOnly[key] : nil
    }

    /// Every key in the table (besides the printable keys) for a one-line field (`multiline` false) or a TextArea,
    /// for documentation and tests.
    public static func keys(multiline: Bool) -> [Key] {
        Array(shared.keys) + (multiline ? Array(multilineOnly.keys) : [])
    }

    private static func move(_ motion: TextMotion, _ keys: [Key]) -> [(Key, TextEditCommand)] {
        keys.flatMap { key in
            [(key, TextEditCommand.move(motion, selecting: false)),
             (key.with(.shift), TextEditCommand.move(motion, selecting: true))]
        }
    }

    private static let shared: [Key: TextEditCommand] = {
        var table: [Key: TextEditCommand] = [
            .control("b"): .move(.left, selecting: false), .control("f"): .move(.right, selecting: false),
            .control("a"): .move(.lineStart, selecting: false), .control("e"): .move(.lineEnd, selecting: false),
            Key.character("b").with(.alt): .move(.wordLeft, selecting: false),
            Key.character("f").with(.alt): .move(.wordRight, selecting: false),
            .backspace: .deleteBackward, .delete: .deleteForward,
            .control("w"): .killWhitespaceWordBackward,
            Key.backspace.with(.alt): .killWordBackward, Key.character("d").with(.alt): .killWordForward,
            .control("u"): .killToLineStart, .control("k"): .killToLineEnd, .control("y"): .yank,
            // Ctrl-Z suspends and Ctrl-Y yanks, so undo is readline's and Emacs's Ctrl-_ (which most terminals
            // also send for Ctrl-/ and Ctrl-7; with the kitty protocol Ctrl-/ arrives as itself), and redo is
            // Ctrl-], the one other punctuation Ctrl key every terminal sends as a byte.
            .control("_"): .undo, Key.character("/").with(.control): .undo, .control("]"): .redo,
            Key.character("w").with(.alt): .copy,
            .enter: .enter,
        ]
        for (key, command) in move(.left, [.left]) + move(.right, [.right])
            + move(.wordLeft, [Key.left.with(.control), Key.left.with(.alt)])
            + move(.wordRight, [Key.right.with(.control), Key.right.with(.alt)])
            + move(.lineStart, [.home]) + move(.lineEnd, [.end])
            + move(.textStart, [Key.home.with(.control)]) + move(.textEnd, [Key.end.with(.control)])
        {
            table[key] = command
        }
        return table
    }()

    private static let multilineOnly: [Key: TextEditCommand] = {
        var table: [Key: TextEditCommand] = [:]
        for (key, command) in move(.up, [.up]) + move(.down, [.down]) + move(.pageUp, [.pageUp]) + move(.pageDown, [.pageDown]) {
            table[key] = command
        }
        return table
    }()
}
