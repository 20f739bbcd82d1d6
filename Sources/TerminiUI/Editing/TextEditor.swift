/// What running a command did to a `TextEditor`, so its view knows whether to repaint, report or copy.
public enum TextEditOutcome: Equatable, Sendable {
    /// Nothing changed (the caret was already there, nothing to delete, no room left).
    case unchanged
    /// The caret or the selection moved; the text is the same.
    case moved
    /// The text changed.
    case edited
    /// The selection was copied: the text to put on the clipboard.
    case copied(String)
}

/// The one text editor behind TextField, TextArea and the editable modal's field: the text, the caret, the
/// selection, the kill buffer, and undo and redo (docs/INPUT.md, "Editing text").
///
/// The text is one `String` and every position a UTF-8 offset on a grapheme boundary, so a wide character, a
/// letter with combining marks or an emoji ZWJ sequence moves, deletes and selects as one. An edit is a
/// replacement of a range, which costs the bytes after it (one memmove) and keeps `lines` in step, and handing the
/// whole text to the page's `onChange` costs nothing: it is the same buffer. Nothing here measures or wraps text;
/// the views do that for the rows they show.
public struct TextEditor: Sendable {
    public private(set) var text: String
    /// The caret, as a UTF-8 offset into `text`.
    public private(set) var caret: Int
    /// The selection's other end, while there is one (Shift with a move starts it at the caret).
    public private(set) var anchor: Int?
    /// Where each line starts.
    public private(set) var lines: TextLineIndex
    /// What Ctrl-Y inserts: the last kill, with the kills right before it joined on (as readline does).
    public private(set) var killBuffer = ""
    var history = TextEditHistory()
    /// The last command killed, so the next kill joins the kill buffer instead of replacing it.
    private var lastCommandKilled = false
    /// The line splices since `takeLineSplices()`, for views that keep something per line.
    private var lineSplices: [TextLineIndex.Splice] = []
    /// Whether a view takes the line splices (a TextArea); otherwise none are kept.
    public var keepsLineSplices = false

    public init(_ text: String = "") {
        self.text = text
        caret = text.utf8.count
        lines = TextLineIndex(text)
    }

    /// The text's length in UTF-8 bytes.
    public var length: Int { text.utf8.count }

    /// The selected range, when it is not empty.
    public var selection: Range<Int>? {
        guard let anchor, anchor != caret else { return nil }
        return min(anchor, caret)..<max(anchor, caret)
    }

    public var selectedText: String? { selection.map { String(self[$0]) } }

    /// The text between two offsets.
    public subscript(range: Range<Int>) -> Substring { text[index(range.lowerBound)..<index(range.upperBound)] }

    // MARK: Positions

    /// The `String.Index` of a UTF-8 offset (constant time for a native string).
    public func index(_ offset: Int) -> String.Index { text.utf8.index(text.utf8.startIndex, offsetBy: offset) }

    public func offset(_ index: String.Index) -> Int { text.utf8.distance(from: text.utf8.startIndex, to: index) }

    /// The grapheme boundary after `offset` (or the end).
    public func offset(after offset: Int) -> Int {
        offset >= length ? length : self.offset(text.index(after: index(offset)))
    }

    /// The grapheme boundary before `offset` (or the start).
    public func offset(before offset: Int) -> Int {
        offset <= 0 ? 0 : self.offset(text.index(before: index(offset)))
    }

    /// Letters, digits and `_` make words for Alt-b/f/d, Alt-Backspace and Ctrl-Left/Right.
    static func isWordCharacter(_ c: Character) -> Bool { c.isLetter || c.isNumber || c == "_" }

    /// Skips graphemes forward from `offset` while `skipping` holds, then while `word` holds.
    private func scanForward(from offset: Int, skipping: (Character) -> Bool, then word: (Character) -> Bool) -> Int {
        var position = offset
        var inWord = false
        for c in text[index(offset)...] {
            if !inWord && !skipping(c) { inWord = true }
            if inWord && !word(c) { break }
            position += c.utf8.count
        }
        return position
    }

