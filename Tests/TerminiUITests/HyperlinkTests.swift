import Foundation
import Testing
import TerminiCanvas
import TerminiTemplate
@testable import TerminiUI

/// URLs in a Text and links in Markdown are hyperlinks in the cells (OSC 8 at output), with the URL visible.
@Suite struct HyperlinkTests {
    func painted(_ root: TemplateNode, width: Int = 40, height: Int = 4) -> CellBuffer {
        let page = PageView(root: root, data: [:])
        _ = page.build(size: (width, height))
        var buffer = CellBuffer(width: width, height: height)
        page.paint(into: &buffer)
        return buffer
    }

    @Test func aTextLinksTheURLsItShows() {
        let buffer = painted(node("Text", ["p1": "docs at https://example.org/guide?x=1. or http://a.b"]))
        #expect(buffer.renderText().hasPrefix("docs at https://example.org/guide?x=1.\nor http://a.b"), "\(buffer.renderText())")
        #expect(buffer.link(atX: 7, y: 0) == nil)
        #expect(buffer.link(atX: 8, y: 0) == "https://example.org/guide?x=1")
        #expect(buffer.link(atX: 36, y: 0) == "https://example.org/guide?x=1")
        #expect(buffer.link(atX: 37, y: 0) == nil, "the sentence's full stop is not the URL's")
        #expect(buffer.link(atX: 3, y: 1) == "http://a.b" && buffer.link(atX: 2, y: 1) == nil)
        let url = "https://example.org/a/very/long/path/that/wraps"
        let wrapped = painted(node("Text", ["p1": .string("see " + url)]), width: 20, height: 5)
        let rows = wrapped.renderText().split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let row = try? #require(rows.firstIndex { $0.contains("https://") })
        if let row {
            let column = rows[row].distance(from: rows[row].startIndex, to: rows[row].range(of: "https://")!.lowerBound)
            #expect(wrapped.link(atX: column, y: row) == url, "a URL cut by wrapping links to the whole URL: \(rows)")
        }
        #expect(painted(node("Text", ["p1": "no link: xhttps://x.org mailto:a@b"])).link(atX: 10, y: 0) == nil)
    }

    /// The scan that rules a line out looks at the bytes after each colon: colons before the URL, at the very end,
    /// or just short of "://" must neither hide a URL nor read past the text.
    @Test func colonsAroundAURLNeitherHideItNorReadPastTheText() {
        let buffer = painted(node("Text", ["p1": "at 10:30: ü https://a.org :/ :"]), width: 40)
        #expect(buffer.link(atX: 12, y: 0) == "https://a.org", "\(buffer.renderText())")
        #expect(buffer.link(atX: 11, y: 0) == nil && buffer.link(atX: 26, y: 0) == nil)
        for text in ["12345678:", "12345678:/", "1234567:/x/", "1234567: //x", String(repeating: ":", count: 300)] {
            #expect(LinkedURLs.find(in: text).isEmpty, "\(text)")
        }
        #expect(LinkedURLs.find(in: String(repeating: "a:", count: 100) + " http://x.io").map(\.column) == [201])
    }

    @Test func aMarkdownLinkShowsItsURLAndBothAreLinked() {
        let buffer = painted(node("Markdown", ["p1": "Read [the guide](https://example.org/g) now."]), width: 60)
        let line = buffer.renderText().split(separator: "\n").first.map(String.init) ?? ""
        #expect(line == "Read the guide (https://example.org/g) now.", "\(line)")
        #expect(buffer.link(atX: 5, y: 0) == "https://example.org/g", "the label")
        #expect(buffer.link(atX: 15, y: 0) == "https://example.org/g", "the visible URL")
        #expect(buffer.link(atX: 0, y: 0) == nil && buffer.link(atX: 40, y: 0) == nil)
        let bare = painted(node("Markdown", ["p1": "[https://example.org/x](https://example.org/x)"]), width: 60)
        #expect(bare.renderText().hasPrefix("https://example.org/x\n"), "a link whose text is its URL shows it once: \(bare.renderText())")
        #expect(bare.link(atX: 0, y: 0) == "https://example.org/x")
    }

    @Test func textPaintedOverALinkEndsIt() {
        var buffer = CellBuffer(width: 20, height: 1)
        buffer.write("https://a.org", x: 0, y: 0, style: .plain)
        buffer.setLink("https://a.org", x: 0, y: 0, count: 13)
        var changed = buffer
        changed.setLink("https://b.org", x: 0, y: 0, count: 13)
        #expect(changed != buffer && changed.changedRuns(comparedTo: buffer) == [CellRun(x: 0, y: 0, count: 13)],
                "the same text leading elsewhere is a change")
        buffer.write("modal", x: 2, y: 0, style: .plain)
        #expect(buffer.link(atX: 2, y: 0) == nil && buffer.link(atX: 7, y: 0) == "https://a.org")
    }
}

/// A URL cannot end its OSC 8 sequence early: its control characters are dropped.
@Suite struct HyperlinkSequenceTests {
    @Test func controlCharactersNeverReachTheSequence() {
        #expect(HyperlinkSequence.open("https://a.org/\u{1B}\\\u{1B}]0;x\u{07}y\u{9C}") == "\u{1B}]8;;https://a.org/\\]0;xy\u{1B}\\")
        #expect(HyperlinkSequence.close == "\u{1B}]8;;\u{1B}\\")
    }
}
