#if canImport(Glibc)
import TerminiTemplate
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A grid of cells: the app paints into a back buffer; backends diff it against the front buffer.
///
/// Cells live in one flat row-major array of 64-bit words, so clearing is a fill and diffing is an integer
/// compare per cell.
public struct CellBuffer: Sendable, Equatable {
    public private(set) var width: Int
    public private(set) var height: Int
    @usableFromInline var cells: [Cell]
    /// The link layer: for a cell whose link bit is set, the `LinkTable` id of its URL. Empty until a link is painted,
    /// so a buffer without links costs nothing more to clear, copy or diff.
    var linkIds: [UInt16] = []

    /// Negative sizes clamp to 0.
    public init(width: Int, height: Int) {
        self.width = max(0, width)
        self.height = max(0, height)
        let count = CellBuffer.cellCount(self.width, self.height)
        cells = Array(repeating: .blank, count: count)
        if count == 0 && self.width > 0 && self.height > 0 { self.width = 0; self.height = 0 }  // too large to hold
    }

    /// Guards against absurd sizes (a 1e9 x 1e9 resize request) that would exhaust memory.
    static let maxCells = 1 << 24

    private static func cellCount(_ width: Int, _ height: Int) -> Int {
        guard width > 0, height > 0 else { return 0 }
        let (product, overflow) = width.multipliedReportingOverflow(by: height)
        return overflow || product > maxCells ? 0 : product
    }

    /// Out-of-range get returns `.blank`; out-of-range set is ignored.
    public subscript(x: Int, y: Int) -> Cell {
        get {
            guard x >= 0, y >= 0, x < width, y < height else { return .blank }
            return cells[y &* width &+ x]
        }
        set {
            guard x >= 0, y >= 0, x < width, y < height else { return }
            cells[y &* width &+ x] = newValue
        }
    }

    /// Changes the size; the content is cleared.
    public mutating func resize(width: Int, height: Int) {
        let w = max(0, width), h = max(0, height)
        let count = CellBuffer.cellCount(w, h)
        if count == 0 {
            let tooLarge = w > 0 && h > 0
            self.width = tooLarge ? 0 : w
            self.height = tooLarge ? 0 : h
            cells = []
            return
        }
        self.width = w
        self.height = h
        linkIds = []
        if cells.count == count { clear() } else { cells = Array(repeating: .blank, count: count) }
    }

    /// Makes `count` cells from (x, y) a hyperlink to `url` (OSC 8), keeping their text and style; a later write over
    /// a cell ends its link. Past the link table's capacity the cells stay plain text.
    public mutating func setLink(_ url: String, x: Int, y: Int, count: Int) {
        guard y >= 0, y < height, count > 0, let id = LinkTable.id(for: url) else { return }
        let x0 = max(0, x), x1 = min(width, x.addingClamped(count))
        guard x0 < x1 else { return }
        if linkIds.count != cells.count { linkIds = Array(repeating: 0, count: cells.count) }
        for i in (y * width + x0)..<(y * width + x1) {
            cells[i].bits |= Cell.linkBit
            linkIds[i] = id
        }
    }

    /// Whether a link was ever painted into this buffer (since its last resize): without one, no cell is linked.
    public var mayHaveLinks: Bool { !linkIds.isEmpty }

    /// The URL of the hyperlink the cell at (x, y) is part of, if any.
    public func link(atX x: Int, y: Int) -> String? {
        guard x >= 0, y >= 0, x < width, y < height else { return nil }
        let i = y * width + x
        guard cells[i].isLinked, i < linkIds.count else { return nil }
        return LinkTable.url(id: linkIds[i])
    }

    /// Whether two linked cells at index `i` of this buffer and `other` lead to different URLs.
    @inline(__always) private func linkDiffers(at i: Int, from other: CellBuffer) -> Bool {
        guard cells[i].bits & Cell.linkBit != 0 else { return false }
        let mine = i < linkIds.count ? linkIds[i] : 0, theirs = i < other.linkIds.count ? other.linkIds[i] : 0
        return mine != theirs
    }

    public mutating func clear() {
        cells.withUnsafeMutableBufferPointer { buffer in
            buffer.update(repeating: .blank)
        }
    }

    /// Fills a rectangle (clipped to the buffer).
    public mutating func fill(x: Int, y: Int, width fillWidth: Int, height fillHeight: Int, with cell: Cell) {
        let x0 = max(0, x), y0 = max(0, y)
        let x1 = min(width, x.addingClamped(fillWidth)), y1 = min(height, y.addingClamped(fillHeight))
        guard x0 < x1, y0 < y1 else { return }
        let w = width
        cells.withUnsafeMutableBufferPointer { buffer in
            for row in y0..<y1 {
                let start = row * w
                for i in (start + x0)..<(start + x1) { buffer[i] = cell }
            }
        }
        // A fill that cut a wide character in half leaves no orphaned halves behind.
        for row in y0..<y1 {
            repairWideBoundary(x: x0, y: row)
            repairWideBoundary(x: x1, y: row)
        }
    }

