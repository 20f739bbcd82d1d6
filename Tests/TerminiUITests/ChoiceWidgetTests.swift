import Testing
import TerminiTemplate
@testable import TerminiUI

/// RadioGroup, Select and Tabs: keys, events, clicks, narrow terminals, wide characters and bad props.
@Suite struct ChoiceWidgetTests {
    func focused(_ root: TemplateNode, data: JSONValue = [:], width: Int = 30, height: Int = 12) -> PageView {
        let page = PageView(root: root, data: data)
        page.placesInitialFocus = true
        _ = page.renderText(width: width, height: height)
        return page
    }

    // MARK: RadioGroup

    let radio = node("RadioGroup", ["options": ["Small", ["label": "Medium", "value": "m"], "大きい"], "selected": "{{size}}",
                                    "onSelect": "setSize"], loc: "r.swift:1:1")

    @Test func radioGroupMovesAtOnceAndReportsTheValue() {
        let page = focused(radio, data: ["size": "m"])
        #expect(page.renderText(width: 20, height: 3) == "( ) Small\n(•) Medium\n( ) 大きい")
        let down = page.handle(.key(.down))
        #expect(down.map(\.handler) == ["setSize"] && down.first?.detail == ["value": "大きい"] && down.first?.type == .select)
        #expect(page.renderText(width: 20, height: 3) == "( ) Small\n( ) Medium\n(•) 大きい", "moves before the page echoes it")
        #expect(page.handle(.key(.down)).isEmpty, "the last option stays")
        // The page resets the value: the group follows.
        page.apply([(path("size"), "Small")])
        #expect(page.renderText(width: 20, height: 3).hasPrefix("(•) Small"))
        // A click on a line picks it.
        let click = page.handle(.mouse(MouseEvent(x: 3, y: 1, kind: .press)))
        #expect(click.first?.detail == ["value": "m"])
    }

    @Test func radioGroupFitsNarrowWidthsAndBadOptionsAreAnErrorBox() {
        let page = focused(radio, data: ["size": "Small"])
        #expect(page.renderText(width: 8, height: 3) == "(•) Sma…\n( ) Med…\n( ) 大…")
        let bad = PageView(root: node("RadioGroup", ["options": "{{size}}"], loc: "r.swift:9:9"), data: ["size": ["x": 1]])
        _ = bad.renderText(width: 40, height: 5)
        #expect(bad.diagnostics.first?.loc == "r.swift:9:9")
        #expect(bad.diagnostics.first?.message.contains("RadioGroup.options") == true, "\(bad.diagnostics)")
    }

    // MARK: Select

    let select = node("Column", [:], [
        node("Select", ["options": ["Austria", "Belgium", "Brazil", "Chile", "中国"], "selected": "{{country}}",
                        "placeholder": "Country", "onSelect": "setCountry"], loc: "s.swift:1:1"),
        node("Text", ["p1": "below the select"]),
        node("Text", ["p1": "more text"]),
    ])

