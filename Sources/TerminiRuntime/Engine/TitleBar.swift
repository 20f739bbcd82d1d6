import TerminiUI

/// The one-line navigation bar above a page.
///
/// It appears on every page above the root (with `‹`, which a click or Esc follows back) and on the root only
/// once the app calls `setNavigationBarTitle`: a single-page app keeps all its rows, and a pushed page always
/// says where the user is and how to leave.
enum TitleBar {
    static let style = CellStyle(attributes: [.reverse])

    /// Columns of the back arrow that a click follows.
    static let backColumns = 0..<3

    static func isShown(for entry: PageEntry, depth: Int) -> Bool { depth > 1 || entry.titleSetByApp }

    /// Paints the bar in row 0 and copies `page` (laid out one row shorter) below it.
    static func paint(title: String, canGoBack: Bool, page: CellBuffer, into buffer: inout CellBuffer) {
        buffer.fill(x: 0, y: 0, width: buffer.width, height: 1, with: Cell(character: " ", style: style))
        let text = canGoBack ? " ‹ \(title)" : " \(title)"
        buffer.write(text, x: 0, y: 0, style: style, maxWidth: buffer.width)
        let rows = min(page.height, buffer.height - 1)
        let columns = min(page.width, buffer.width)
        guard rows > 0 else { return }
        for y in 0..<rows {
            for x in 0..<columns { buffer[x, y + 1] = page[x, y] }
        }
    }
}
