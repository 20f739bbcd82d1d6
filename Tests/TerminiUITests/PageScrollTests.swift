import Testing
import TerminiTemplate
@testable import TerminiUI

/// A page taller than the screen with nothing of its own to scroll: focus stays visible as Tab moves below the
/// fold, and the keys and the wheel scroll the page.
@Suite struct PageScrollTests {
    static func buttons(_ n: Int) -> TemplateNode {
        node("Column", [:], (0..<n).map { node("Button", ["p1": .string("Item \($0)"), "onTap": "tap"], loc: "b\($0)") })
    }

    @Test func tabOntoAWidgetBelowTheFoldScrollsThePageToIt() {
        let page = PageView(root: Self.buttons(30), data: [:])
        page.placesInitialFocus = true
        var text = page.renderText(width: 20, height: 5)
        #expect(text.hasPrefix("[ Item 0 ]") && page.focusedLoc == "b0")
        for _ in 0..<12 { _ = page.handle(.key(.tab)) }
        #expect(page.focusedLoc == "b12")
        text = page.renderText(width: 20, height: 5)
        #expect(text.contains("[ Item 12 ]") && !text.contains("[ Item 0 ]"), "\(text)")
        // Back up with BackTab: the page follows.
        for _ in 0..<10 { _ = page.handle(.key(.backTab)) }
        text = page.renderText(width: 20, height: 5)
        #expect(text.contains("[ Item 2 ]"), "\(text)")
        // BackTab past the first wraps to the last ones, at the bottom of the page.
        for _ in 0..<4 { _ = page.handle(.key(.backTab)) }
        text = page.renderText(width: 20, height: 5)
        #expect(page.focusedLoc == "b28" && text.hasSuffix("[ Item 28 ]\n[ Item 29 ]"), "\(text)")
    }

    @Test func keysAndTheWheelScrollThePageAndStopAtItsEnds() {
        let root = node("Column", [:], (0..<20).map { node("Text", ["p1": .string("line \($0)")]) })
        let page = PageView(root: root, data: [:])
        #expect(page.renderText(width: 10, height: 4) == "line 0\nline 1\nline 2\nline 3")
        #expect(page.handleKey(.down).used)
        #expect(page.renderText(width: 10, height: 4).hasPrefix("line 1"))
        _ = page.handleKey(.pageDown)
        #expect(page.renderText(width: 10, height: 4).hasPrefix("line 4"))
        _ = page.handleKey(.end)
        #expect(page.renderText(width: 10, height: 4).hasSuffix("line 19"))
        #expect(!page.handleKey(.down).used, "at the end the key is the page's onKey's")
        _ = page.handle(.mouse(MouseEvent(x: 0, y: 0, kind: .scrollUp)))
        #expect(page.renderText(width: 10, height: 4).hasPrefix("line 13"))
    }

    @Test func aPageWithAListFitsTheScreenAndScrollsInsideTheList() {
        let root = node("Column", [:], [
            node("Text", ["p1": "header"]),
            node("ListView", ["p1": .array((0..<50).map { .number(Double($0)) })], [node("Text", ["p1": "row {{item}}"])]),
            node("Text", ["p1": "footer"]),
        ])
        let page = PageView(root: root, data: [:])
        let text = page.renderText(width: 12, height: 5)
        #expect(text.hasPrefix("header\nrow 0"), "\(text)")
        _ = page.handleKey(.pageDown)
        #expect(page.renderText(width: 12, height: 5).hasPrefix("header\nrow "), "the header stays: the list scrolled")
    }

    /// A clock-like page: a Row pushes its last label right with a Spacer. That Spacer fills the row's width, not the
    /// page's height, so the page still scrolls; before, the page was cut to the screen and its last rows were lost.
    @Test func aSpacerInARowDoesNotStopThePageFromScrolling() {
        let root = node("Column", [:], [
            node("Row", [:], [node("Text", ["p1": "Uptime"]), node("Spacer", [:]), node("Text", ["p1": "Ticks"])]),
            node("If", ["p1": "{{true}}"], [node("Row", [:], [node("ForEach", ["p1": .array([.number(1)])], [node("Spacer", [:])])])]),
        ] + (0..<10).map { node("Text", ["p1": .string("line \($0)")]) } + [node("Button", ["p1": "Last", "onTap": "tap"])])
        let page = PageView(root: root, data: [:])
        let text = page.renderText(width: 20, height: 4)
        #expect(text.hasPrefix("Uptime         Ticks"), "\(text)")
        _ = page.handleKey(.end)
        #expect(page.renderText(width: 20, height: 4).hasSuffix("[ Last ]"), "the end of the page is reachable")
    }

    /// What scrolls inside itself still fits the page to the screen when it sits in a Row.
    @Test func aListInARowStillFitsThePageToTheScreen() {
        let root = node("Column", [:], [
            node("Text", ["p1": "header"]),
            node("Row", [:], [node("ListView", ["p1": .array((0..<50).map { .number(Double($0)) })], [node("Text", ["p1": "row {{item}}"])])]),
        ])
        let page = PageView(root: root, data: [:])
        _ = page.handleKey(.pageDown)
        #expect(page.renderText(width: 12, height: 5).hasPrefix("header\nrow "), "the header stays: the list scrolled")
    }
}
