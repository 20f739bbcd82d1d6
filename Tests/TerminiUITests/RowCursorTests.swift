import TerminiTemplate
import Testing
@testable import TerminiUI

/// The rules behind list cursors and paging, at the level where their edge cases are cheap to reach: rows spliced
/// into an empty list, an unkeyed list's cursor, the paging rule's sequences, and a table's widths at 30 columns.
@Suite struct RowCursorTests {
    func list(_ rows: [JSONValue], key: String? = "id") -> PageView {
        var props: [String: JSONValue] = ["p1": "{{rows}}", "item": "r", "onSelect": "selected", "onReachBottom": "more",
                                          "threshold": 0]
        if let key { props["key"] = .string(key) }
        let page = PageView(root: node("ListView", props, [node("Text", ["p1": "row {{r.id}}"])]), data: ["rows": .array(rows)])
        page.placesInitialFocus = true
        return page
    }

    static func rows(_ range: Range<Int>) -> [JSONValue] { range.map { ["id": .number(Double($0))] } }

    @Test func rowsSplicedIntoAnEmptyListLeaveTheCurrentRowOnTheFirst() {
        let page = list([])
        _ = page.renderText(width: 20, height: 3)
        #expect(page.takeEvents().isEmpty)  // no row, nothing to report or page
        page.applySetData([DataPatch(path: path("rows"), change: .splice(index: 0, removing: 0, inserting: JSONArray(Self.rows(0..<10))))])
        _ = page.renderText(width: 20, height: 3)
        let events = page.takeEvents()
        #expect(events.filter { $0.handler == "selected" }.map(\.detail) == [["index": 0, "key": 0]], "\(events)")
        _ = page.handle(.key(.down))
        #expect(page.handle(.key(.down)).map(\.detail) == [["index": 2, "key": 2]])
    }

    /// The current row removed goes to the row now at its place (the search stops at the splice's reach); removed and
    /// inserted again elsewhere in one batch, it follows its key there.
    @Test func aRemovedCurrentRowGivesWayToItsNeighbourAndAMovedOneIsFollowed() {
        let page = list(Self.rows(0..<20))
        _ = page.renderText(width: 20, height: 5)
        for _ in 0..<3 { _ = page.handle(.key(.down)) }
        _ = page.renderText(width: 20, height: 5)
        _ = page.takeEvents()
        page.applySetData([DataPatch(path: path("rows"), change: .splice(index: 3, removing: 1, inserting: []))])
        _ = page.renderText(width: 20, height: 5)
        #expect(page.takeEvents().filter { $0.handler == "selected" }.map(\.detail) == [["index": 3, "key": 4]])
        // Row 4 (now at 3) moves to index 10 by two splices in one batch: a remove and an insert.
        page.applySetData([DataPatch(path: path("rows"), change: .splice(index: 3, removing: 1, inserting: [])),
                           DataPatch(path: path("rows"), change: .splice(index: 10, removing: 0, inserting: [["id": 4]]))])
        _ = page.renderText(width: 20, height: 5)
        #expect(page.takeEvents().filter { $0.handler == "selected" }.isEmpty)  // the same row
        #expect(page.handle(.key(.down)).map(\.detail) == [["index": 11, "key": 12]])
    }

    @Test func anUnkeyedListKeepsItsCurrentIndexAndReportsItWhenItsRowGoes() {
        let page = list(Self.rows(0..<5), key: nil)
        _ = page.renderText(width: 20, height: 3)
        _ = page.takeEvents()
        _ = page.handle(.key(.end))
        _ = page.renderText(width: 20, height: 3)
        _ = page.takeEvents()
        // Two rows go from the end: the current row was the last, so the new last is current and reported.
        page.applySetData([DataPatch(path: path("rows"), change: .splice(index: 3, removing: 2, inserting: []))])
        _ = page.renderText(width: 20, height: 3)
        #expect(page.takeEvents().filter { $0.handler == "selected" }.map(\.detail) == [["index": 2, "key": .null]])
    }