    /// Skips graphemes backward from `offset` while `skipping` holds, then while `word` holds.
    private func scanBackward(from offset: Int, skipping: (Character) -> Bool, then word: (Character) -> Bool) -> Int {
        var i = index(offset)
        var inWord = false
        while i > text.startIndex {
            let previous = text.index(before: i)
            let c = text[previous]
            if !inWord && !skipping(c) { inWord = true }
            if inWord && !word(c) { break }
            i = previous
        }
        return self.offset(i)
    }

    func wordEnd(after offset: Int) -> Int {
        scanForward(from: offset, skipping: { !Self.isWordCharacter($0) }, then: Self.isWordCharacter)
    }

    func wordStart(before offset: Int) -> Int {
        scanBackward(from: offset, skipping: { !Self.isWordCharacter($0) }, then: Self.isWordCharacter)
    }

    /// Where Ctrl-W's deletion starts: back over whitespace, then over everything that is not.
    func whitespaceWordStart(before offset: Int) -> Int {
        scanBackward(from: offset, skipping: { $0.isWhitespace }, then: { !$0.isWhitespace })
    }

    func lineStart(of offset: Int) -> Int { lines.start(of: lines.line(containing: offset)) }

    func lineEnd(of offset: Int) -> Int { lines.end(of: lines.line(containing: offset), length: length) }

    /// Where `motion` takes the caret; vertical motions need the view's rows and stay put here.
    func target(of motion: TextMotion) -> Int {
        switch motion {
        case .left: offset(before: caret)
        case .right: offset(after: caret)
        case .wordLeft: wordStart(before: caret)
        case .wordRight: wordEnd(after: caret)
        case .lineStart: lineStart(of: caret)
        case .lineEnd: lineEnd(of: caret)
        case .textStart: 0
        case .textEnd: length
        case .up, .down, .pageUp, .pageDown: caret
        }
    }

    // MARK: Commands

    /// Runs `command`. `maxLength` caps the text in graphemes (a yank is clipped to it). Vertical moves are the
    /// view's (`moveCaret(to:selecting:)`); here they do nothing.
    public mutating func perform(_ command: TextEditCommand, maxLength: Int? = nil) -> TextEditOutcome {
        let killed = lastCommandKilled
        lastCommandKilled = false
        switch command {
        case .type(let character):
            return insert(String(character), kind: .typing, maxLength: maxLength).outcome
        case .move(let motion, let selecting):
            guard !motion.isVertical else { return .unchanged }
            return moveCaret(to: target(of: motion), selecting: selecting)
        case .deleteBackward:
            if let selection { return delete(selection) }
            return delete(offset(before: caret)..<caret, kind: .deleting)
        case .deleteForward:
            if let selection { return delete(selection) }
            return delete(caret..<offset(after: caret), kind: .deleting)
        case .killWhitespaceWordBackward:
            if let selection { return kill(selection, backward: true, joining: false) }
            return kill(whitespaceWordStart(before: caret)..<caret, backward: true, joining: killed)
        case .killWordBackward:
            return kill(wordStart(before: caret)..<caret, backward: true, joining: killed)
        case .killWordForward:
            return kill(caret..<wordEnd(after: caret), backward: false, joining: killed)
        case .killToLineStart:
            let start = lineStart(of: caret)
            return kill((start == caret ? max(0, caret - 1) : start)..<caret, backward: true, joining: killed)
        case .killToLineEnd:
            let end = lineEnd(of: caret)
            return kill(caret..<(end == caret ? min(length, caret + 1) : end), backward: false, joining: killed)
        case .yank:
            return insert(killBuffer, kind: .other, maxLength: maxLength).outcome
        case .undo: return undo()
        case .redo: return redo()
        case .copy:
            guard let selected = selectedText else { return .unchanged }
            killBuffer = selected
            return .copied(selected)
        case .enter:
            return insert("\n", kind: .typing, maxLength: maxLength).outcome
        }
    }

    /// Inserts pasted text as one edit and one undo step (replacing the selection). `clipped` says `maxLength` cut
    /// it short.
    public mutating func paste(_ pasted: String, maxLength: Int? = nil) -> (outcome: TextEditOutcome, clipped: Bool) {
        lastCommandKilled = false
        return insert(pasted, kind: .other, maxLength: maxLength)
    }

