/// A multi-line editor's lines broken into display rows of at most `width` cells (at grapheme boundaries; a wide
/// character never splits), and the first row shown.
///
/// Lines are wrapped only when a row of theirs is shown or the caret passes through them, and each line's rows
/// are kept until an edit touches that line (`follow(_:lineCount:)` replays the editor's line splices). So typing
/// in the middle of 10,000 lines wraps one line, and a 1 MB paste wraps the lines that show.
struct WrappedRows {
    /// A display row: the line it is in and its index among that line's rows.
    struct Position: Equatable, Comparable {
        var line: Int
        var row: Int
        static func < (a: Position, b: Position) -> Bool { (a.line, a.row) < (b.line, b.row) }
    }

    private(set) var width = 0
    /// Per line, the offsets (from the line's start) where its rows start; the first is 0. Nil until wrapped.
    private var rowStarts: [[Int]?] = [nil]
    /// The first row shown.
    private(set) var top = Position(line: 0, row: 0)

    /// Follows the editor's edits: rows of the lines they touched are dropped, the others move with their lines.
    mutating func follow(_ splices: [TextLineIndex.Splice], lineCount: Int) {
        for splice in splices {
            guard splice.lines.upperBound <= rowStarts.count else { rowStarts = []; break }
            rowStarts.replaceSubrange(splice.lines, with: repeatElement(nil, count: splice.count))
            if top.line >= splice.lines.upperBound {
                top.line += splice.count - splice.lines.count
            } else if top.line >= splice.lines.lowerBound {
                top.line = min(top.line, splice.lines.lowerBound + splice.count - 1)
            }
        }
        if rowStarts.count != lineCount {
            rowStarts = Array(repeating: nil, count: lineCount)
            top = Position(line: min(top.line, lineCount - 1), row: 0)
        }
    }

    /// Wraps at `width` from now on; a new width drops every line's rows.
    mutating func setWidth(_ newWidth: Int, lineCount: Int) {
        let newWidth = max(1, newWidth)
        guard newWidth != width || rowStarts.count != lineCount else { return }
        width = newWidth
        rowStarts = Array(repeating: nil, count: lineCount)
        top.row = 0
    }

    /// The row starts of `line`, wrapping it now if it is not yet.
    mutating func rows(of line: Int, in editor: TextEditor) -> [Int] {
        if let rows = rowStarts[line] { return rows }
        let start = editor.lines.start(of: line), end = editor.lines.end(of: line, length: editor.length)
        var rows = [0]
        var used = 0, offset = 0
        for c in editor[start..<end] {
            let w = EditorCells.width(c)
            if used + w > width && used > 0 {
                rows.append(offset)
                used = 0
            }
            used += w
            offset += c.utf8.count
        }
        // A line that fills its last row exactly gets an empty row after it, where the caret at its end shows.
        if used >= width && offset > 0 { rows.append(offset) }
        rowStarts[line] = rows
        return rows
    }

    /// The offsets a row covers.
    mutating func range(of position: Position, in editor: TextEditor) -> Range<Int> {
        let rows = rows(of: position.line, in: editor)
        let lineStart = editor.lines.start(of: position.line)
        let end = position.row + 1 < rows.count ? lineStart + rows[position.row + 1]
            : editor.lines.end(of: position.line, length: editor.length)
        return (lineStart + rows[position.row])..<end
    }

    /// The row `offset` shows in (an offset where a wrapped row ends shows at the start of the next) and its column.
    mutating func position(of offset: Int, in editor: TextEditor) -> (Position, column: Int) {
        let line = editor.lines.line(containing: offset)
        let rows = rows(of: line, in: editor)
        let relative = offset - editor.lines.start(of: line)
        var low = 0, high = rows.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if rows[mid] <= relative { low = mid } else { high = mid - 1 }
        }
        let position = Position(line: line, row: low)
        let rowStart = editor.lines.start(of: line) + rows[low]
        return (position, EditorCells.width(editor[rowStart..<offset]))
    }

    /// The offset `column` cells into a row (or the row's end).
    mutating func offset(at position: Position, column: Int, in editor: TextEditor) -> Int {
        let range = range(of: position, in: editor)
        var used = 0, offset = range.lowerBound
        for c in editor[range] {
            let w = EditorCells.width(c)
            if used + w > column { break }
            used += w
            offset += c.utf8.count
        }
        return offset
    }

    /// The row after `position`, or nil at the last.
    mutating func row(after position: Position, in editor: TextEditor) -> Position? {
        if position.row + 1 < rows(of: position.line, in: editor).count { return Position(line: position.line, row: position.row + 1) }
        return position.line + 1 < editor.lines.count ? Position(line: position.line + 1, row: 0) : nil
    }

    /// The row before `position`, or nil at the first.
    mutating func row(before position: Position, in editor: TextEditor) -> Position? {
        if position.row > 0 { return Position(line: position.line, row: position.row - 1) }
        guard position.line > 0 else { return nil }
        return Position(line: position.line - 1, row: rows(of: position.line - 1, in: editor).count - 1)
    }

    /// `count` rows on from `position` (back when negative), stopping at the first or last row.
    mutating func row(_ count: Int, from position: Position, in editor: TextEditor) -> Position {
        var position = position
        for _ in 0..<abs(count) {
            guard let next = count > 0 ? row(after: position, in: editor) : row(before: position, in: editor) else { break }
            position = next
        }
        return position
    }

    /// Scrolls so that `position` is among the `height` rows shown.
    mutating func keepInView(_ position: Position, height: Int, in editor: TextEditor) {
        top.row = min(top.row, rows(of: top.line, in: editor).count - 1)
        if position < top {
            top = position
            return
        }
        var shown = top, steps = 0
        while shown != position && steps < height {
            guard let next = row(after: shown, in: editor) else { break }
            shown = next
            steps += 1
        }
        if steps >= max(1, height) { top = row(-(max(1, height) - 1), from: position, in: editor) }
    }
}
