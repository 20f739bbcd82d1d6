import TerminiUI

/// Where the engine's bars and the page go on the screen, worked out in one place once a frame: the title bar takes
/// the first row; the `--perf` panel, the footer and the tab strip take rows from the bottom up, each only while the
/// screen keeps a row for the page beside them; the page has what is left. Each layer is handed its rectangle, so
/// no layer works out where it goes from what stands beside it (Textual's compositor owns its regions the same way).
struct ScreenRegions: Equatable {
    var title: CellRect?
    var page: CellRect
    var tabStrip: CellRect?
    var footer: CellRect?
    var performancePanel: CellRect?
    /// What a modal page's box is placed within: the whole screen above the footer and the panel, since the box
    /// covers the base page's title bar and tab strip but leaves the keys the modal page answers to in view.
    var modalArea: CellRect

    init(width: Int, height: Int, title: Bool, tabStrip: Bool, footer: Bool, performancePanel: Bool) {
        var below = 0
        func bottomRow(_ wanted: Bool) -> CellRect? {
            guard wanted, height > below + 1 else { return nil }
            below += 1
            return CellRect(x: 0, y: height - below, width: width, height: 1)
        }
        self.performancePanel = bottomRow(performancePanel)
        self.footer = bottomRow(footer)
        modalArea = CellRect(x: 0, y: 0, width: width, height: max(0, height - below))
        self.tabStrip = bottomRow(tabStrip)
        let top = title && height > 0 ? 1 : 0
        self.title = top == 1 ? CellRect(x: 0, y: 0, width: width, height: 1) : nil
        page = CellRect(x: 0, y: top, width: width, height: max(0, height - top - below))
    }
}
