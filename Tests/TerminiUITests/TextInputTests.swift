import Testing
import TerminiTemplate
@testable import TerminiUI

/// TextArea, TextField's width/secure/maxLength/disabled, and text that ends in `…` when it does not fit.
@Suite struct TextInputTests {
    func focused(_ root: TemplateNode, data: JSONValue = [:], width: Int = 20, height: Int = 5) -> PageView {
        let page = PageView(root: root, data: data)
        page.placesInitialFocus = true
        _ = page.renderText(width: width, height: height)
        return page
    }

    func type(_ text: String, into page: PageView) -> [UIEvent] {
        text.flatMap { c in page.handle(.key(c == " " ? .space : c == "\n" ? .enter : .character(c))) }
    }

    @Test func textAreaEditsAcrossLinesAndWraps() {
        let page = focused(node("TextArea", ["value": "{{note}}", "height": 3, "onChange": "setNote"], loc: "a.swift:1:1"),
                           data: ["note": ""], width: 10, height: 3)
        let events = type("hello\nworld 12345", into: page)
        #expect(events.last?.detail == ["value": "hello\nworld 12345"])
        #expect(page.renderText(width: 10, height: 3) == "hello\nworld 1234\n5")
        // Up keeps the column; Home/End go to the line's ends.
        _ = page.handle(.key(.up))
        _ = page.handle(.key(.up))
        _ = page.handle(.key(.home))
        _ = type(">", into: page)
        #expect(page.renderText(width: 10, height: 3).hasPrefix(">hello"))
        _ = page.handle(.key(.end))
        _ = page.handle(.key(.delete))   // joins the lines
        #expect(page.renderText(width: 10, height: 3).hasPrefix(">helloworl"))
        #expect(page.caret != nil)
        // Tab leaves the area.
        #expect(page.focusEditsText)
        _ = page.handle(.key(.tab))
        // Wide characters count two cells and do not split.
        let wide = focused(node("TextArea", ["value": "中文字符中文字符", "height": 2]), width: 7, height: 2)
        // Rows "中文字", "符中文", "字符": the caret at the end keeps the last two in view.
        #expect(wide.renderText(width: 7, height: 2) == "符中文\n字符")
    }

    @Test func textAreaScrollsToTheCaretAndFollowsThePage() {
        let page = focused(node("TextArea", ["value": "{{note}}", "height": 2, "onChange": "setNote"]),
                           data: ["note": "1\n2\n3\n4"], width: 10, height: 2)
        #expect(page.renderText(width: 10, height: 2) == "3\n4", "the caret starts at the end, in view")
        _ = page.handle(.key(.pageUp))
        _ = page.handle(.key(.pageUp))
        #expect(page.renderText(width: 10, height: 2) == "1\n2")
        page.apply([(path("note"), "reset")])
        #expect(page.renderText(width: 10, height: 2) == "reset\n")
    }

    @Test func textFieldWidthSecureMaxLengthAndDisabled() {
        let root = node("Column", [:], [
            node("TextField", ["value": "", "secure": true, "maxLength": 4, "width": 8, "onChange": "pw"], loc: "pw"),
            node("TextField", ["value": "read only", "disabled": true], loc: "ro"),
            node("Text", ["p1": "end"]),
        ])
        let page = focused(root, width: 20, height: 3)
        let events = type("secret", into: page)
        #expect(events.map(\.detail) == [["value": "s"], ["value": "se"], ["value": "sec"], ["value": "secr"]])
        let text = page.renderText(width: 20, height: 3)
        #expect(text.hasPrefix("••••\nread only\nend"), "\(text)")
        _ = page.handle(.key(.tab))
        #expect(page.focusedLoc == "pw", "the disabled field is skipped")
    }

    @Test func textThatDoesNotFitEndsInAnEllipsis() {
        #expect(render(node("Text", ["p1": "a long line of text", "wrap": false]), width: 10, height: 1) == "a long li…")
        #expect(render(node("Text", ["p1": "中文中文中文", "wrap": false]), width: 7, height: 1) == "中文中…")
        #expect(render(node("Button", ["p1": "Add a new item"]), width: 10, height: 1) == "[ Add a… ]")
    }
}
