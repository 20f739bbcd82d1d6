#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What the flight recorder keeps of a frame: a hash of each row's cells (characters, styles, wide-character halves)
/// that is the same in every process, and a row's text for a diff.
extension CellBuffer {
    /// FNV-1a over the row's cells. A grapheme of several scalars is hashed by its scalars, not by its code in this
    /// process's grapheme table, so a replay in another process hashes the same screen the same way.
    public func rowHash(_ row: Int) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        cells.withUnsafeBufferPointer { all in
            for cell in all[(row * width)..<((row + 1) * width)] {
                let bits = cell.bits
                let code = UInt32(truncatingIfNeeded: bits & Cell.codeMask)
                if code >= GraphemeTable.firstTableCode {
                    for scalar in GraphemeTable.character(for: code).unicodeScalars {
                        hash = (hash ^ UInt64(scalar.value)) &* 0x100_0000_01b3
                    }
                    hash = (hash ^ (bits & ~Cell.codeMask)) &* 0x100_0000_01b3
                } else {
                    hash = (hash ^ bits) &* 0x100_0000_01b3
                }
            }
        }
        return hash
    }

    /// The row's characters, trailing spaces trimmed, continuation cells left out (as `renderText` writes it).
    public func rowText(_ row: Int) -> String {
        var line = ""
        let start = row * width
        for index in start..<(start + width) {
            let cell = cells[index]
            if cell.isWideContinuation { continue }
            line.append(cell.character)
        }
        while line.last == " " { line.removeLast() }
        return line
    }
}

extension CellBuffer {
    /// A copy of the rows' cells one after another, in one array sized once (a recorder keeps them and makes text of
    /// them only when it writes).
    public func cells(ofRows rows: [Int]) -> [Cell] {
        var copy: [Cell] = []
        copy.reserveCapacity(rows.count * width)
        for row in rows { copy.append(contentsOf: cells[(row * width)..<((row + 1) * width)]) }
        return copy
    }

    /// The text of a row's cells that `cells(ofRows:)` copied, as `rowText` writes it.
    /// Trailing blanks are cut on the cells, and ASCII goes in as bytes: the recorder makes text of every frame it
    /// keeps for long, and Characters built one by one cost a full screen about a millisecond.
    public static func text(ofRow cells: ArraySlice<Cell>) -> String {
        let space = UInt32(UInt8(ascii: " "))
        var end = cells.endIndex
        while end > cells.startIndex, cells[end - 1].isWideContinuation || cells[end - 1].code == space { end -= 1 }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(end - cells.startIndex)
        for cell in cells[..<end] where !cell.isWideContinuation {
            if cell.code < 0x80 { bytes.append(UInt8(cell.code)) } else { bytes.append(contentsOf: String(cell.character).utf8) }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

extension CellBuffer {
    /// The rows whose cells differ from `previous`'s, found by libc's memcmp; every row when there is no previous
    /// buffer or it has another size.
    public func rowsDiffering(from previous: CellBuffer?) -> [Int] {
        guard let previous, previous.width == width, previous.height == height, !cells.isEmpty else {
            return Array(0..<height)
        }
        let rowBytes = width * MemoryLayout<Cell>.stride
        return cells.withUnsafeBytes { mine in
            previous.cells.withUnsafeBytes { theirs in
                (0..<height).filter { memcmp(mine.baseAddress! + $0 * rowBytes, theirs.baseAddress! + $0 * rowBytes, rowBytes) != 0 }
            }
        }
    }
}
