import TerminiUI

/// What a trace keeps of each frame: one hash of the whole screen (every cell's character and style), and the text
/// of the rows that changed since the previous frame, from which a replay rebuilds the recorded screen for its diff.
struct ScreenDigest {
    private(set) var rowHashes: [UInt64] = []
    private(set) var width = 0
    /// The previous frame: it shares its storage with the compositor's buffer (no copy), and only the rows that
    /// differ from it are hashed again.
    private var previous: CellBuffer?

    /// Digests `screen` against the previous one: its hash, and the rows whose cells changed with their text.
    mutating func digest(_ screen: CellBuffer) -> (hash: UInt64, changedRows: [(row: Int, text: String)]) {
        let (hash, rows) = digestCells(screen)
        return (hash, rows.map { ($0.row, CellBuffer.text(ofRow: $0.cells)) })
    }

    /// As `digest`, with the changed rows' cells copied instead of made text: the recorder's hot path, which makes
    /// text only when it writes a trace.
    mutating func digestCells(_ screen: CellBuffer) -> (hash: UInt64, changedRows: [(row: Int, cells: [Cell])]) {
        let sameSize = screen.width == width && screen.height == rowHashes.count
        if !sameSize {
            width = screen.width
            rowHashes = Array(repeating: 0, count: screen.height)
        }
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325 ^ UInt64(screen.width << 16 | screen.height)
        var changed: [(row: Int, cells: [Cell])] = []
        for row in 0..<screen.height {
            if !sameSize || previous.map({ !screen.rowEquals(row, in: $0) }) ?? true {
                let rowHash = screen.rowHash(row)
                if !sameSize || rowHash != rowHashes[row] { changed.append((row, screen.rowCells(row))) }
                rowHashes[row] = rowHash
            }
            hash = (hash ^ rowHashes[row]) &* 0x100_0000_01b3
        }
        previous = screen
        return (hash, changed)
    }

    /// A hash as a trace writes it: 16 hex digits.
    static func hex(_ hash: UInt64) -> String {
        let digits = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