    /// Puts the caret at `offset` (a view's vertical move, a click); `selecting` extends the selection.
    @discardableResult
    public mutating func moveCaret(to offset: Int, selecting: Bool) -> TextEditOutcome {
        lastCommandKilled = false
        history.seal()
        let target = min(max(0, offset), length)
        let anchorAfter: Int? = selecting ? (anchor ?? caret) : nil
        guard target != caret || anchorAfter != anchor else { return .unchanged }
        caret = target
        anchor = anchorAfter
        return .moved
    }

    /// Replaces the whole text with the page's value: the caret goes to its end, and undo starts again from it.
    public mutating func setText(_ newText: String) {
        let oldLines = lines.count
        text = newText
        caret = length
        anchor = nil
        lines = TextLineIndex(newText)
        history.clear()
        lastCommandKilled = false
        if keepsLineSplices { lineSplices.append(TextLineIndex.Splice(lines: 0..<oldLines, count: lines.count)) }
    }

    /// The line splices since the last call, in order (a view's per-line cache replays them).
    public mutating func takeLineSplices() -> [TextLineIndex.Splice] {
        defer { lineSplices.removeAll(keepingCapacity: true) }
        return lineSplices
    }

    // MARK: Edits

    private mutating func insert(_ inserted: String, kind: TextEditHistory.Kind, maxLength: Int?)
        -> (outcome: TextEditOutcome, clipped: Bool)
    {
        let range = selection ?? caret..<caret
        var inserted = inserted
        var clipped = false
        if let maxLength {
            // Counting graphemes costs the text's length, which maxLength bounds.
            let room = maxLength - (text.count - self[range].count)
            if inserted.count > room {
                inserted = String(inserted.prefix(max(0, room)))
                clipped = true
            }
        }
        guard !inserted.isEmpty || !range.isEmpty else { return (.unchanged, clipped) }
        apply(range, inserted, kind: range.isEmpty ? kind : .other)
        return (.edited, clipped)
    }

    private mutating func delete(_ range: Range<Int>, kind: TextEditHistory.Kind = .other) -> TextEditOutcome {
        guard !range.isEmpty else { return .unchanged }
        apply(range, "", kind: kind)
        return .edited
    }

    /// Deletes `range` into the kill buffer: joined onto it after another kill (before it for a backward kill).
    private mutating func kill(_ range: Range<Int>, backward: Bool, joining: Bool) -> TextEditOutcome {
        guard !range.isEmpty else {
            lastCommandKilled = joining
            return anchor == nil ? .unchanged : moveCaret(to: caret, selecting: false)
        }
        let killed = String(self[range])
        killBuffer = !joining ? killed : backward ? killed + killBuffer : killBuffer + killed
        apply(range, "", kind: .other)
        lastCommandKilled = true
        return .edited
    }

    /// Replaces `range` with `inserted`, records it for undo, and leaves the caret after it with no selection.
    private mutating func apply(_ range: Range<Int>, _ inserted: String, kind: TextEditHistory.Kind) {
        let removed = String(self[range])
        let caretBefore = caret, anchorBefore = anchor
        replace(range, with: inserted)
        caret = range.lowerBound + inserted.utf8.count
        anchor = nil
        history.record(TextEdit(offset: range.lowerBound, removed: removed, inserted: inserted), kind: kind,
                       caretBefore: caretBefore, anchorBefore: anchorBefore, caretAfter: caret)
    }

    private mutating func replace(_ range: Range<Int>, with inserted: String) {
        text.replaceSubrange(index(range.lowerBound)..<index(range.upperBound), with: inserted)
        let splice = lines.replace(range, with: inserted)
        if keepsLineSplices { lineSplices.append(splice) }
    }

    private mutating func undo() -> TextEditOutcome {
        guard let group = history.popUndo() else { return .unchanged }
        for edit in group.edits.reversed() {
            replace(edit.offset..<(edit.offset + edit.inserted.utf8.count), with: edit.removed)
        }
        caret = group.caretBefore
        anchor = group.anchorBefore
        return .edited
    }

    private mutating func redo() -> TextEditOutcome {
        guard let group = history.popRedo() else { return .unchanged }
        for edit in group.edits {
            replace(edit.offset..<(edit.offset + edit.removed.utf8.count), with: edit.inserted)
        }
        caret = group.caretAfter
        anchor = nil
        return .edited
    }
}