    /// Writes text from (x, y), clipped to maxWidth columns (and the buffer); wide chars take 2 columns, combining marks 0. Returns columns used.
    ///
    /// "Columns used" counts columns the text advanced through before it ended, reached `maxWidth` or left the
    /// buffer's right edge; columns left of the buffer (negative x) count but are not drawn. Control characters
    /// take no columns. A wide character that does not fit in the remaining columns is not drawn.
    @discardableResult
    public mutating func write(_ text: String, x: Int, y: Int, style: CellStyle, maxWidth: Int = .max) -> Int {
        guard maxWidth > 0, y >= 0, y < height, x < width else { return 0 }
        let limit = min(maxWidth, width &- x)  // columns available, counted from x
        guard limit > 0 else { return 0 }
        let styleBits = style.packed
        let w = width
        let rowStart = y * w
        var column = 0
        var needsSlowPath = false
        var utf8Consumed = 0
        // Fast path: ASCII runs are one cell per byte. A non-ASCII byte, or an ASCII byte followed by one (it may
        // start a combining sequence), hands over to grapheme iteration.
        var text = text
        text.withUTF8 { bytes in
            cells.withUnsafeMutableBufferPointer { buffer in
                var i = 0
                let n = bytes.count
                while i < n {
                    let b = bytes[i]
                    if b >= 0x80 || (i + 1 < n && bytes[i + 1] >= 0x80) { needsSlowPath = true; break }
                    if b >= 0x20 && b < 0x7F {
                        if column >= limit { break }
                        let cx = x &+ column
                        if cx >= 0 { buffer[rowStart + cx] = Cell(bits: UInt64(b) | styleBits) }
                        column += 1
                    }
                    i += 1
                }
                utf8Consumed = i
            }
        }
        if needsSlowPath && column < limit {
            let restStart = text.utf8.index(text.utf8.startIndex, offsetBy: utf8Consumed)
            for character in text[restStart...] {
                let cw = TextWidth.of(character)
                if cw == 0 { continue }
                if column + cw > limit { break }
                let cx = x &+ column
                if cx >= 0 {
                    let code = GraphemeTable.code(for: character)
                    cells[rowStart + cx] = Cell(bits: UInt64(code) | styleBits)
                    if cw == 2 {
                        cells[rowStart + cx + 1] = Cell(bits: 0x20 | styleBits | Cell.continuationBit)
                    }
                } else if cw == 2 && cx + 1 == 0 {
                    // The left half fell off the buffer: show the visible half as a blank.
                    cells[rowStart] = Cell(bits: 0x20 | styleBits)
                }
                column += cw
            }
        }
        if column > 0 {
            repairWideBoundary(x: max(0, x), y: y)
            repairWideBoundary(x: x &+ column, y: y)
        }
        return column
    }

    /// After a write or fill that started or ended at column `x`, a wide character may have lost one half:
    /// a continuation at `x` without its lead, or a lead at `x - 1` whose continuation was overwritten.
    /// The orphaned half becomes a blank of its own style.
    @inline(__always) private mutating func repairWideBoundary(x: Int, y: Int) {
        guard x > 0, x < width, y >= 0, y < height else { return }
        let i = y * width + x
        let here = cells[i]
        let left = cells[i - 1]
        let leftIsWideLead = !left.isWideContinuation && TextWidth.codeWidth(left.code) == 2
        if here.isWideContinuation && !leftIsWideLead {
            cells[i] = Cell(bits: (here.bits & Cell.styleMask) | 0x20)
        } else if leftIsWideLead && !here.isWideContinuation {
            cells[i - 1] = Cell(bits: (left.bits & Cell.styleMask) | 0x20)
        }
    }

    /// Horizontal runs of cells that differ from `front` (same size assumed; if sizes differ, every row is one run).
    ///
    /// A run never starts on the right half of a wide character nor ends between its halves, so a backend can
    /// write each run's characters as they are.
    public func changedRuns(comparedTo front: CellBuffer) -> [CellRun] {
        var runs: [CellRun] = []
        appendChangedRuns(comparedTo: front, into: &runs)
        return runs
    }

