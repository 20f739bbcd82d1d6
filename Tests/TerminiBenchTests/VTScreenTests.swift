import Testing
@testable import TerminiBench

/// The bench's VT emulator must read ncurses' output the way a terminal does, or the bench's screen check is void.
@Suite struct VTScreenTests {
    func screen(_ text: String, width: Int = 10, height: Int = 4) -> VTScreen {
        var s = VTScreen(width: width, height: height)
        s.feed(Array(text.utf8))
        return s
    }

    @Test func cursorAddressingEraseAndRepeat() {
        let s = screen("\u{1B}[2;3Habc\u{1B}[1;1Hxyz\u{1B}[1;2H\u{1B}[K\u{1B}[3;1Hq\u{1B}[3b")
        #expect(s.line(0) == "x")
        #expect(s.line(1) == "  abc")
        #expect(s.line(2) == "qqqq")
    }

    @Test func reverseVideoIsTrackedPerCell() {
        let s = screen("a\u{1B}[7mbc\u{1B}[27md\u{1B}[0m")
        #expect(s.line(0) == "abcd")
        #expect(s[1, 0].reverse && s[2, 0].reverse)
        #expect(!s[0, 0].reverse && !s[3, 0].reverse)
    }

    @Test func scrollRegionsAndLineInsertDelete() {
        // Rows 0-3 hold A-D; delete line 1 inside the region 1-3, then insert one at row 2.
        var s = screen("A\r\nB\r\nC\r\nD")
        s.feed(Array("\u{1B}[2;4r\u{1B}[2;1H\u{1B}[M".utf8))
        #expect((0..<4).map { s.line($0) } == ["A", "C", "D", ""])
        s.feed(Array("\u{1B}[3;1H\u{1B}[L".utf8))
        #expect((0..<4).map { s.line($0) } == ["A", "C", "", "D"])
        // A line feed at the bottom margin scrolls only the region.
        s.feed(Array("\u{1B}[4;1H\nE".utf8))
        #expect((0..<4).map { s.line($0) } == ["A", "", "D", "E"])
    }

    @Test func wideCharactersTakeTwoCellsAndUTF8IsDecoded() {
        let s = screen("日本x é")
        #expect(s.line(0) == "日本x é")
        #expect(s[0, 0].text == "日" && s[1, 0].text == "" && s[4, 0].text == "x")
    }

    @Test func modelMatchesTheProtocolsGenerator() {
        // The first rows for seed 42, as the Python harness's independent model also produces them.
        var model = KeyedListModel(count: 3)
        model.apply(key: "1")
        #expect(KeyedListModel.text(of: model.rows[0]) == "     1 helpful pink mouse")
        model.apply(key: "5")
        #expect(model.rows.map(\.id) == [1, 2, 3])  // swap 1 and count - 2 = 1: no change
        model.apply(key: "6")
        #expect(model.rows.map(\.id) == [1, 3])
    }
}
