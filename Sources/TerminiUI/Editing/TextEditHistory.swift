/// One replacement in a text: the bytes at `offset` that were `removed` became `inserted` (UTF-8 offsets).
public struct TextEdit: Equatable, Sendable {
    public var offset: Int
    public var removed: String
    public var inserted: String
}

/// The undo and redo stacks of a `TextEditor`, in groups of edits that one undo takes back together.
///
/// Grouping follows Textual's TextArea, by word: consecutive typing is one group, and so is consecutive deleting,
/// until a character that is not a space follows one that is (so "hello world" undoes as "world", then "hello "),
/// a newline, 100 characters, or anything else in between: a caret move, a selection, a kill, a yank, a paste, an
/// undo. Those other edits are a group each. Consecutive single-character edits merge into one `TextEdit`, so a
/// typed paragraph costs a few records, not one per key.
struct TextEditHistory: Sendable {
    /// How a recorded edit may join the group before it.
    enum Kind: Equatable, Sendable {
        /// One character typed.
        case typing
        /// One character deleted with Backspace or Delete.
        case deleting
        /// Anything else: always a group of its own.
        case other
    }

    struct Group: Sendable {
        var edits: [TextEdit]
        var kind: Kind
        var caretBefore: Int, anchorBefore: Int?
        var caretAfter: Int
        var characters: Int
        /// The last character the group typed or deleted was a space.
        var endsInSpace: Bool
    }

    private(set) var undoStack: [Group] = []
    private(set) var redoStack: [Group] = []
    /// Whether the next edit starts a group whatever it is (the caret moved, or an undo ran).
    private var sealed = true

    /// Groups kept; the oldest go first.
    static let depth = 1_000
    /// Characters one group of typing or deleting holds at most.
    static let groupCharacters = 100

    /// Ends the current group: the next edit starts another.
    mutating func seal() { sealed = true }

    mutating func clear() {
        undoStack.removeAll()
        redoStack.removeAll()
        sealed = true
    }

    /// Records `edit`, which took the caret (and selection anchor) from `caretBefore` to `caretAfter`.
    mutating func record(_ edit: TextEdit, kind: Kind, caretBefore: Int, anchorBefore: Int?, caretAfter: Int) {
        redoStack.removeAll()
        let character = kind == .typing ? edit.inserted : edit.removed
        let isSpace = character.first?.isWhitespace ?? false
        // On UTF-8, not `contains("\n")`: that one is Foundation's, which bridges the string to NSString on each
        // typed key (1.9 % of the UI thread's busy samples while typing into a field). "\r\n" still counts.
        let hasNewline = character.utf8.contains(0x0A)
        if kind != .other, !sealed, var group = undoStack.last, group.kind == kind, group.caretAfter == caretBefore,
           anchorBefore == nil, group.characters < Self.groupCharacters, !hasNewline,
           !(group.endsInSpace && !isSpace)
        {
            undoStack.removeLast()
            if !Self.merge(edit, into: &group.edits[group.edits.count - 1]) { group.edits.append(edit) }
            group.caretAfter = caretAfter
            group.characters += 1
            group.endsInSpace = isSpace
            undoStack.append(group)
        } else {
            undoStack.append(Group(edits: [edit], kind: kind, caretBefore: caretBefore, anchorBefore: anchorBefore,
                                   caretAfter: caretAfter, characters: 1, endsInSpace: isSpace))
            if undoStack.count > Self.depth { undoStack.removeFirst(undoStack.count - Self.depth) }
        }
        // A newline, like any edit that is not one typed or deleted character, closes its group.
        sealed = kind == .other || hasNewline
    }

    /// Joins `next` onto `last` when it continues it: typing after typing, Backspace before a deletion, Delete at it.
    private static func merge(_ next: TextEdit, into last: inout TextEdit) -> Bool {
        if next.removed.isEmpty && last.removed.isEmpty && next.offset == last.offset + last.inserted.utf8.count {
            last.inserted += next.inserted
            return true
        }
        guard next.inserted.isEmpty && last.inserted.isEmpty else { return false }
        if next.offset + next.removed.utf8.count == last.offset {
            last.removed = next.removed + last.removed
            last.offset = next.offset
            return true
        }
        if next.offset == last.offset {
            last.removed += next.removed
            return true
        }
        return false
    }

    /// The group to undo, moved to the redo stack.
    mutating func popUndo() -> Group? {
        guard let group = undoStack.popLast() else { return nil }
        redoStack.append(group)
        sealed = true
        return group
    }

    /// The group to redo, moved back to the undo stack.
    mutating func popRedo() -> Group? {
        guard let group = redoStack.popLast() else { return nil }
        undoStack.append(group)
        sealed = true
        return group
    }
}
