/// The part of a one-line editor (a TextField, the editable modal's field) that fits its width, scrolled sideways
/// to keep the caret in view. It measures only what it shows: typing at the end of a 100,000-character field costs
/// what it costs in an empty one.
public struct SingleLineViewport: Sendable {
    /// The first offset shown.
    public private(set) var first = 0

    public init() {}

    /// What a field shows: its text (`•` per grapheme when secure), the caret's column in it, and the selection's
    /// columns.
    public struct Shown: Equatable, Sendable {
        public var text: String
        public var caretColumn: Int
        public var selection: Range<Int>?
    }

    /// Scrolls to keep the caret in the field's `width` columns (the caret takes the last), then says what shows.
    public mutating func show(_ editor: TextEditor, width: Int, secure: Bool) -> Shown {
        let room = max(0, width - 1)
        func columns(_ c: Character) -> Int { secure ? 1 : EditorCells.width(c) }
        // After the page replaced the text, an old `first` may not be a boundary any more.
        if first > editor.caret || first > editor.length { first = editor.caret }
        var reached = first, used = 0
        for c in editor.text[editor.index(first)...] {
            if reached >= editor.caret { break }
            used += columns(c)
            if used > room { break }
            reached += c.utf8.count
        }
        if reached < editor.caret {
            // The caret ran past the right edge: show the columns that lead up to it.
            first = editor.caret
            used = 0
            while first > 0 {
                let previous = editor.offset(before: first)
                let w = columns(editor[previous..<first].first!)
                if used + w > room { break }
                used += w
                first = previous
            }
        } else {
            // Text deleted at the end leaves room on the right: bring back what scrolled off the left.
            var total = 0
            for c in editor.text[editor.index(first)...] {
                total += columns(c)
                if total > room { break }
            }
            while first > 0, total <= room {
                let previous = editor.offset(before: first)
                let w = columns(editor[previous..<first].first!)
                if total + w > room { break }
                total += w
                first = previous
            }
        }
        var text = ""
        var column = 0, offset = first
        var caretColumn = 0
        var selectionColumns: Range<Int>?
        let selection = editor.selection
        for c in editor.text[editor.index(first)...] {
            if offset == editor.caret { caretColumn = column }
            let w = columns(c)
            if column + w > width { break }
            if let selection, selection.contains(offset) {
                selectionColumns = (selectionColumns?.lowerBound ?? column)..<(column + w)
            }
            if secure { text += "•" } else if c == "\t" { text += "    " } else { text.append(c) }
            column += w
            offset += c.utf8.count
        }
        if offset == editor.caret { caretColumn = column }
        return Shown(text: text, caretColumn: caretColumn, selection: selectionColumns)
    }

    /// The offset a click `column` cells into the field lands on.
    public func offset(atColumn column: Int, in editor: TextEditor, secure: Bool) -> Int {
        var used = 0, offset = first
        for c in editor.text[editor.index(first)...] {
            let w = secure ? 1 : EditorCells.width(c)
            if used + w > column { break }
            used += w
            offset += c.utf8.count
        }
        return offset
    }
}
