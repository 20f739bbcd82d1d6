import Testing
import TerminiTemplate
@testable import TerminiUI

/// `Text(markup:)` spans as the compiler writes them, and Markdown's tables and highlighted code blocks, painted
/// headless: the cells' characters, colours, attributes and links.
@Suite struct RichTextTests {
    func paint(_ page: PageView, width: Int, height: Int) -> CellBuffer {
        var buffer = CellBuffer(width: width, height: height)
        page.build(size: (width, height))
        page.paint(into: &buffer)
        return buffer
    }

    func lines(_ buffer: CellBuffer) -> [String] {
        buffer.renderText().split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    /// The compiled form of `"[b]Total:[/b] [accent]{{count}}[/] [#ff8000][link=https://example.org/d]docs[/link][/]"`.
    static let spans: JSONValue = [
        ["text": "Total:", "style": ["bold"]],
        ["text": " "],
        ["text": "{{count}}", "class": ["accent"]],
        ["text": " "],
        ["text": "docs", "color": "#ff8000", "link": "https://example.org/d"],
    ]

    @Test func spansKeepTheirStylesAndABoundValueIsText() {
        let page = PageView(root: node("Text", ["markup": Self.spans]), data: ["count": "[b]7[/b]"])
        page.theme = Theme(name: "t", styles: ["accent": ThemeStyle(foreground: .index(3), attributes: .italic)])
        let buffer = paint(page, width: 40, height: 1)
        #expect(lines(buffer)[0] == "Total: [b]7[/b] docs", "data is shown as written, brackets and all")
        #expect(buffer[0, 0].style.attributes == .bold && buffer[5, 0].style.attributes == .bold)
        #expect(buffer[6, 0].style == .plain)
        #expect(buffer[7, 0].style.foreground == .index(3) && buffer[7, 0].style.attributes == .italic)
        #expect(buffer[14, 0].style.foreground == .index(3), "the whole bound value takes the class")
        #expect(buffer[16, 0].style.foreground == .rgb(255, 128, 0) && buffer[16, 0].style.attributes.contains(.underline))
        #expect(buffer.link(atX: 16, y: 0) == "https://example.org/d" && buffer.link(atX: 19, y: 0) == "https://example.org/d")
        #expect(buffer.link(atX: 15, y: 0) == nil)
    }

    @Test func spansWrapAsOneTextAndKeepTheirStylesAcrossLines() {
        let spans: JSONValue = [["text": "one two "], ["text": "three four", "style": ["underline"]], ["text": " five"]]
        let page = PageView(root: node("Text", ["markup": spans, "color": ["cls": "Color", "cmd": "green"]]), data: [:])
        let buffer = paint(page, width: 9, height: 3)
        #expect(Array(lines(buffer).prefix(3)) == ["one two", "three", "four five"])
        #expect(buffer[0, 1].style.attributes == .underline && buffer[0, 1].style.foreground == .index(2))
        #expect(buffer[3, 2].style.attributes == .underline && buffer[5, 2].style.attributes == [])
        #expect(buffer[0, 0].style.foreground == .index(2), "the Text's own colour is the base")
    }

    @Test func aCutLineEndsInAnEllipsis() {
        let spans: JSONValue = [["text": "abc", "style": ["bold"]], ["text": "defghij"]]
        let page = PageView(root: node("Text", ["markup": spans, "wrap": false]), data: [:])
        let buffer = paint(page, width: 6, height: 1)
        #expect(lines(buffer)[0] == "abcde…")
        #expect(buffer[2, 0].style.attributes == .bold && buffer[3, 0].style.attributes == [])
    }

    @Test func aLineThatHoldsEverySpanPlacesEachAfterTheWidthOfTheOnesBefore() {
        let spans: JSONValue = [["text": "中文", "style": ["bold"]], ["text": "ab"], ["text": "é!", "style": ["italic"]]]
        let page = PageView(root: node("Text", ["markup": spans, "wrap": false]), data: [:])
        let buffer = paint(page, width: 8, height: 1)
        #expect(lines(buffer)[0].hasPrefix("中文abé!"), "\(lines(buffer))")
        #expect(buffer[0, 0].style.attributes == .bold && buffer[2, 0].style.attributes == .bold)
        #expect(buffer[4, 0].character == "a" && buffer[4, 0].style.attributes == [])
        #expect(buffer[6, 0].character == "é" && buffer[6, 0].style.attributes == .italic)
        #expect(buffer[7, 0].character == "!" && buffer[7, 0].style.attributes == .italic)
    }

    @Test func aTableHasBordersAlignedColumnsAndWrappedCells() {
        let md = """
            | Name | Qty | Note |
            |:-----|----:|:----:|
            | apple | 3 | **fresh** fruit from the market |
            | kiwi | 120 | x |
            """
        let buffer = paint(PageView(root: node("Markdown", ["p1": .string(md)]), data: [:]), width: 30, height: 10)
        let shown = lines(buffer)
        #expect(shown[0] == "┌───────┬─────┬──────────────┐", "\(shown)")
        #expect(shown[1] == "│ Name  │ Qty │     Note     │", "\(shown)")
        #expect(shown[2] == "├───────┼─────┼──────────────┤", "\(shown)")
        #expect(shown[3] == "│ apple │   3 │ fresh fruit  │", "\(shown)")
        #expect(shown[4] == "│       │     │   from the   │", "\(shown)")
        #expect(shown[5] == "│       │     │    market    │", "\(shown)")
        #expect(shown[6] == "│ kiwi  │ 120 │      x       │", "\(shown)")
        #expect(shown[7] == "└───────┴─────┴──────────────┘", "\(shown)")
        #expect(buffer[2, 1].style.attributes.contains(.bold), "header cells are bold")
        #expect(buffer[16, 3].style.attributes.contains(.bold), "inline styles stay in cells")
        #expect(buffer[0, 0].style.attributes.contains(.dim))
    }

    @Test func aTwoHundredColumnTableInFortyColumnsNeverOverflows() {
        let words = (0..<12).map { "column-heading-\($0)" }
        let cells = (0..<12).map { "value-\($0)-" + String(repeating: "x", count: 6) }
        let md = "| " + words.joined(separator: " | ") + " |\n|" + String(repeating: "---|", count: 12) + "\n| "
            + cells.joined(separator: " | ") + " |\n"
        #expect(md.split(separator: "\n")[0].count > 200)
        for width in [40, 20] {
            let buffer = paint(PageView(root: node("Markdown", ["p1": .string(md)]), data: [:]), width: width, height: 40)
            let shown = lines(buffer).filter { !$0.isEmpty }
            #expect(shown.allSatisfy { TextWidth.of($0) <= width })
            let all = shown.joined()
            for cell in cells { #expect(all.contains(cell), "\(cell) at \(width): \(shown)") }
            #expect(all.contains("column-heading-11") && all.contains("value-11-xxxxxx"), "nothing lost: \(shown)")
        }
        let narrow = lines(paint(PageView(root: node("Markdown", ["p1": .string(md)]), data: [:]), width: 40, height: 40))
        #expect(narrow.contains("column-heading-0: value-0-xxxxxx"), "too many columns for 40 cells: one row at a time: \(narrow)")
    }

    @Test func aTableOfFewColumnsWrapsItsLongCellsInsideItsBorders() {
        let long = String(repeating: "word ", count: 40)
        let md = "| a | b |\n|---|---|\n| \(long)| short |\n"
        let shown = lines(paint(PageView(root: node("Markdown", ["p1": .string(md)]), data: [:]), width: 40, height: 30))
            .filter { !$0.isEmpty }
        #expect(shown.allSatisfy { TextWidth.of($0) <= 40 && ($0.hasPrefix("│") || $0.hasPrefix("┌") || $0.hasPrefix("├") || $0.hasPrefix("└")) })
        #expect(shown.joined().components(separatedBy: "word").count - 1 == 40, "every word is shown")
    }

    @Test func aFencedBlockIsHighlightedInTheThemesCodeStyles() {
        let md = "```swift\nlet name = \"x\" // why\n```"
        let page = PageView(root: node("Markdown", ["p1": .string(md)]), data: [:])
        var buffer = paint(page, width: 30, height: 2)
        #expect(lines(buffer)[0] == "let name = \"x\" // why")
        #expect(buffer[0, 0].style.foreground == CodeTokenKind.keyword.defaultStyle.foreground)
        #expect(buffer[11, 0].style.foreground == CodeTokenKind.string.defaultStyle.foreground)
        #expect(buffer[16, 0].style == CodeTokenKind.comment.defaultStyle)
        #expect(buffer[4, 0].style == .plain)
        page.theme = Theme(name: "t", styles: ["code.keyword": ThemeStyle(foreground: .rgb(1, 2, 3), attributes: .bold)])
        buffer = paint(page, width: 30, height: 2)
        #expect(buffer[0, 0].style.foreground == .rgb(1, 2, 3) && buffer[0, 0].style.attributes == .bold)
        #expect(buffer[11, 0].style.foreground == CodeTokenKind.string.defaultStyle.foreground)
    }

    @Test func aLongHighlightedLineIsCutWithinTheWidth() {
        let md = "```js\nconst a = 'aaaaaaaaaa' + 'bbbbbbbbbbbb' + 'cccccccccc'\n```"
        let shown = lines(paint(PageView(root: node("Markdown", ["p1": .string(md)]), data: [:]), width: 20, height: 2))
        #expect(shown[0] == "const a = 'aaaaaaaa…", "\(shown)")
    }
}
