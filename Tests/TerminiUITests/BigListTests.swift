import Testing
import TerminiTemplate
@testable import TerminiUI

/// A ListView over 100,000 rows changed by splices (what setData sends for an append, an insert or a remove, and
/// spliceData): the screen after scrolling to each change shows it, and no build compares the keys of the whole
/// list, which is what made a change cost the length of the list. Each test runs on the rows as values and as
/// packed rows (`JSONArray`).
@Suite struct BigListTests {
    static let count = 100_000

    func row(_ id: Int, _ label: String? = nil) -> JSONValue { ["id": .number(Double(id)), "label": .string(label ?? "row \(id)")] }

    /// The list as values, or as the packed rows that the JSON parser makes of a setData payload this long.
    func bigPage(packed: Bool) -> PageView {
        let values: [JSONValue] = (0..<Self.count).map { row($0) }
        let rows: JSONValue = packed ? try! JSONValue.parse(JSONValue.array(values).serialized()) : .array(values)
        precondition(rows.arrayValue?.isPacked == packed)
        let root = node("Column", [:], [
            node("Text", ["p1": "{{rows.length}} rows"]),
            node("ListView", ["p1": "{{rows}}", "key": "id", "item": "row", "id": "list"], loc: "big.swift:3:5",
                 [node("Text", ["p1": "{{row.id}} {{row.label}}"])]),
        ])
        let page = PageView(root: root, data: ["rows": rows])
        _ = page.renderText(width: 30, height: 5)
        return page
    }

    func splice(_ page: PageView, at index: Int, removing: Int, _ inserting: [JSONValue]) -> BuildStats {
        page.applySetData([DataPatch(path: path("rows"), change: .splice(index: index, removing: removing, inserting: JSONArray(inserting)))])
        return page.build(size: (30, 5))
    }

    func screen(_ page: PageView, scrolledTo index: Int) throws -> String {
        try page.scrollTo(id: "list", key: nil, index: index)
        return page.renderText(width: 30, height: 5)
    }

    @Test(arguments: [false, true]) func anAppendAtTheEndCostsTheAppendAndShowsWhenScrolledTo(packed: Bool) throws {
        let page = bigPage(packed: packed)
        let stats = splice(page, at: Self.count, removing: 0, (0..<3).map { row(Self.count + $0, "new \($0)") })
        #expect(stats.keysDiffed == 0)
        #expect(stats.rebuiltElements <= 3, "the header and the list, not the rows: \(stats)")
        // Scrolling past the last full page stops there.
        #expect(try screen(page, scrolledTo: Self.count) == "100003 rows\n99999 row 99999\n100000 new 0\n100001 new 1\n100002 new 2")
    }

    @Test(arguments: [false, true]) func anInsertInTheMiddleShiftsTheRowsAfterIt(packed: Bool) throws {
        let page = bigPage(packed: packed)
        _ = try screen(page, scrolledTo: 50_000)
        let stats = splice(page, at: 50_001, removing: 0, [row(-1, "inserted")])
        #expect(stats.keysDiffed == 0)
        #expect(page.renderText(width: 30, height: 5) == "100001 rows\n50000 row 50000\n-1 inserted\n50001 row 50001\n50002 row 50002")
    }

    @Test(arguments: [false, true]) func aRemoveAtTheFrontShowsAtTheTop(packed: Bool) throws {
        let page = bigPage(packed: packed)
        let stats = splice(page, at: 0, removing: 2, [])
        #expect(stats.keysDiffed == 0)
        #expect(page.renderText(width: 30, height: 5) == "99998 rows\n2 row 2\n3 row 3\n4 row 4\n5 row 5")
    }

    @Test(arguments: [false, true]) func anUpdatePastTheVisibleWindowShowsWhenScrolledTo(packed: Bool) throws {
        let page = bigPage(packed: packed)
        page.apply([(path("rows[90000].label"), "changed"), (path("rows[90001]"), row(90001, "replaced"))])
        let stats = page.build(size: (30, 5))
        #expect(stats.keysDiffed == 0)
        #expect(stats.inserted == 0, "nothing off screen is built: \(stats)")
        #expect(try screen(page, scrolledTo: 90_000) == "100000 rows\n90000 changed\n90001 replaced\n90002 row 90002\n90003 row 90003")
    }

    /// A row whose data changed and which a splice above it shifts, in the same build, shows the change: the shift
    /// alone would need no re-evaluation (its item is the same), but the change does.
    @Test(arguments: [false, true]) func aChangedRowThatAnInsertAboveShiftsShowsTheChange(packed: Bool) throws {
        let page = bigPage(packed: packed)
        page.applySetData([DataPatch(path: path("rows[2].label"), value: "changed")])
        let stats = splice(page, at: 0, removing: 0, [row(-1, "new first")])
        #expect(stats.keysDiffed == 0)
        #expect(page.renderText(width: 30, height: 5).hasPrefix("100001 rows\n-1 new first\n0 row 0\n1 row 1\n2 changed"))
    }

