import Testing
import TerminiTemplate
@testable import TerminiUI

/// Layouts that reflow with the width: a wrapping Row and a Grid of as many columns as fit.
@Suite struct ReflowLayoutTests {
    let tags = ["alpha", "beta", "gamma", "delta"].map { node("Text", ["p1": .string($0)]) }

    @Test func aWrappingRowStartsANewLineForAChildThatDoesNotFit() {
        let row = node("Column", [:], [node("Row", ["spacing": 1, "wrap": true], tags), node("Text", ["p1": "after"])])
        #expect(PageView(root: row, data: [:]).renderText(width: 40, height: 2) == "alpha beta gamma delta\nafter")
        #expect(PageView(root: row, data: [:]).renderText(width: 12, height: 4) == "alpha beta\ngamma delta\nafter\n")
        #expect(PageView(root: row, data: [:]).renderText(width: 5, height: 5) == "alpha\nbeta\ngamma\ndelta\nafter")
    }

    @Test func aGridReflowsIntoAsManyColumnsAsFit() {
        let grid = node("Grid", ["minColumnWidth": 6, "spacing": 1], tags)
        #expect(PageView(root: grid, data: [:]).renderText(width: 27, height: 2) == "alpha  beta   gamma  delta\n",
                "four columns of 6 fit in 27 with 1 between; the spare width is shared")
        #expect(PageView(root: grid, data: [:]).renderText(width: 13, height: 2) == "alpha  beta\ngamma  delta")
        #expect(PageView(root: grid, data: [:]).renderText(width: 6, height: 4) == "alpha\nbeta\ngamma\ndelta")
        let capped = node("Grid", ["columns": 3, "minColumnWidth": 5, "spacing": 0], tags)
        #expect(PageView(root: capped, data: [:]).renderText(width: 60, height: 2) == "alpha               beta                gamma\ndelta")
    }

    @Test func aGridRowIsAsTallAsItsTallestChild() {
        let grid = node("Grid", ["minColumnWidth": 4, "spacing": 1], [
            node("Column", [:], [node("Text", ["p1": "a1"]), node("Text", ["p1": "a2"])]),
            node("Text", ["p1": "b"]), node("Text", ["p1": "c"]),
        ])
        #expect(PageView(root: grid, data: [:]).renderText(width: 9, height: 4) == "a1   b\na2\nc\n")
    }
}
