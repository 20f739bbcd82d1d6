import TerminiTemplate

extension MarkdownLayout {
    /// A GitHub table as Ink writes it, read cell by cell, then laid out in a width: columns as wide as their
    /// widest cell while they fit, else the widest narrowed first with their cells wrapped, inside box borders; a
    /// table too wide for even one cell per column is shown a row at a time, each cell under its header's name.
    /// No line is ever wider than the width.
    struct TableReader {
        struct Cell {
            var words: [Word]
            var alignment: TextAlign
        }

        var rows: [[Cell]] = []
        var headerRows = 0
        var inHead = false
        var alignment: TextAlign = .left
        private var row: [Cell] = []

        mutating func endCell(_ words: [Word]) { row.append(Cell(words: words, alignment: alignment)) }

        mutating func endRow() {
            rows.append(row)
            if inHead { headerRows = rows.count }
            row = []
        }

        static let border = CellStyle(attributes: .dim)

        func lines(width: Int) -> [Line] {
            let columns = rows.map(\.count).max() ?? 0
            guard columns > 0 else { return [] }
            // `│ a │ b │`: a bar and a space before each cell, and a space and the bar that ends the row.
            let available = width - (3 * columns + 1)
            guard available >= columns * 2 else { return stacked(width: width) }
            var widths = (0..<columns).map { c in
                rows.map { c < $0.count ? Self.naturalWidth($0[c].words) : 0 }.max() ?? 0
            }.map { max(1, $0) }
            var excess = widths.reduce(0, +) - available
            while excess > 0, let widest = widths.indices.max(by: { widths[$0] < widths[$1] }), widths[widest] > 1 {
                widths[widest] -= 1
                excess -= 1
            }
            var out: [Line] = [rule(widths, "┌", "┬", "┐")]
            for (r, row) in rows.enumerated() {
                if r == headerRows && headerRows > 0 { out.append(rule(widths, "├", "┼", "┤")) }
                let cells = (0..<columns).map { c in
                    c < row.count ? MarkdownLayout.wrap(row[c].words, width: widths[c]) : []
                }
                let height = max(1, cells.map(\.count).max() ?? 1)
                for i in 0..<height {
                    var line: Line = [Run(text: "│", style: Self.border)]
                    for c in 0..<columns {
                        let content = i < cells[c].count ? cells[c][i] : []
                        let used = content.reduce(0) { $0 + TextWidth.of($1.text) }
                        let free = max(0, widths[c] - used)
                        let align = c < row.count ? row[c].alignment : .left
                        let before = align == .right ? free : align == .center ? free / 2 : 0
                        line.append(Run(text: String(repeating: " ", count: before + 1), style: .plain))
                        line += content
                        line.append(Run(text: String(repeating: " ", count: free - before + 1), style: .plain))
                        line.append(Run(text: "│", style: Self.border))
                    }
                    out.append(line)
                }
            }
            out.append(rule(widths, "└", "┴", "┘"))
            return out
        }

        private func rule(_ widths: [Int], _ left: String, _ middle: String, _ right: String) -> Line {
            let text = left + widths.map { String(repeating: "─", count: $0 + 2) }.joined(separator: middle) + right
            return [Run(text: text, style: Self.border)]
        }

        /// Every body row as its cells one under another, `Header: value`, wrapped to the width, with a rule
        /// between rows: for a table whose columns cannot each have a cell's width.
        private func stacked(width: Int) -> [Line] {
            let header = headerRows > 0 ? rows[headerRows - 1] : []
            var out: [Line] = []
            for row in rows.dropFirst(headerRows) {
                if !out.isEmpty { out.append([Run(text: String(repeating: "─", count: width), style: Self.border)]) }
                for (c, cell) in row.enumerated() {
                    var words = cell.words
                    if c < header.count, !header[c].words.isEmpty {
                        var label = header[c].words
                        label[label.count - 1].text += ":"
                        if !words.isEmpty { words[0].spaced = true }
                        words = label + words
                    }
                    out += MarkdownLayout.wrap(words, width: width)
                }
            }
            return out
        }

        static func naturalWidth(_ words: [Word]) -> Int {
            var total = 0
            for (n, word) in words.enumerated() { total += TextWidth.of(word.text) + (n > 0 && word.spaced ? 1 : 0) }
            return total
        }
    }

    /// `words` in lines of at most `width` cells: at spaces, and a word wider than the width cut between characters.
    static func wrap(_ words: [Word], width: Int) -> [Line] {
        var lines: [Line] = []
        var line: Line = []
        var used = 0
        for (n, word) in words.enumerated() {
            let space = n > 0 && word.spaced && used > 0 ? 1 : 0
            let w = TextWidth.of(word.text)
            if used + space + w > width && used > 0 {
                lines.append(line)
                line = []
                used = 0
            } else if space > 0 {
                line.append(Run(text: " ", style: .plain))
                used += 1
            }
            if w <= width {
                line.append(Run(text: word.text, style: word.style, link: word.link, themeClass: word.themeClass))
                used += w
                continue
            }
            var piece = ""
            for c in word.text {
                let cw = TextWidth.of(c)
                if used + TextWidth.of(piece) + cw > width, used + TextWidth.of(piece) > 0 {
                    if !piece.isEmpty { line.append(Run(text: piece, style: word.style, link: word.link)) }
                    lines.append(line)
                    line = []
                    used = 0
                    piece = ""
                }
                piece.append(c)
            }
            if !piece.isEmpty {
                line.append(Run(text: piece, style: word.style, link: word.link))
                used += TextWidth.of(piece)
            }
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }
}
