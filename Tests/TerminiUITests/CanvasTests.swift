import TerminiTemplate
import Testing
@testable import TerminiUI

@Suite struct TextWidthTests {
    @Test func asciiIsOneColumnPerCharacter() {
        #expect(TextWidth.of("hello") == 5)
        #expect(TextWidth.of(Character("a")) == 1)
    }

    @Test func chineseAndFullwidthAreTwoColumns() {
        #expect(TextWidth.of("中文") == 4)
        #expect(TextWidth.of(Character("中")) == 2)
        #expect(TextWidth.of(Character("Ａ")) == 2)  // U+FF21 fullwidth A
        #expect(TextWidth.of(Character("한")) == 2)
        #expect(TextWidth.of("a中b") == 4)
    }

    @Test func combiningMarksAndZeroWidthTakeNoColumns() {
        #expect(TextWidth.of("e\u{301}") == 1)  // e + combining acute: one character, one column
        #expect(TextWidth.of(Character("\u{200B}")) == 0)
        #expect(TextWidth.of("\u{301}") == 0)
        #expect(TextWidth.of("a\tb\n") == 2)  // control characters take no columns
    }

    @Test func emojiPresentationIsTwoColumns() {
        #expect(TextWidth.of(Character("😀")) == 2)
        #expect(TextWidth.of(Character("❤\u{FE0F}")) == 2)
        #expect(TextWidth.of(Character("❤")) == 1)
    }
}

@Suite struct CellBufferTests {
    @Test func negativeAndZeroSizesAreEmptyAndSafe() {
        var buffer = CellBuffer(width: -3, height: -1)
        #expect(buffer.width == 0 && buffer.height == 0)
        buffer[0, 0] = Cell(character: "x")
        #expect(buffer[0, 0] == .blank)
        #expect(buffer.write("abc", x: 0, y: 0, style: .plain) == 0)
        #expect(buffer.renderText() == "")
        buffer.resize(width: 1, height: 1)
        buffer.write("中", x: 0, y: 0, style: .plain)  // does not fit in one column: nothing drawn
        #expect(buffer.renderText() == "")
        buffer.write("xyz", x: 0, y: 0, style: .plain)
        #expect(buffer.renderText() == "x")
    }

    @Test func writeClipsToMaxWidthAndBufferEdge() {
        var buffer = CellBuffer(width: 6, height: 2)
        #expect(buffer.write("abcdef", x: 1, y: 0, style: .plain, maxWidth: 3) == 3)
        #expect(buffer.write("0123456789", x: 2, y: 1, style: .plain) == 4)
        #expect(buffer.renderText() == " abc\n  0123")
        #expect(buffer.write("xyz", x: -2, y: 0, style: .plain) == 3)  // 'x' and 'y' fall off the left edge
        #expect(buffer[0, 0].character == "z")
        #expect(buffer.write("nope", x: 0, y: 5, style: .plain) == 0)
    }

    @Test func hundredThousandCharacterLineIsClipped() {
        var buffer = CellBuffer(width: 10, height: 1)
        let long = String(repeating: "长x", count: 50_000)
        #expect(buffer.write(long, x: 0, y: 0, style: .plain) == 9)  // "长x长x长x" is 9 columns; the next 长 does not fit
        #expect(buffer.renderText() == "长x长x长x")
    }

    @Test func wideCharactersTakeTwoCellsWithAContinuation() {
        var buffer = CellBuffer(width: 8, height: 1)
        let used = buffer.write("中a文", x: 0, y: 0, style: CellStyle(foreground: .index(2)))
        #expect(used == 5)
        #expect(buffer[0, 0].character == "中")
        #expect(buffer[1, 0].isWideContinuation)
        #expect(buffer[2, 0].character == "a")
        #expect(buffer[3, 0].character == "文")
        #expect(buffer[4, 0].isWideContinuation)
        #expect(buffer[4, 0].style.foreground == .index(2))
        #expect(buffer.renderText() == "中a文")
    }

    @Test func overwritingHalfOfAWideCharacterBlanksTheOtherHalf() {
        var buffer = CellBuffer(width: 6, height: 1)
        buffer.write("中文", x: 0, y: 0, style: .plain)
        buffer.write("x", x: 1, y: 0, style: .plain)  // lands on 中's right half
        #expect(buffer[0, 0].character == " ")
        #expect(!buffer[1, 0].isWideContinuation)
        buffer.write("y", x: 2, y: 0, style: .plain)  // lands on 文's left half
        #expect(!buffer[3, 0].isWideContinuation)
        #expect(buffer.renderText() == " xy")
    }

    @Test func combiningSequencesSurviveARoundTrip() {
        var buffer = CellBuffer(width: 4, height: 1)
        #expect(buffer.write("e\u{301}x", x: 0, y: 0, style: .plain) == 2)
        #expect(buffer[0, 0].character == "e\u{301}")
        #expect(buffer[1, 0].character == "x")
        #expect(buffer.renderText() == "e\u{301}x")
    }

