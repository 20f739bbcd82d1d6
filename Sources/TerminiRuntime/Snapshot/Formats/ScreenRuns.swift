import TerminiUI

/// A row of the screen cut where the style or the hyperlink changes: what the ANSI, SVG and HTML formats draw one piece at a time.
struct ScreenRun {
    /// The first column of the run, 0-based.
    var column: Int
    /// Columns the run covers, both halves of a wide character included.
    var width: Int
    var text: String
    var style: CellStyle
    /// The URL the run is a hyperlink to, if it is one.
    var link: String?

    /// The runs of row `y`. With `trimmingBlankEnd`, the row's trailing blanks in the default style are left out,
    /// as a terminal shows them anyway.
    static func runs(of screen: CellBuffer, row y: Int, trimmingBlankEnd: Bool) -> [ScreenRun] {
        var end = screen.width
        if trimmingBlankEnd {
            while end > 0, case let cell = screen[end - 1, y], cell.style == .plain, cell.character == " " { end -= 1 }
        }
        var runs: [ScreenRun] = []
        for x in 0..<end {
            let cell = screen[x, y]
            let style = cell.style
            let link = cell.isLinked ? screen.link(atX: x, y: y) : nil
            if runs.isEmpty || runs[runs.count - 1].style != style || runs[runs.count - 1].link != link {
                runs.append(ScreenRun(column: x, width: 0, text: "", style: style, link: link))
            }
            runs[runs.count - 1].width += 1
            // The right half of a wide character belongs to its left half, which holds the character.
            if !cell.isWideContinuation { runs[runs.count - 1].text.append(cell.character) }
        }
        return runs
    }
}
