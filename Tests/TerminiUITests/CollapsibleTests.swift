import Testing
import TerminiTemplate
@testable import TerminiUI

/// Collapsible: folding from the keyboard, a click and the page; folded content keeps its state, leaves the Tab
/// order and gives its rows back to what follows.
@Suite struct CollapsibleTests {
    let section = node("Column", [:], [
        node("Collapsible", ["title": "Details", "collapsed": "{{folded}}", "onToggle": "fold"], loc: "c.swift:1:1", [
            node("TextField", ["value": "", "placeholder": "note"], loc: "note"),
            node("Text", ["p1": "second line"]),
        ]),
        node("Button", ["p1": "Save", "onTap": "save"], loc: "save"),
    ])

    func page(folded: Bool) -> PageView {
        let page = PageView(root: section, data: ["folded": .bool(folded)])
        page.placesInitialFocus = true
        _ = page.renderText(width: 30, height: 6)
        return page
    }

    @Test func openContentIsIndentedUnderTheTitleAndReachableWithTab() {
        let page = page(folded: false)
        #expect(page.renderText(width: 30, height: 4) == "▾ Details\n  note\n  second line\n[ Save ]", "\(page.renderText(width: 30, height: 4))")
        #expect(page.focusedLoc == "c.swift:1:1")
        _ = page.handle(.key(.tab))
        #expect(page.focusedLoc == "note")
    }

    @Test func enterFoldsAtOnceReportsTheNewStateAndTabSkipsTheFoldedContent() {
        let page = page(folded: false)
        _ = page.handle(.key(.tab))
        _ = page.handle(.key(.character("x")))
        _ = page.handle(.key(.backTab))
        let fold = page.handle(.key(.enter))
        #expect(fold.map(\.handler) == ["fold"] && fold.first?.type == .toggle && fold.first?.detail == ["value": true])
        #expect(page.renderText(width: 30, height: 3) == "▸ Details\n[ Save ]\n", "folds before the page echoes it")
        _ = page.handle(.key(.tab))
        #expect(page.focusedLoc == "save", "the folded field is not a Tab stop")
        // Right opens again, and the field kept its text while folded.
        _ = page.handle(.key(.backTab))
        #expect(page.handle(.key(.right)).first?.detail == ["value": false])
        #expect(page.renderText(width: 30, height: 4).hasPrefix("▾ Details\n  x"))
        #expect(page.handle(.key(.right)).isEmpty, "Right on an open title changes nothing")
    }

    @Test func thePageFoldsItAndAClickOnTheTitleOpensIt() {
        let page = page(folded: false)
        page.apply([(path("folded"), true)])
        #expect(page.renderText(width: 30, height: 2) == "▸ Details\n[ Save ]")
        let click = page.handle(.mouse(MouseEvent(x: 4, y: 0, kind: .press)))
        #expect(click.first?.detail == ["value": false])
        #expect(page.renderText(width: 30, height: 2).hasPrefix("▾ Details\n  note"))
        // A Left on the open title folds; a second Left does nothing more.
        #expect(page.handle(.key(.left)).first?.detail == ["value": true])
        #expect(page.handle(.key(.left)).isEmpty)
    }
}
