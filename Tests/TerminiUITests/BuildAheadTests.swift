import Testing
import TerminiTemplate
@testable import TerminiUI

/// Rows built ahead while the UI is idle (`PageView.buildAhead`): the next page of a list is built and laid out
/// before the key that shows it, which then builds nothing; the rows follow the data like shown ones, building them
/// asks for no frame, and rows far from the viewport are still released.
@Suite struct BuildAheadTests {
    static let width = 24, height = 6

    func row(_ id: Int, _ label: String? = nil) -> JSONValue { ["id": .number(Double(id)), "label": .string(label ?? "row \(id)")] }

    /// A focused ListView of `count` rows, built once.
    func listPage(count: Int = 10_000) -> PageView {
        let root = node("ListView", ["p1": "{{rows}}", "key": "id", "item": "row", "id": "list"], [
            node("Text", ["p1": "{{row.id}}:{{row.label}}"]),
        ])
        let page = PageView(root: root, data: ["rows": .array((0..<count).map { row($0) })])
        _ = page.renderText(width: Self.width, height: Self.height)
        _ = page.handle(.key(.tab))  // focus the list, so Down and PageDown scroll it
        _ = page.renderText(width: Self.width, height: Self.height)
        return page
    }

    func buildAllAhead(_ page: PageView) -> Int {
        var built = 0
        while case let n = page.buildAhead(rows: 4), n > 0 { built += n }
        return built
    }

    func lines(_ page: PageView) -> [String] {
        withoutScrollIndicator(page.renderText(width: Self.width, height: Self.height))
            .split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
    }

    func builtRows(_ page: PageView) -> Int {
        let list = page.element(ofType: ListViewProps.self)!
        return (list.state as! ListState).slots.elements.lazy.compactMap { $0 }.count
    }

    @Test func aPageScrollAfterBuildingAheadBuildsNothing() {
        let page = listPage()
        #expect(page.hasWorkAhead)
        // A page beyond the margins on each side (none above the top): 6 + 4 rows shown, 6 more below.
        #expect(buildAllAhead(page) == Self.height)
        #expect(!page.hasWorkAhead)
        _ = page.handle(.key(.pageDown))
        let stats = page.build(size: (Self.width, Self.height))
        #expect(stats.inserted == 0, "\(stats)")
        #expect(stats.layoutNodes <= 2, "the list alone: every row it shows was laid out ahead: \(stats)")
        #expect(lines(page) == (6..<12).map { "\($0):row \($0)" })

        // Without building ahead, the same scroll builds the rows it shows.
        let cold = listPage()
        _ = cold.handle(.key(.pageDown))
        #expect(cold.build(size: (Self.width, Self.height)).inserted > 0)
        #expect(lines(cold) == lines(page))
    }

    @Test func buildingAheadAsksForNoFrameAndWaitsForAPendingBuild() {
        let page = listPage()
        #expect(!page.needsBuild)
        #expect(page.buildAhead(rows: 2) == 2)
        #expect(!page.needsBuild, "rows built ahead are not shown: no frame is needed")
        #expect(page.builtAhead.inserted == 2 * 2, "two rows of two elements each (the item and its Text)")
        #expect(page.builtAhead.layoutNodes == 2 * 2, "and laid out, so the scroll that shows them reuses their size")

        // Data the next build has not applied yet: rows built now could disagree with it, so none are.
        page.applySetData([DataPatch(path: path("rows[0].label"), value: "changed")])
        #expect(page.needsBuild)
        #expect(page.buildAhead(rows: 4) == 0)
    }

    @Test func rowsBuiltAheadFollowChangesToTheData() {
        let page = listPage()
        _ = buildAllAhead(page)
        // Row 12 is built ahead (below the 6 shown and the margin of 4); an insert above it shifts it to 13.
        page.applySetData([DataPatch(path: path("rows[12].label"), value: "changed while built ahead")])
        page.applySetData([DataPatch(path: path("rows"), change: .splice(index: 2, removing: 0, inserting: JSONArray([row(-1, "inserted")])))])
        page.build(size: (Self.width, Self.height))
        #expect(lines(page).first == "0:row 0")
        _ = page.handle(.key(.pageDown))
        #expect(lines(page) == ["5:row 5", "6:row 6", "7:row 7", "8:row 8", "9:row 9", "10:row 10"])
        _ = page.handle(.key(.pageDown))
        #expect(lines(page) == ["11:row 11", "12:changed while built", "ahead", "13:row 13", "14:row 14", "15:row 15"])
    }

    @Test func aRemoveOfARowBuiltAheadIsNotShownWhenScrolledTo() {
        let page = listPage()
        _ = buildAllAhead(page)
        page.applySetData([DataPatch(path: path("rows"), change: .splice(index: 11, removing: 1, inserting: JSONArray([])))])
        page.build(size: (Self.width, Self.height))
        _ = page.handle(.key(.pageDown))
        #expect(lines(page) == ["6:row 6", "7:row 7", "8:row 8", "9:row 9", "10:row 10", "12:row 12"])
    }

    @Test func rowsFarFromTheViewportAreReleased() {
        let page = listPage()
        for _ in 0..<50 {
            _ = page.handle(.key(.pageDown))
            _ = lines(page)
            _ = buildAllAhead(page)
        }
        #expect(lines(page).first == "300:row 300")
        // The shown rows with their margins (6 + 2 × 4) and a page on each side.
        #expect(builtRows(page) <= Self.height + 2 * ListViewProps.margin + 2 * Self.height)
        _ = page.handle(.key(.end))
        _ = lines(page)
        _ = buildAllAhead(page)
        #expect(lines(page).last == "9999:row 9999")
        #expect(builtRows(page) <= Self.height + 2 * ListViewProps.margin + 2 * Self.height)
    }
}
