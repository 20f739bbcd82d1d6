import Testing
import TerminiCanvas

/// What the flight recorder reads off a frame's cell buffer: which rows changed, their hashes and their cells.
@Suite struct CellBufferDigestTests {
    private func screen(_ rows: [String], width: Int = 6) -> CellBuffer {
        var buffer = CellBuffer(width: width, height: rows.count)
        for (y, row) in rows.enumerated() {
            for (x, character) in row.enumerated() { buffer[x, y] = Cell(character: character) }
        }
        return buffer
    }

    @Test func onlyTheRowsWhoseCellsChangedDiffer() {
        let before = screen(["one", "two", "three"])
        let after = screen(["one", "TWO", "three"])
        #expect(after.rowsDiffering(from: before) == [1])
        #expect(after.rowsDiffering(from: after) == [])
        #expect(after.rowHash(0) == before.rowHash(0))
        #expect(after.rowHash(1) != before.rowHash(1))
    }

    @Test func withoutAPreviousBufferOrAtAnotherSizeEveryRowDiffers() {
        let after = screen(["a", "b"])
        #expect(after.rowsDiffering(from: nil) == [0, 1])
        #expect(after.rowsDiffering(from: screen(["a", "b"], width: 5)) == [0, 1])
        #expect(after.rowsDiffering(from: screen(["a", "b", "c"])) == [0, 1])
    }

    @Test func theCopiedRowsReadBackAsTheirText() {
        let buffer = screen(["one", "two", "three"])
        let cells = buffer.cells(ofRows: [0, 2])
        #expect(cells.count == 12)
        #expect(CellBuffer.text(ofRow: cells[0..<6]) == "one")
        #expect(CellBuffer.text(ofRow: cells[6..<12]) == "three")
    }
}
