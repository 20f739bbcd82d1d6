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

    /// Paints the bar in row 0 of `buffer`.
    static func paint(title: String, canGoBack: Bool, into buffer: inout CellBuffer) {
        buffer.fill(x: 0, y: 0, width: buffer.width, height: min(1, buffer.height), with: Cell(character: " ", style: style))
        let text = canGoBack ? " ‹ \(title)" : " \(title)"
        buffer.write(text, x: 0, y: 0, style: style, maxWidth: buffer.width)
    }
}
