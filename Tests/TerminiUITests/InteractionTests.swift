import Testing
import TerminiTemplate
@testable import TerminiUI

/// Taps on any widget bubble outwards with target and currentTarget; lists report their visible range, reach their
/// end once per crossing and scroll to a row; input that outruns frames is applied in order.
@Suite struct InteractionTests {
    func tree(catchAtRow: Bool) -> TemplateNode {
        node("Column", ["onTap": "outer", "data": ["where": "column"]], loc: "p.swift:1:1", [
            node("Row", [catchAtRow ? "catchTap" : "onTap": "row", "data": ["where": "row"]], loc: "p.swift:2:5", [
                node("Text", ["p1": "hello", "onTap": "text", "data": ["where": "text"]], loc: "p.swift:3:9"),
                node("Text", ["p1": " world"], loc: "p.swift:4:9"),
            ]),
        ])
    }

    @Test func aTapRunsTheInnermostHandlerThenItsAncestors() {
        let page = PageView(root: tree(catchAtRow: false), data: [:])
        _ = page.renderText(width: 20, height: 3)
        let events = page.handle(.mouse(MouseEvent(x: 1, y: 0, kind: .press)))
        #expect(events.map(\.handler) == ["text", "row", "outer"])
        #expect(events.allSatisfy { $0.type == .tap && $0.targetDataset == ["where": "text"] })
        #expect(events.map(\.dataset) == [["where": "text"], ["where": "row"], ["where": "column"]])
        let object = events[1].eventObject
        #expect(object["target"] == ["dataset": ["where": "text"]] && object["currentTarget"] == ["dataset": ["where": "row"]])
        // A click on the plain text is a tap whose target is that text, handled by its ancestors.
        let plain = page.handle(.mouse(MouseEvent(x: 7, y: 0, kind: .press)))
        #expect(plain.map(\.handler) == ["row", "outer"])
        #expect(plain.first?.targetDataset == [:])
    }

    @Test func catchTapStopsTheTapWhereItIs() {
        let page = PageView(root: tree(catchAtRow: true), data: [:])
        _ = page.renderText(width: 20, height: 3)
        #expect(page.handle(.mouse(MouseEvent(x: 1, y: 0, kind: .press))).map(\.handler) == ["text", "row"])
    }

    @Test func aTappableWidgetTakesTabFocusShowsItAndEnterTapsIt() {
        let root = node("Column", [:], [
            node("Text", ["p1": "open", "onTap": "open"], loc: "p.swift:2:5"),
            node("Button", ["p1": "Go", "onTap": "go"], loc: "p.swift:3:5"),
        ])
        let page = PageView(root: root, data: [:])
        #expect(page.renderText(width: 10, height: 2) == "open\n[ Go ]")
        _ = page.handle(.key(.tab))
        #expect(page.focusedLoc == "p.swift:2:5")
        var buffer = CellBuffer(width: 10, height: 2)
        page.build(size: (10, 2))
        page.paint(into: &buffer)
        #expect(buffer[0, 0].style.attributes.contains(.reverse))  // focus is visible
        #expect(page.handle(.key(.enter)).map(\.handler) == ["open"])
        #expect(page.handle(.key(.space)).map(\.handler) == ["open"])
    }

    func list(_ count: Int, extra: [String: JSONValue] = [:]) -> (TemplateNode, JSONValue) {
        var props: [String: JSONValue] = ["p1": "{{rows}}", "key": "id", "item": "r"]
        for (k, v) in extra { props[k] = v }
        let root = node("ListView", props, loc: "list.swift:1:1", [
            node("Row", ["onTap": "pick", "data": ["id": "{{r.id}}"]], loc: "list.swift:2:5", [
                node("Text", ["p1": "row {{r.id}}"], loc: "list.swift:3:9"),
            ]),
        ])
        return (root, ["rows": .array((0..<count).map { ["id": .number(Double($0))] })])
    }

    @Test func aClickOnARowInsideAListTapsThatRow() {
        let (root, data) = list(50)
        let page = PageView(root: root, data: data)
        _ = page.renderText(width: 20, height: 5)
        _ = page.handle(.key(.tab))
        _ = page.handle(.key(.pageDown))
        #expect(withoutScrollIndicator(page.renderText(width: 20, height: 5)).hasPrefix("row 5\n"))
        let events = page.handle(.mouse(MouseEvent(x: 2, y: 2, kind: .press)))
        #expect(events.map(\.handler) == ["pick"])
        #expect(events.first?.dataset == ["id": 7])
    }