    @Test func cellStoresStyleAndCharacter() {
        var cell = Cell(character: "Q", style: CellStyle(foreground: .index(255), background: .index(0), attributes: [.bold, .reverse]))
        #expect(cell.style.foreground == .index(255))
        #expect(cell.style.background == .index(0))
        #expect(cell.style.attributes == [.bold, .reverse])
        cell.character = "😀"
        #expect(cell.character == "😀")
        cell.style = .plain
        #expect(cell.style == .plain)
        #expect(Cell.blank.character == " " && Cell.blank.style == .plain && !Cell.blank.isWideContinuation)
        #expect(Cell(character: " ", style: .plain) == .blank)
    }

    @Test func fillClipsAndClears() {
        var buffer = CellBuffer(width: 4, height: 3)
        buffer.fill(x: -1, y: 1, width: 3, height: 10, with: Cell(character: "#"))
        #expect(buffer.renderText() == "\n##\n##")
        buffer.clear()
        #expect(buffer.renderText() == "\n\n")
    }

    @Test func changedRunsFindOnlyDifferingCells() {
        var front = CellBuffer(width: 10, height: 3)
        front.write("hello", x: 0, y: 0, style: .plain)
        var back = front
        #expect(back.changedRuns(comparedTo: front).isEmpty)
        back.write("J", x: 0, y: 0, style: .plain)
        back.write("xy", x: 6, y: 2, style: .plain)
        back[9, 2] = Cell(character: "z")
        #expect(back.changedRuns(comparedTo: front) == [
            CellRun(x: 0, y: 0, count: 1), CellRun(x: 6, y: 2, count: 2), CellRun(x: 9, y: 2, count: 1),
        ])
        // A style-only change is a change too.
        var styled = front
        styled.write("h", x: 0, y: 0, style: CellStyle(attributes: .reverse))
        #expect(styled.changedRuns(comparedTo: front) == [CellRun(x: 0, y: 0, count: 1)])
    }

    @Test func changedRunsIncludeBothHalvesOfAWideCharacter() {
        var front = CellBuffer(width: 6, height: 1)
        front.write("ab中", x: 0, y: 0, style: .plain)
        var back = front
        back[3, 0] = Cell(character: " ", style: CellStyle(foreground: .index(1)), isWideContinuation: true)
        #expect(back.changedRuns(comparedTo: front) == [CellRun(x: 2, y: 0, count: 2)])
    }

    @Test func changedRunsOfDifferentSizesCoverEveryRow() {
        let front = CellBuffer(width: 3, height: 2)
        let back = CellBuffer(width: 4, height: 2)
        #expect(back.changedRuns(comparedTo: front) == [CellRun(x: 0, y: 0, count: 4), CellRun(x: 0, y: 1, count: 4)])
    }

    @Test func resizeClearsAndRefusesAbsurdSizes() {
        var buffer = CellBuffer(width: 3, height: 1)
        buffer.write("abc", x: 0, y: 0, style: .plain)
        buffer.resize(width: 2, height: 2)
        #expect(buffer.width == 2 && buffer.height == 2 && buffer.renderText() == "\n")
        buffer.resize(width: Int.max, height: Int.max)
        #expect(buffer.width == 0 && buffer.height == 0)
    }
}

/// 24-bit colours in cells: interned so a cell stays one word, exact through a round trip, and beside every other
/// field of the cell.
@Suite struct RGBCellTests {
    @Test func anRGBColourSurvivesTheCellBesideAWideCharacterAndAttributes() {
        let style = CellStyle(foreground: .rgb(1, 2, 3), background: .rgb(250, 128, 7), attributes: [.bold, .reverse])
        let cell = Cell(character: "中", style: style, isWideContinuation: true)
        #expect(cell.style == style && cell.character == "中" && cell.isWideContinuation)
        let palette = Cell(character: "é", style: CellStyle(foreground: .index(255), background: .default))
        #expect(palette.style.foreground == .index(255) && palette.style.background == .default)
        #expect(Cell(character: "x", style: style) != Cell(character: "x", style: CellStyle(foreground: .rgb(1, 2, 4))))
    }

    @Test func aColourWrittenThroughTheBufferComesBackAndTheThemeNameReadsBack() {
        var buffer = CellBuffer(width: 4, height: 1)
        buffer.write("ab", x: 0, y: 0, style: CellStyle(foreground: .rgb(0x12, 0x34, 0x56)), maxWidth: 4)
        #expect(buffer[1, 0].style.foreground == .rgb(0x12, 0x34, 0x56))
        #expect(TerminalColor(name: "#123456") == .rgb(0x12, 0x34, 0x56))
        #expect(TerminalColor.rgb(0x12, 0x34, 0x56).themeName == "#123456")
    }
}
