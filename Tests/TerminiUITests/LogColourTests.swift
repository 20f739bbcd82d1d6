import Testing
import TerminiTemplate
@testable import TerminiUI

/// A Log line with ANSI escapes: its SGR colours and styles reach the cells, every other escape is dropped, and the
/// Log shows at most `maxLines` of the newest lines.
@Suite struct LogColourTests {
    func painted(_ lines: [JSONValue], width: Int = 30, height: Int = 3, maxLines: Int? = nil) -> CellBuffer {
        var props: [String: JSONValue] = ["p1": "{{lines}}"]
        if let maxLines { props["maxLines"] = .number(Double(maxLines)) }
        let page = PageView(root: node("Log", props), data: ["lines": .array(lines)])
        _ = page.build(size: (width, height))
        var buffer = CellBuffer(width: width, height: height)
        page.paint(into: &buffer)
        return buffer
    }

    @Test func sgrColoursAndStylesReachTheCells() {
        let buffer = painted(["\u{1B}[31merror\u{1B}[0m: disk \u{1B}[1;38;5;208mfull\u{1B}[m ok", "plain line"])
        #expect(buffer.renderText().hasPrefix("error: disk full ok\nplain line"), "\(buffer.renderText())")
        #expect(buffer[0, 0].style == CellStyle(foreground: .index(1)))
        #expect(buffer[4, 0].style == CellStyle(foreground: .index(1)))
        #expect(buffer[5, 0].style == .plain, "SGR 0 ends the colour")
        #expect(buffer[12, 0].style == CellStyle(foreground: .index(208), attributes: .bold))
        #expect(buffer[17, 0].style == .plain, "an empty SGR resets too")
        #expect(buffer[0, 1].style == .plain)
    }

    @Test func otherEscapesAreDroppedWhole() {
        let hostile = "a\u{1B}]0;title\u{07}b\u{1B}[2Jc\u{1B}]52;c;aGk=\u{1B}\\d\u{1B}[?1049he\u{1B}Pdcs\u{1B}\\f\u{1B}(Bg\u{9B}31mh"
        let buffer = painted([.string(hostile)])
        #expect(buffer.renderText().hasPrefix("abcdefgh\n"), "\(buffer.renderText())")
        #expect(buffer[7, 0].style == CellStyle(foreground: .index(1)), "the 8-bit CSI is an SGR too")
    }

    @Test func truecolourBackgroundsAndCutLinesKeepTheirWidth() {
        let buffer = painted(["\u{1B}[48;2;10;20;30mwide 你好 text that is too long for the width\u{1B}[0m"], width: 12, height: 1)
        #expect(buffer.renderText() == "wide 你好 t…", "\(buffer.renderText())")
        #expect(buffer[0, 0].style.background == .rgb(10, 20, 30))
        #expect(buffer[11, 0].style.background == .rgb(10, 20, 30), "the … keeps the style of the run it cuts")
    }

    @Test func malformedSequencesNeverShowOrCrash() {
        let runs = ANSIStyledText.runs("x\u{1B}[38;5;999my\u{1B}[38;2;1mz\u{1B}[")
        #expect(runs.map(\.text).joined() == "xyz")
        #expect(runs.allSatisfy { $0.style == .plain }, "\(runs)")
        #expect(ANSIStyledText.plainText("tab\there\u{1B}") == "tab here")
        #expect(ANSIStyledText.runs("\u{1B}[38:2::255:0:0mred").first?.style.foreground == .rgb(255, 0, 0))
        #expect(ANSIStyledText.runs("\u{1B}[1;2;3;4;7mx\u{1B}[22;23;24;27my").map(\.style.attributes) == [[.bold, .dim, .italic, .underline, .reverse], []])
    }

    @Test func theScrollbackShowsAtMostMaxLines() {
        let lines = (1...8).map { JSONValue.string("line \($0)") }
        let page = PageView(root: node("Log", ["p1": "{{lines}}", "maxLines": 3]), data: ["lines": .array(lines)])
        page.placesInitialFocus = true
        #expect(withoutScrollIndicator(page.renderText(width: 20, height: 5)) == "line 6\nline 7\nline 8\n\n")
        _ = page.handle(.key(.home))
        #expect(withoutScrollIndicator(page.renderText(width: 20, height: 5)).hasPrefix("line 6"), "Home goes to the first kept line")
    }
}
