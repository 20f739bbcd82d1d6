import TerminiUI

/// The one-line navigation bar above a page.
///
/// It appears on every page above the root (with `‹`, which a click or Esc follows back), and on the root when
/// its page declares a `title:` or the app calls `setNavigationBarTitle`: a page says what it is from the first
/// screen, a pushed page also how to leave, and a root page without a title keeps all its rows.
enum TitleBar {

    /// Columns of the back arrow that a click follows.
    static let backColumns = 0..<3

    static func isShown(for entry: PageEntry, depth: Int) -> Bool { depth > 1 || entry.titleSetByApp || entry.title != nil }

    /// Paints the bar in row 0 of `buffer`, in the theme's `titleBar` style (reverse video by default).
    static func paint(title: String, canGoBack: Bool, theme: Theme, into buffer: inout CellBuffer) {
        let style = theme.surface(EngineSurface.titleBar).applied(to: .plain)
        buffer.fill(x: 0, y: 0, width: buffer.width, height: min(1, buffer.height), with: Cell(character: " ", style: style))
        let text = canGoBack ? " ‹ \(title)" : " \(title)"
        buffer.write(text, x: 0, y: 0, style: style, maxWidth: buffer.width)
    }
}
