import Testing
@testable import TerminiRuntime
import TerminiUI

/// Where the bars and the page go: rows from the bottom up for the panel, the footer and the tab strip while the page
/// keeps a row, the title on top, the page between.
@Suite struct ScreenRegionsTests {
    func row(_ y: Int, _ width: Int) -> CellRect { CellRect(x: 0, y: y, width: width, height: 1) }

    @Test func everyBarOnATallScreen() {
        let r = ScreenRegions(width: 40, height: 12, title: true, tabStrip: true, footer: true, performancePanel: true)
        #expect(r.title == row(0, 40))
        #expect(r.performancePanel == row(11, 40) && r.footer == row(10, 40) && r.tabStrip == row(9, 40))
        #expect(r.page == CellRect(x: 0, y: 1, width: 40, height: 8))
        #expect(r.modalArea == CellRect(x: 0, y: 0, width: 40, height: 10), "a modal page's box may cover the tab strip, not the footer")
    }

    @Test func noBarsLeavesTheWholeScreenToThePage() {
        let r = ScreenRegions(width: 20, height: 5, title: false, tabStrip: false, footer: false, performancePanel: false)
        #expect(r.title == nil && r.tabStrip == nil && r.footer == nil && r.performancePanel == nil)
        #expect(r.page == CellRect(x: 0, y: 0, width: 20, height: 5) && r.modalArea == r.page)
    }

    @Test func aShortScreenDropsTheBarsThatWouldLeaveThePageNoRow() {
        // Three rows: the panel and the footer take two from the bottom; the tab strip would take the last one.
        let r = ScreenRegions(width: 20, height: 3, title: false, tabStrip: true, footer: true, performancePanel: true)
        #expect(r.performancePanel == row(2, 20) && r.footer == row(1, 20) && r.tabStrip == nil)
        #expect(r.page == row(0, 20))
        let one = ScreenRegions(width: 20, height: 1, title: false, tabStrip: true, footer: true, performancePanel: true)
        #expect(one.performancePanel == nil && one.footer == nil && one.tabStrip == nil && one.page == row(0, 20))
    }
}
