import TerminiTemplate
import Testing
@testable import TerminiUI

/// What a Row does when its children do not fit side by side, and how a focused scroller shows its focus.
@Suite struct NarrowLayoutTests {
    /// The todo sample's row: a checkbox, a title, a spacer and three buttons.
    func todoRow(_ title: String) -> TemplateNode {
        node("Row", ["spacing": 1], [
            node("Checkbox", ["checked": false]),
            node("Text", ["p1": .string(title)]),
            node("Spacer"),
            node("Button", ["p1": "↑", "onTap": "up"]),
            node("Button", ["p1": "↓", "onTap": "down"]),
            node("Button", ["p1": "✕", "onTap": "remove"]),
        ])
    }

    @Test func aRowThatFitsIsLaidOutAsBefore() {
        #expect(render(todoRow("Write"), width: 40, height: 1) == "[ ] Write              [ ↑ ] [ ↓ ] [ ✕ ]")
    }

    @Test func theTitleGivesUpWidthBeforeAnyButtonIsCut() {
        // 33 columns: the buttons and checkbox keep their 22, the title wraps in what is left, and the column its
        // wrapped lines leave goes to the Spacer, so the buttons still end at the row's right edge.
        #expect(render(todoRow("Write the compiler"), width: 33, height: 2) == "[ ] Write the   [ ↑ ] [ ↓ ] [ ✕ ]\n    compiler")
        // 40 columns: the title wraps at 15 to a widest line of 9; the Spacer takes the other 6.
        #expect(render(todoRow("Write the compiler"), width: 40, height: 2)
                == "[ ] Write the          [ ↑ ] [ ↓ ] [ ✕ ]\n    compiler")
        // Not wrapping, it ends in `…`.
        var row = todoRow("Write the compiler")
        row.children[1].props["wrap"] = false
        #expect(render(row, width: 33, height: 1) == "[ ] Write the…  [ ↑ ] [ ↓ ] [ ✕ ]")
    }

    @Test func theWidestTextShrinksFirstSoACounterStays() {
        let row = node("Row", ["spacing": 1], [
            node("Text", ["p1": "A title much too long for this row", "wrap": false]),
            node("Text", ["p1": "12 items", "wrap": false]),
            node("Button", ["p1": "Add", "onTap": "add"]),
        ])
        #expect(render(row, width: 30, height: 1) == "A title much… 12 items [ Add ]")
    }

    @Test func atTwentyColumnsTheRowWrapsAndEveryButtonStaysWhole() {
        let text = render(todoRow("Write the compiler"), width: 20, height: 3)
        #expect(text == "[ ]\nWrite the compiler\n[ ↑ ] [ ↓ ] [ ✕ ]")
        // Wide characters count as two columns and are never split: the title fits beside the checkbox.
        let wide = render(todoRow("写编译器和运行时"), width: 20, height: 2)
        #expect(wide == "[ ] 写编译器和运行时\n[ ↑ ] [ ↓ ] [ ✕ ]")
        #expect(render(todoRow("写编译器和运行时间"), width: 20, height: 3) == "[ ]\n写编译器和运行时间\n[ ↑ ] [ ↓ ] [ ✕ ]")
    }

    @Test func aClickOnAWrappedButtonReachesIt() {
        let page = PageView(root: todoRow("Write the compiler"), data: [:])
        _ = page.renderText(width: 20, height: 4)
        let events = page.handle(.mouse(MouseEvent(x: 8, y: 2, kind: .press)))  // `[ ↓ ]` on the third line
        #expect(events.map(\.handler) == ["down"])
    }

    @Test func aFocusedScrollerShowsWhereItIsInItsLastColumn() {
        let lines = (0..<20).map { node("Text", ["p1": .string("line \($0)")]) }
        let page = PageView(root: node("ScrollView", [:], [node("Column", [:], lines)]), data: [:])
        #expect(page.renderText(width: 12, height: 4) == "line 0\nline 1\nline 2\nline 3")  // not focused: no bar
        _ = page.handle(.key(.tab))
        #expect(page.renderText(width: 12, height: 4) == "line 0 ┃\nline 1 │\nline 2 │\nline 3 │")
        _ = page.handle(.key(.end))
        #expect(page.renderText(width: 12, height: 4) == "line 16│\nline 17│\nline 18│\nline 19┃")
    }

    @Test func theThumbSpansTheShareShownAndReachesBothEnds() {
        #expect(ScrollIndicator.thumb(offset: 0, viewport: 10, total: 10, track: 10) == (0, 10))
        #expect(ScrollIndicator.thumb(offset: 0, viewport: 5, total: 10, track: 10) == (0, 5))
        #expect(ScrollIndicator.thumb(offset: 5, viewport: 5, total: 10, track: 10) == (5, 5))
        #expect(ScrollIndicator.thumb(offset: 1, viewport: 5, total: 1_000_000, track: 5).top == 0)
        #expect(ScrollIndicator.thumb(offset: 999_995, viewport: 5, total: 1_000_000, track: 5) == (4, 1))
    }
}

/// Controls whose labels do not fit end them in `…`, and a tab strip keeps the shown tab in view.
@Suite struct NarrowControlTests {
    @Test func checkboxAndSwitchLabelsEndInAnEllipsis() {
        #expect(render(node("Checkbox", ["checked": false, "label": "I accept the terms"]), width: 12, height: 1) == "[ ] I accep…")
        #expect(render(node("Switch", ["isOn": true, "label": "Notifications"]), width: 12, height: 1) == "[━━●] Notif…")
        #expect(render(node("Checkbox", ["checked": true, "label": "中文标签"]), width: 8, height: 1) == "[x] 中…")
    }

    let tabs = node("Tabs", ["selected": "{{tab}}", "onSelect": "pick"], [
        node("Tab", ["p1": "Forms"], [node("Text", ["p1": "forms page"])]),
        node("Tab", ["p1": "Data"], [node("Text", ["p1": "data page"])]),
        node("Tab", ["p1": "Charts"], [node("Text", ["p1": "charts page"])]),
        node("Tab", ["p1": "Docs"], [node("Text", ["p1": "docs page"])]),
    ])

    @Test func aTabStripTooWideShowsTheShownTabAndSaysWhatIsHidden() {
        let first = render(tabs, data: ["tab": 0], width: 20, height: 3)
        #expect(first.hasPrefix(" Forms │ Data │ Cha…"), "\(first)")
        let last = render(tabs, data: ["tab": 3], width: 20, height: 3)
        #expect(last.hasPrefix("‹ Data │ Charts │ Docs") || last.hasPrefix("‹ Charts │ Docs"), "\(last)")
        #expect(last.contains("docs page"))
    }

    @Test func aClickOnAShiftedTabPicksThatTab() {
        let page = PageView(root: tabs, data: ["tab": 3])
        let screen = page.renderText(width: 20, height: 3)
        let line = Array(screen.split(separator: "\n")[0])
        guard let column = line.firstIndex(of: "C") else { Issue.record("no Charts label: \(screen)"); return }
        let events = page.handle(.mouse(MouseEvent(x: column, y: 0, kind: .press)))
        #expect(events.first?.handler == "pick" && events.first?.detail == ["value": 2], "\(events)")
    }
}