    /// `this.focus(id)` reaches a widget in a row (no Tab stop of its own): its row becomes current, and Left leads
    /// back to the list.
    @Test func focusFromCodeReachesAWidgetInARowAndMakesItsRowCurrent() throws {
        // Row 3 alone has the button with the id.
        let root = node("ListView", ["p1": "{{rows}}", "key": "id", "item": "r", "onSelect": "selected"], [
            node("Row", [:], [
                node("Text", ["p1": "row {{r.id}}"]),
                node("If", ["p1": "{{r.id == 3}}"], [node("Button", ["p1": "open", "onTap": "open", "id": "open"])]),
            ]),
        ])
        let page = PageView(root: root, data: ["rows": .array(Self.rows(0..<5))])
        page.placesInitialFocus = true
        _ = page.renderText(width: 20, height: 5)
        _ = page.takeEvents()
        try page.focus(id: "open")
        _ = page.renderText(width: 20, height: 5)
        #expect(page.takeEvents().filter { $0.handler == "selected" }.map(\.detail) == [["index": 3, "key": 3]])
        #expect(page.handle(.key(.enter)).map(\.handler) == ["open"])
        _ = page.handle(.key(.left))  // back to the list: Down moves its current row on from row 3
        #expect(page.handle(.key(.down)).map(\.detail) == [["index": 4, "key": 4]])
    }

    @Test func thePagingRuleAsksOnArrivalAfterChangesAndWhenRearmedButNeverTwiceForTheSameRows() {
        var rule = ReachBottomRule()
        var fired: [Bool] = []
        func layout(atEnd: Bool) { fired.append(rule.shouldFire(atEnd: atEnd)) }
        layout(atEnd: false)
        layout(atEnd: true)  // arrived: asks
        layout(atEnd: true)  // still there, nothing changed: no loop
        rule.rowsChanged()
        layout(atEnd: true)  // new rows while there: asks
        layout(atEnd: true)
        rule.rearm()
        layout(atEnd: true)  // loadMoreDone: asks
        layout(atEnd: false)
        layout(atEnd: true)  // left and came back: a failed load is asked for again
        #expect(fired == [false, true, false, true, false, true, false, true])
    }

    /// 100,000 options: only those in view are read and drawn, so End and a toggle there cost a screenful.
    @Test func aSelectionListOfAHundredThousandOptionsTogglesAtItsEnd() {
        let options: JSONValue = .array((0..<100_000).map { .string("option \($0)") })
        let root = node("SelectionList", ["options": "{{options}}", "selected": "{{chosen}}", "onChange": "changed"])
        let page = PageView(root: root, data: ["options": options, "chosen": []])
        page.placesInitialFocus = true
        _ = page.renderText(width: 30, height: 5)
        _ = page.handle(.key(.end))
        let toggled = page.handle(.key(.space))
        #expect(toggled.map(\.detail) == [["values": ["option 99999"]]])
        let lines = withoutScrollIndicator(page.renderText(width: 30, height: 5)).split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(lines.last == "[x] option 99999" && lines.first == "[ ] option 99995", "\(lines)")
    }

    @Test func thirtyColumnsKeepEveryColumnAndTheFlexibleOnesMinimum() {
        let title = TableColumn(title: "Title", field: "title", width: 0, minWidth: 12, align: .left, styleField: nil)
        let fixed = (1...29).map { TableColumn(title: "C\($0)", field: "c", width: 6, minWidth: 0, align: .left, styleField: nil) }
        let narrow = TableProps.columnWidths([title] + fixed, width: 80)
        #expect(narrow[0] == 12, "\(narrow)")
        #expect(narrow.dropFirst().allSatisfy { $0 == 3 }, "fixed columns shrink to 3 cells, none to 0: \(narrow)")
        // With room, fixed columns keep their width and the flexible one takes the rest.
        let wide = TableProps.columnWidths([title] + fixed.prefix(3), width: 60)
        #expect(wide == [60 - 18 - 3, 6, 6, 6], "\(wide)")
        // Between the two, fixed columns give cells, the widest first, before the flexible one goes below its minimum.
        let between = TableProps.columnWidths([title] + fixed.prefix(3), width: 28)
        #expect(between[0] == 12 && between.reduce(0, +) + 3 == 28, "\(between)")
    }
}