    @Test func onReachBottomFiresOncePerCrossingAndAgainAfterMoreRows() {
        let (root, data) = list(20, extra: ["onReachBottom": "more", "threshold": 2])
        let page = PageView(root: root, data: data)
        _ = page.renderText(width: 20, height: 5)
        #expect(page.takeEvents().isEmpty)  // rows 0-4 of 20: far from the end
        _ = page.handle(.key(.tab))
        var fired: [UIEvent] = []
        for _ in 0..<6 {
            _ = page.handle(.key(.pageDown))
            _ = page.renderText(width: 20, height: 5)
            fired += page.takeEvents().filter { $0.handler == "more" }
        }
        #expect(fired.count == 1)
        #expect(fired.first?.type == .reachBottom && fired.first?.detail == ["count": 20])
        page.apply([(path("rows"), .array((0..<30).map { ["id": .number(Double($0))] }))])
        _ = page.renderText(width: 20, height: 5)
        #expect(page.takeEvents().filter { $0.handler == "more" }.isEmpty)  // more rows re-arm it; not there yet
        for _ in 0..<4 {
            _ = page.handle(.key(.pageDown))
            _ = page.renderText(width: 20, height: 5)
            fired += page.takeEvents().filter { $0.handler == "more" }
        }
        #expect(fired.count == 2 && fired.last?.detail == ["count": 30])
    }

    @Test func onScrollReportsTheVisibleRangeWhenItChanges() {
        let (root, data) = list(20, extra: ["onScroll": "scrolled"])
        let page = PageView(root: root, data: data)
        _ = page.renderText(width: 20, height: 5)
        #expect(page.takeEvents().isEmpty)
        _ = page.handle(.key(.tab))
        // The current row moves down to the view's last row, then one more: the view scrolls by one.
        for _ in 0..<5 { _ = page.handle(.key(.down)) }
        _ = page.renderText(width: 20, height: 5)
        let events = page.takeEvents()
        #expect(events.map(\.detail) == [["first": 1, "last": 5]])
    }

    @Test func scrollToFindsTheListByIdAndTheRowByKeyOrIndex() throws {
        let (root, data) = list(100, extra: ["id": "rows"])
        let page = PageView(root: root, data: data)
        _ = page.renderText(width: 20, height: 3)
        try page.scrollTo(id: "rows", key: 42, index: nil)
        #expect(page.renderText(width: 20, height: 3) == "row 42\nrow 43\nrow 44")
        try page.scrollTo(id: "rows", key: nil, index: 7)
        #expect(page.renderText(width: 20, height: 3).hasPrefix("row 7\n"))
        #expect(throws: ScrollToError("no widget on the page has the id 'nope'")) { try page.scrollTo(id: "nope", key: 1, index: nil) }
        #expect(throws: ScrollToError("no row of the list has the key 1000")) { try page.scrollTo(id: "rows", key: 1000, index: nil) }
        #expect(throws: ScrollToError("index 100 is outside the list's 100 rows")) {
            try page.scrollTo(id: "rows", key: nil, index: 100)
        }
    }

    @Test func aWheelUpAtTheTopOfAListAsksForARefresh() {
        let (root, data) = list(20)
        let page = PageView(root: root, data: data)
        _ = page.renderText(width: 20, height: 5)
        let events = page.handle(.mouse(MouseEvent(x: 1, y: 1, kind: .scrollUp)))
        #expect(events.map(\.handler) == ["onPullDownRefresh"] && events.first?.ifDefined == true)
        _ = page.handle(.mouse(MouseEvent(x: 1, y: 1, kind: .scrollDown)))
        _ = page.renderText(width: 20, height: 5)
        #expect(page.handle(.mouse(MouseEvent(x: 1, y: 1, kind: .scrollUp))).isEmpty)  // not at the top: it scrolls
    }

    /// A TextField, a Button and a ListView of 30 Buttons: 3 Tabs, 9 Downs and Enter give the same result whether a
    /// frame follows each key or all arrive before one.
    @Test func keysFasterThanFramesAreAppliedInOrder() {
        let root = node("Column", [:], [
            node("TextField", ["value": "", "placeholder": "name"], loc: "f.swift:2:5"),
            node("Button", ["p1": "Save", "onTap": "save"], loc: "f.swift:3:5"),
            node("ListView", ["p1": "{{books}}", "key": "id", "item": "b"], loc: "f.swift:4:5", [
                node("Button", ["p1": "Book {{b.id}}", "onTap": "book", "data": ["id": "{{b.id}}"]], loc: "f.swift:5:9"),
            ]),
        ])
        let data: JSONValue = ["books": .array((0..<30).map { ["id": .number(Double($0))] })]
        let keys: [Key] = [.tab, .tab, .tab] + Array(repeating: .down, count: 9) + [.enter]

        let settled = PageView(root: root, data: data)
        var settledEvents: [UIEvent] = []
        _ = settled.renderText(width: 30, height: 8)
        for key in keys {
            settledEvents += settled.handle(.key(key))
            _ = settled.renderText(width: 30, height: 8)
        }
        let burst = PageView(root: root, data: data)
        var burstEvents: [UIEvent] = []
        _ = burst.renderText(width: 30, height: 8)
        for key in keys { burstEvents += burst.handle(.key(key)) }

        #expect(settledEvents.map(\.dataset) == [["id": 9]])  // field, Save, the list; its row 9 activated
        #expect(burstEvents == settledEvents)
        #expect(burst.renderText(width: 30, height: 8) == settled.renderText(width: 30, height: 8))
    }
}
