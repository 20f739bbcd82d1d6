import Testing
@testable import TerminiRuntime
import TerminiUI

/// The golden-screen form: text rows with a style line under the styled ones, a legend, and a lossless round trip.
@Suite struct StyledScreenTextTests {
    static func sample() -> CellBuffer {
        var screen = CellBuffer(width: 12, height: 3)
        screen.write(" Title", x: 0, y: 0, style: CellStyle(attributes: .reverse))
        screen.fill(x: 6, y: 0, width: 6, height: 1, with: Cell(character: " ", style: CellStyle(attributes: .reverse)))
        screen.write("菜单 ok", x: 0, y: 1, style: .plain)
        screen.write("ok", x: 5, y: 1, style: CellStyle(foreground: .index(1), attributes: [.bold, .underline]))
        screen.write("#", x: 11, y: 2, style: CellStyle(foreground: .rgb(0x12, 0x34, 0x56), background: .index(200)))
        return screen
    }

    @Test func theFormIsRowsWithStyleLettersUnderThemAndALegend() {
        #expect(StyledScreenText.encode(Self.sample()) == """
            screen 12x3
            style a: reverse
            style b: fg=red bold underline
            style c: fg=#123456 bg=200
            row 0 | Title
                  |aaaaaaaaaaaa
            row 1 |菜单 ok
                  |     bb
            row 2 |           #
                  |           c

            """)
    }

    @Test func decodingGivesTheSameCellsBack() throws {
        let screen = Self.sample()
        #expect(try StyledScreenText.decode(StyledScreenText.encode(screen), file: "s") == screen)
        let blank = CellBuffer(width: 3, height: 2)
        #expect(try StyledScreenText.decode(StyledScreenText.encode(blank), file: "s") == blank)
    }

    @Test func moreStylesThanLettersShareOneLetterPastThe88th() {
        var screen = CellBuffer(width: 100, height: 1)
        for x in 0..<100 { screen.write("x", x: x, y: 0, style: CellStyle(foreground: .index(UInt8(x + 20)))) }
        let text = StyledScreenText.encode(screen)
        #expect(text.contains("style ~: fg=107") && text.contains("style `: any style past the 88th"))
        #expect(text.hasSuffix("|" + String(StyledScreenText.letters) + String(repeating: "`", count: 12) + "\n"))
    }

    @Test func aMalformedFileNamesItsLine() {
        #expect(throws: StyledScreenTextError.self) { try StyledScreenText.decode("scren 3x1\n", file: "g.screen") }
        let badLetter = "screen 3x1\nrow 0 |abc\n      |z\n"
        let error = #expect(throws: StyledScreenTextError.self) { try StyledScreenText.decode(badLetter, file: "g.screen") }
        #expect(error?.description == "g.screen:3: style letter 'z' is not in the legend")
        let badStyle = #expect(throws: StyledScreenTextError.self) { try StyledScreenText.decode("screen 3x1\nstyle a: fg=reddish\n", file: "g.screen") }
        #expect(badStyle?.description.hasPrefix("g.screen:2: 'fg=reddish' is not") == true)
    }
}