    /// An item replaced by a splice (same key, new values) that another splice of the same batch shifts shows its
    /// new values.
    @Test(arguments: [false, true]) func anItemASpliceReplacesAndAnotherShiftsShowsItsNewValues(packed: Bool) throws {
        let page = bigPage(packed: packed)
        page.applySetData([
            DataPatch(path: path("rows"), change: .splice(index: 2, removing: 1, inserting: JSONArray([row(2, "replaced")]))),
            DataPatch(path: path("rows"), change: .splice(index: 0, removing: 1, inserting: JSONArray([row(0, "zero"), row(-1, "added")]))),
        ])
        let stats = page.build(size: (30, 5))
        #expect(stats.keysDiffed == 0)
        #expect(page.renderText(width: 30, height: 5).hasPrefix("100001 rows\n0 zero\n-1 added\n1 row 1\n2 replaced"))
    }

    @Test(arguments: [false, true]) func scrollingThroughTheListLeavesABoundedIndex(packed: Bool) throws {
        let page = bigPage(packed: packed)
        let before = page.tree.readIndex.nodeCount
        // 2,000 pages of rows built and dropped: without sweeping, a node per row ever built (100,000).
        for index in stride(from: 0, to: Self.count, by: 50) { _ = try screen(page, scrolledTo: index) }
        _ = try screen(page, scrolledTo: 0)
        let after = page.tree.readIndex.nodeCount
        #expect(after < before + 3 * ReadIndex.removalsPerSweep, "the index kept \(after - before) nodes for rows no longer built")
    }

    @Test(arguments: [false, true]) func aNewArrayIsDiffedInFullAndKeepsRowsByKey(packed: Bool) throws {
        let page = bigPage(packed: packed)
        var rows = page.data["rows"]!.arrayValue!
        rows.reverse()
        page.apply([(path("rows"), .array(rows))])
        let stats = page.build(size: (30, 5))
        #expect(stats.keysDiffed == Self.count)
        #expect(page.renderText(width: 30, height: 5) == "100000 rows\n99999 row 99999\n99998 row 99998\n99997 row 99997\n99996 row 99996")
    }

    @Test(arguments: [false, true]) func splicesThatDoNotAddUpFallBackToAFullDiff(packed: Bool) throws {
        let page = bigPage(packed: packed)
        // A splice past the end (the data clamps it to an append, the slots cannot follow) is diffed in full
        // rather than trusted.
        page.applySetData([DataPatch(path: path("rows"), change: .splice(index: Self.count + 5, removing: 0, inserting: [row(-7, "far")]))])
        let stats = page.build(size: (30, 5))
        #expect(stats.keysDiffed > 0)
        #expect(try screen(page, scrolledTo: Self.count) == "100001 rows\n99997 row 99997\n99998 row 99998\n99999 row 99999\n-7 far")
    }

    /// A one-line scroll lays out the row that came into view and reuses the others' sizes; a row whose data
    /// changed, one that wraps onto a second line, and one with state of its own (a text field) are laid out again.
    /// A list of `count` rows, each a Row of the id and `second`, shown at `width` x `height`, then scrolled down
    /// one line; returns the page and what the scroll's build did.
    func scrolledByOneLine(second: TemplateNode, count: Int, width: Int, height: Int) throws -> (PageView, BuildStats) {
        let root = node("ListView", ["p1": "{{rows}}", "key": "id", "item": "row", "id": "list"], [
            node("Row", [:], [node("Text", ["p1": "{{row.id}}:"]), second]),
        ])
        let page = PageView(root: root, data: ["rows": .array((0..<count).map { row($0) })])
        _ = page.renderText(width: width, height: height)
        try page.scrollTo(id: "list", key: nil, index: 1)
        return (page, page.build(size: (width, height)))
    }

    @Test func aOneLineScrollLaysOutOnlyTheRowThatCameIntoView() throws {
        let (page, stats) = try scrolledByOneLine(second: node("Text", ["p1": "{{row.label}}"]), count: 1_000, width: 20, height: 10)
        // The page, the list, and one new row of four elements (the item, a Row, two Texts); before rows were
        // reused, every built row's four elements (18 rows: the screen and the margins).
        #expect(stats.layoutNodes <= 8, "\(stats)")
        #expect(withoutScrollIndicator(page.renderText(width: 20, height: 10)).hasPrefix("1:row 1\n2:row 2\n"))

        // A label that now wraps makes its row two lines tall: the rows below it move down.
        page.apply([(path("rows[2].label"), "a label too long for one line")])
        let screen = withoutScrollIndicator(page.renderText(width: 20, height: 10)).split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(Array(screen.prefix(4)) == ["1:row 1", "2:a label too long", "for one line", "3:row 3"])
    }

    @Test func rowsWithStateOfTheirOwnAreLaidOutEveryTime() throws {
        let (_, stats) = try scrolledByOneLine(second: node("TextField", ["value": "{{row.label}}"]), count: 100, width: 30, height: 6)
        #expect(stats.layoutNodes > 20, "every row holds a text field, whose edits change nothing a refresh sees: \(stats)")
    }
}
