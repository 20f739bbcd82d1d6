import TerminiUI

/// A golden screen against the screen a test reached, row by row: the rows that differ, in text or in style,
/// written as the golden form writes them (`-` golden, `+` actual) with one legend for both, so the same letter is
/// the same style on either side.
struct ScreenDiff {
    let golden: CellBuffer
    let actual: CellBuffer

    /// The rows (0-based) whose cells differ; every row when the sizes differ.
    var differingRows: [Int] {
        let rows = max(golden.height, actual.height)
        guard golden.width == actual.width, golden.height == actual.height else { return Array(0..<rows) }
        return (0..<rows).filter { y in (0..<golden.width).contains { golden[$0, y] != actual[$0, y] } }
    }

    /// The diff's lines. `styled` paints each row's text in its own colours with escape sequences as well.
    func lines(styled: Bool) -> [String] {
        var legend = StyleLegend()
        var body: [String] = []
        let labelWidth = String(max(golden.height, actual.height) - 1).count
        for y in differingRows {
            for (sign, screen) in [("-", golden), ("+", actual)] {
                let label = "\(sign) row " + String(repeating: " ", count: labelWidth - String(y).count) + "\(y) |"
                guard y < screen.height else { body.append(label.dropLast(2) + " (none)"); continue }
                let row = StyledScreenText.row(screen, y, legend: &legend)
                body.append(label + (styled ? ANSIScreenText.row(screen, y) : row.text))
                if !row.mask.isEmpty { body.append(String(repeating: " ", count: label.count - 1) + "|" + row.mask) }
            }
        }
        var head: [String] = []
        if golden.width != actual.width || golden.height != actual.height {
            head.append("size: golden \(golden.width)x\(golden.height), actual \(actual.width)x\(actual.height)")
        }
        return head + legend.lines + body
    }
}