    @Test func selectOpensOverThePageMovesWithTypeAheadAndPicks() {
        let page = focused(select, data: [:])
        #expect(page.renderText(width: 24, height: 8).hasPrefix("[ Country ▾ ]\nbelow the select"))
        #expect(page.handle(.key(.enter)).isEmpty)
        var text = page.renderText(width: 24, height: 8)
        #expect(text.contains("  Austria") && text.contains("  中国"), "the list is drawn over the page: \(text)")
        #expect(!text.contains("below the select"))
        // Type-ahead: "b" goes to Belgium, "br" to Brazil; Esc closes without a change.
        _ = page.handle(.key(.character("b")))
        _ = page.handle(.key(.character("r")))
        #expect(page.handle(.key(.escape)).isEmpty)
        text = page.renderText(width: 24, height: 8)
        #expect(text.hasPrefix("[ Country") && text.contains("below the select"))
        // Open again, type "br", Enter: Brazil is picked and shown at once.
        _ = page.handle(.key(.enter))
        _ = page.handle(.key(.character("b")))
        _ = page.handle(.key(.character("r")))
        let picked = page.handle(.key(.enter))
        #expect(picked.map(\.handler) == ["setCountry"] && picked.first?.detail == ["value": "Brazil"])
        #expect(page.renderText(width: 24, height: 8).hasPrefix("[ Brazil"))
        // Opening starts at the chosen option; a click on a listed option picks it.
        _ = page.handle(.key(.enter))
        text = page.renderText(width: 24, height: 8)
        let row = text.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains("Chile") }!
        let click = page.handle(.mouse(MouseEvent(x: 3, y: row, kind: .press)))
        #expect(click.first?.detail == ["value": "Chile"])
    }

    /// An open drop-down traps the focus: Tab and Shift-Tab do nothing until it closes, and then Tab moves on.
    @Test func anOpenDropDownKeepsTheFocusUntilItCloses() {
        let form = node("Column", [:], [
            node("Select", ["options": ["one", "two"], "selected": "one"], loc: "s.swift:1:1"),
            node("Button", ["p1": "Next"], loc: "s.swift:2:1"),
        ])
        let page = focused(form, data: [:])
        _ = page.handle(.key(.enter))
        _ = page.handle(.key(.tab))
        _ = page.handle(.key(.backTab))
        #expect(page.focusedLoc == "s.swift:1:1")
        #expect(page.renderText(width: 20, height: 4).contains("╭"), "still open")
        _ = page.handle(.key(.escape))
        _ = page.handle(.key(.tab))
        #expect(page.focusedLoc == "s.swift:2:1")
    }

    @Test func selectAtTheBottomOpensUpwardsAndFitsTwentyColumns() {
        let root = node("Column", [:], [node("Text", ["p1": "a"]), node("Text", ["p1": "b"]), node("Text", ["p1": "c"]),
                                        node("Select", ["options": ["one", "two", "three"], "selected": "two"])])
        let page = focused(root, width: 20, height: 4)
        _ = page.handle(.key(.enter))
        let lines = page.renderText(width: 20, height: 4).split(separator: "\n", omittingEmptySubsequences: false)
        // Three rows above it: the list's border and the highlighted option between, scrolled to it.
        #expect(lines[0].hasPrefix("╭") && lines[1].contains("• two") && lines[2].hasPrefix("╰") && lines[3].hasPrefix("[ two"), "\(lines)")
        let narrow = PageView(root: node("Select", ["options": ["A very long option label"], "selected": "A very long option label"]), data: [:])
        #expect(narrow.renderText(width: 12, height: 1) == "[ A very… ▾ ]".prefix(12).description || narrow.renderText(width: 12, height: 1).hasSuffix("▾ ]"))
    }

    // MARK: Tabs

    let tabs = node("Tabs", ["selected": "{{tab}}", "onSelect": "setTab"], loc: "t.swift:1:1", [
        node("Tab", ["p1": "General"], [node("TextField", ["value": "", "placeholder": "name"], loc: "field")]),
        node("Tab", ["p1": "高级"], [node("Button", ["p1": "Reset", "onTap": "reset"], loc: "reset")]),
    ])

    @Test func tabsShowOneTabSwitchWithArrowsAndKeepEachTabsState() {
        let page = focused(tabs, data: ["tab": 0])
        var text = page.renderText(width: 30, height: 4)
        #expect(text.hasPrefix(" General │ 高级\n──────"), "\(text)")
        #expect(text.contains("name") && !text.contains("Reset"))
        // Tab reaches the field in the shown tab only.
        _ = page.handle(.key(.tab))
        #expect(page.focusedLoc == "field")
        _ = page.handle(.key(.character("x")))
        _ = page.handle(.key(.backTab))
        let right = page.handle(.key(.right))
        #expect(right.map(\.handler) == ["setTab"] && right.first?.detail == ["value": 1])
        text = page.renderText(width: 30, height: 4)
        #expect(text.contains("[ Reset ]") && !text.contains("name"))
        _ = page.handle(.key(.tab))
        #expect(page.focusedLoc == "reset", "the hidden tab's field is not a Tab stop")
        // The script echoes the switch, later shows the first tab again: the field still has its text.
        page.apply([(path("tab"), 1)])
        _ = page.renderText(width: 30, height: 4)
        page.apply([(path("tab"), 0)])
        text = page.renderText(width: 30, height: 4)
        #expect(text.contains("x") && !text.contains("Reset"), "\(text)")
        // A click on a title switches.
        let click = page.handle(.mouse(MouseEvent(x: 11, y: 0, kind: .press)))
        #expect(click.first?.detail == ["value": 1])
    }

    /// The strip's rule spans the box whichever tab is shown, however narrow its content.
    @Test func tabsFillTheirWidthWhicheverTabIsShown() {
        let page = focused(node("Column", [:], [tabs, node("Text", ["p1": "below"])]), data: ["tab": 1])
        let lines = page.renderText(width: 30, height: 5).split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines[1] == String(repeating: "─", count: 30)[...], "\(lines)")
    }
}