    /// `changedRuns(comparedTo:)` into a caller-owned array, so a frame loop can reuse its storage.
    public func appendChangedRuns(comparedTo front: CellBuffer, into runs: inout [CellRun]) {
        guard width > 0, height > 0 else { return }
        guard front.width == width, front.height == height else {
            for row in 0..<height { runs.append(CellRun(x: 0, y: row, count: width)) }
            return
        }
        let w = width
        cells.withUnsafeBufferPointer { back in
            front.cells.withUnsafeBufferPointer { previous in
                let b = UnsafeRawPointer(back.baseAddress!).assumingMemoryBound(to: UInt64.self)
                let p = UnsafeRawPointer(previous.baseAddress!).assumingMemoryBound(to: UInt64.self)
                let isContinuation = { (i: Int) in b[i] & Cell.continuationBit != 0 }
                // With links on either side, two cells that are the same text in the same style but lead to
                // different URLs differ too. Without any, the scan is the plain comparison of cells, kept apart so
                // that the link check costs a frame without links nothing.
                if !linkIds.isEmpty || !front.linkIds.isEmpty {
                    Self.appendRuns(width: w, height: height, into: &runs,
                                    rowUnchanged: { start in
                                        memcmpEqual(b + start, p + start, w)
                                            && !(start..<(start + w)).contains { linkDiffers(at: $0, from: front) }
                                    },
                                    isContinuation: isContinuation,
                                    differs: { b[$0] != p[$0] || linkDiffers(at: $0, from: front) })
                } else {
                    Self.appendRuns(width: w, height: height, into: &runs, rowUnchanged: { memcmpEqual(b + $0, p + $0, w) },
                                    isContinuation: isContinuation, differs: { b[$0] != p[$0] })
                }
            }
        }
    }

    /// The runs of cells that `differs` says changed, row by row; a run that starts or ends inside a wide
    /// character takes all of it, since a terminal cannot draw half of one.
    @inline(__always)
    private static func appendRuns(width w: Int, height: Int, into runs: inout [CellRun], rowUnchanged: (Int) -> Bool,
                                   isContinuation: (Int) -> Bool, differs: (Int) -> Bool)
    {
        for row in 0..<height {
            let start = row * w
            if rowUnchanged(start) { continue }
            var x = 0
            while x < w {
                if !differs(start + x) { x += 1; continue }
                var runStart = x
                if runStart > 0 && isContinuation(start + runStart) { runStart -= 1 }
                var end = x + 1
                while end < w && differs(start + end) { end += 1 }
                if end < w && isContinuation(start + end) { end += 1 }
                runs.append(CellRun(x: runStart, y: row, count: end - runStart))
                x = end
            }
        }
    }

    /// The buffer as text: one line per row, trailing spaces trimmed, continuation cells omitted.
    public func renderText() -> String {
        var out = ""
        out.reserveCapacity(width * height + height)
        for row in 0..<height {
            var line = ""
            for column in 0..<width {
                let cell = cells[row * width + column]
                if cell.isWideContinuation { continue }
                line.append(cell.character)
            }
            while line.last == " " { line.removeLast() }
            out += line
            if row + 1 < height { out += "\n" }
        }
        return out
    }

    public static func == (lhs: CellBuffer, rhs: CellBuffer) -> Bool {
        lhs.width == rhs.width && lhs.height == rhs.height && lhs.cells == rhs.cells
            && (lhs.linkIds.isEmpty && rhs.linkIds.isEmpty || !lhs.cells.indices.contains { lhs.linkDiffers(at: $0, from: rhs) })
    }
}

/// Whole-row equality: libc's vectorized memcmp, since an unchanged row is the common case. Cells are single
/// 64-bit words without padding, so byte equality is cell equality.
@inline(__always) private func memcmpEqual(_ a: UnsafePointer<UInt64>, _ b: UnsafePointer<UInt64>, _ count: Int) -> Bool {
    memcmp(a, b, count * MemoryLayout<UInt64>.stride) == 0
}

/// A horizontal run of changed cells: row y, columns x..<x+count.
public struct CellRun: Hashable, Sendable {
    public var x: Int
    public var y: Int
    public var count: Int
    public init(x: Int, y: Int, count: Int) {
        self.x = x
        self.y = y
        self.count = count
    }
}

extension Int {
    /// Addition that saturates instead of trapping, for geometry that comes from untrusted sizes.
    @inline(__always) package func addingClamped(_ other: Int) -> Int {
        let (sum, overflow) = addingReportingOverflow(other)
        return overflow ? (other > 0 ? Int.max : Int.min) : sum
    }
}

extension TextWidth {
    /// Width of the character a cell code stands for; scalar codes avoid building a `Character`.
    @inline(__always) static func codeWidth(_ code: UInt32) -> Int {
        if code < 0x7F { return code >= 0x20 ? 1 : 0 }
        if code < GraphemeTable.firstTableCode, let scalar = Unicode.Scalar(code) { return scalarWidth(scalar) }
        return of(GraphemeTable.character(for: code))
    }
}
