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
        return (hash, rows.texts)
    }

    /// As `digest`, with the changed rows' cells copied instead of made text: the recorder's hot path, which makes
    /// text only when it writes a trace.
    mutating func digestCells(_ screen: CellBuffer) -> (hash: UInt64, changedRows: ChangedRows) {
        let sameSize = screen.width == width && screen.height == rowHashes.count
        if !sameSize {
            width = screen.width
            rowHashes = Array(repeating: 0, count: screen.height)
        }
        var changed: [Int] = []
        for row in screen.rowsDiffering(from: sameSize ? previous : nil) {
            let rowHash = screen.rowHash(row)
            if !sameSize || rowHash != rowHashes[row] { changed.append(row) }
            rowHashes[row] = rowHash
        }
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325 ^ UInt64(screen.width << 16 | screen.height)
        for rowHash in rowHashes { hash = (hash ^ rowHash) &* 0x100_0000_01b3 }
        previous = screen
        return (hash, ChangedRows(rows: changed, of: screen))
    }

    /// A hash as a trace writes it: 16 hex digits.
    static func hex(_ hash: UInt64) -> String {
        let digits = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}

/// A frame's changed rows with their cells, copied into one buffer sized once: one allocation a frame rather than
/// one a row, which kept the recorder's frees and the UI thread's mallocs from growing with the rows a frame changes.
struct ChangedRows: Sendable {
    /// The changed rows' numbers, in screen order.
    let rows: [Int]
    let width: Int
    /// The rows' cells one after another, `width` each.
    private let cells: [Cell]

    init(rows: [Int], of screen: CellBuffer) {
        self.rows = rows
        width = screen.width
        cells = screen.cells(ofRows: rows)
    }

    /// The cells the rows hold.
    var cellCount: Int { cells.count }

    /// Each row with its text, as `CellBuffer.rowText` writes it.
    var texts: [(row: Int, text: String)] {
        rows.indices.map { (rows[$0], CellBuffer.text(ofRow: cells[($0 * width)..<(($0 + 1) * width)])) }
    }
}
