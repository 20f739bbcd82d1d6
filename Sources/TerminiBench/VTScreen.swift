/// A small VT100/xterm screen emulator: enough of what ncurses emits for `xterm-256color` (cursor addressing, erase,
/// scroll regions, insert/delete line and character, repeat, SGR reverse, UTF-8 and wide characters) to check what a
/// benchmark actually put on the terminal.
///
/// Why our own: the bench must verify its screens without Python; only reverse video (the bench app's selected row)
/// and underline (its list's current row, in the bench theme's `selected` style) matter to the check, so other SGR
/// attributes are parsed and dropped.
public struct VTScreen: Sendable {
    /// One screen cell: its text (empty for the right half of a wide character) and whether it is in reverse video
    /// and underlined.
    public struct Cell: Hashable, Sendable {
        public var text: String = " "
        public var reverse = false
        public var underline = false
    }

    public private(set) var width: Int
    public private(set) var height: Int
    private var cells: [Cell]
    private var x = 0, y = 0
    private var reverse = false
    private var underline = false
    private var wrapPending = false
    private var top = 0, bottom: Int
    private var saved = (x: 0, y: 0, reverse: false)
    private var lastPrinted: Cell?
    private var parser = ParserState.ground
    private var params: [UInt8] = []
    private var utf8: [UInt8] = []
    private var utf8Needed = 0

    private enum ParserState { case ground, escape, csi, osc, oscEscape, charset }

    public init(width: Int, height: Int) {
        self.width = max(1, width)
        self.height = max(1, height)
        bottom = self.height - 1
        cells = Array(repeating: Cell(), count: self.width * self.height)
    }

    /// The cell at column `x`, row `y` (0-based); a blank cell outside the screen.
    public subscript(x: Int, y: Int) -> Cell {
        guard x >= 0, x < width, y >= 0, y < height else { return Cell() }
        return cells[y * width + x]
    }

    /// Row `y` as text, trailing blanks removed.
    public func line(_ y: Int) -> String {
        guard y >= 0, y < height else { return "" }
        var s = ""
        for x in 0..<width { s += cells[y * width + x].text }
        while s.last == " " { s.removeLast() }
        return s
    }

    /// Whether any cell of row `y` in columns `range` is in reverse video.
    public func hasReverse(row y: Int, columns range: Range<Int>) -> Bool {
        range.contains { x in self[x, y].reverse }
    }

    /// Whether any cell of row `y` in columns `range` is underlined.
    public func hasUnderline(row y: Int, columns range: Range<Int>) -> Bool {
        range.contains { x in self[x, y].underline }
    }

    /// Resizes like xterm: content kept from the top left, the scroll region reset.
    public mutating func resize(width newWidth: Int, height newHeight: Int) {
        let w = max(1, newWidth), h = max(1, newHeight)
        var fresh = Array(repeating: Cell(), count: w * h)
        for row in 0..<min(h, height) { for col in 0..<min(w, width) { fresh[row * w + col] = cells[row * width + col] } }
        cells = fresh
        width = w
        height = h
        top = 0
        bottom = h - 1
        x = min(x, w - 1)
        y = min(y, h - 1)
        wrapPending = false
    }

    /// Interprets `bytes` as terminal output.
    public mutating func feed<Bytes: Sequence>(_ bytes: Bytes) where Bytes.Element == UInt8 {
        for byte in bytes { feed(byte) }
    }

    private mutating func feed(_ byte: UInt8) {
        switch parser {
        case .ground: ground(byte)
        case .escape: escape(byte)
        case .csi:
            if byte >= 0x40 && byte <= 0x7E {
                parser = .ground
                csi(final: byte)
            } else if byte == 0x1B {
                parser = .escape
            } else {
                params.append(byte)
            }
        case .osc:
            if byte == 0x07 { parser = .ground } else if byte == 0x1B { parser = .oscEscape }
        case .oscEscape: parser = byte == 0x5C ? .ground : .osc
        case .charset: parser = .ground
        }
    }

    private mutating func ground(_ byte: UInt8) {
        if utf8Needed > 0 {
            if byte & 0xC0 == 0x80 {
                utf8.append(byte)
                utf8Needed -= 1
                if utf8Needed == 0 { print(String(decoding: utf8, as: UTF8.self)) }
                return
            }
            utf8Needed = 0  // a broken sequence: drop it and read this byte afresh
        }
        switch byte {
        case 0x1B: parser = .escape
        case 0x0D: x = 0; wrapPending = false
        case 0x0A, 0x0B, 0x0C: lineFeed()
        case 0x08: if x > 0 { x -= 1 }; wrapPending = false
        case 0x09: x = min(width - 1, (x / 8 + 1) * 8); wrapPending = false
        case 0x00..<0x20, 0x7F: break  // BEL, SO/SI and the rest move nothing
        case 0x20..<0x7F: print(String(UnicodeScalar(byte)))
        case 0xC0..<0xE0: utf8 = [byte]; utf8Needed = 1
        case 0xE0..<0xF0: utf8 = [byte]; utf8Needed = 2
        case 0xF0..<0xF8: utf8 = [byte]; utf8Needed = 3
        default: break
        }
    }

    private mutating func escape(_ byte: UInt8) {
        parser = .ground
        switch byte {
        case UInt8(ascii: "["): parser = .csi; params.removeAll(keepingCapacity: true)
        case UInt8(ascii: "]"): parser = .osc
        case UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "*"), UInt8(ascii: "+"): parser = .charset
        case UInt8(ascii: "7"): saved = (x, y, reverse)
        case UInt8(ascii: "8"): (x, y, reverse) = saved; wrapPending = false
        case UInt8(ascii: "D"): lineFeed()
        case UInt8(ascii: "E"): x = 0; lineFeed()
        case UInt8(ascii: "M"): reverseIndex()
        case UInt8(ascii: "c"): self = VTScreen(width: width, height: height)
        default: break  // ESC = / ESC > (keypad modes) and others change nothing on screen
        }
    }

    private func numbers() -> (private: Bool, values: [Int]) {
        var isPrivate = false
        var values: [Int] = []
        var current: Int?
        for b in params {
            switch b {
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                current = min(99_999, (current ?? 0) * 10 + Int(b - UInt8(ascii: "0")))
            case UInt8(ascii: ";"), UInt8(ascii: ":"):
                values.append(current ?? 0)
                current = nil
            case UInt8(ascii: "?"), UInt8(ascii: ">"), UInt8(ascii: "="): isPrivate = true
            default: break
            }
        }
        if let current { values.append(current) } else if !values.isEmpty { values.append(0) }
        return (isPrivate, values)
    }

    private mutating func csi(final: UInt8) {
        let (isPrivate, p) = numbers()
        func arg(_ i: Int, _ fallback: Int = 1) -> Int { i < p.count && p[i] != 0 ? p[i] : fallback }
        wrapPending = false
        switch final {
        case UInt8(ascii: "H"), UInt8(ascii: "f"):
            y = clampRow(arg(0) - 1); x = clampColumn(arg(1) - 1)
        case UInt8(ascii: "A"): y = max(y < top ? 0 : top, y - arg(0))
        case UInt8(ascii: "B"), UInt8(ascii: "e"): y = min(y > bottom ? height - 1 : bottom, y + arg(0))
        case UInt8(ascii: "C"), UInt8(ascii: "a"): x = clampColumn(x + arg(0))
        case UInt8(ascii: "D"): x = clampColumn(x - arg(0))
        case UInt8(ascii: "E"): x = 0; y = min(bottom, y + arg(0))
        case UInt8(ascii: "F"): x = 0; y = max(top, y - arg(0))
        case UInt8(ascii: "G"), UInt8(ascii: "`"): x = clampColumn(arg(0) - 1)
        case UInt8(ascii: "d"): y = clampRow(arg(0) - 1)
        case UInt8(ascii: "K"):
            switch arg(0, 0) {
            case 0: erase(row: y, from: x, to: width)
            case 1: erase(row: y, from: 0, to: x + 1)
            default: erase(row: y, from: 0, to: width)
            }
        case UInt8(ascii: "J"):
            switch arg(0, 0) {
            case 0:
                erase(row: y, from: x, to: width)
                for row in (y + 1)..<max(y + 1, height) { erase(row: row, from: 0, to: width) }
            case 1:
                for row in 0..<y { erase(row: row, from: 0, to: width) }
                erase(row: y, from: 0, to: x + 1)
            default:
                for row in 0..<height { erase(row: row, from: 0, to: width) }
            }
        case UInt8(ascii: "X"): erase(row: y, from: x, to: min(width, x + arg(0)))
        case UInt8(ascii: "P"): deleteCharacters(arg(0))
        case UInt8(ascii: "@"): insertCharacters(arg(0))
        case UInt8(ascii: "L"): if y >= top && y <= bottom { scrollDown(arg(0), from: y) }
        case UInt8(ascii: "M"): if y >= top && y <= bottom { scrollUp(arg(0), from: y) }
        case UInt8(ascii: "S"): scrollUp(arg(0), from: top)
        case UInt8(ascii: "T"): if !isPrivate { scrollDown(arg(0), from: top) }
        case UInt8(ascii: "r"):
            if !isPrivate {
                let t = arg(0) - 1, b = arg(1, height) - 1
                if t < b && b < height { top = t; bottom = b } else { top = 0; bottom = height - 1 }
                x = 0; y = 0
            }
        case UInt8(ascii: "b"):
            if let last = lastPrinted { for _ in 0..<min(arg(0), width * height) { put(last.text) } }
        case UInt8(ascii: "m"): sgr(p)
        case UInt8(ascii: "s"): saved = (x, y, reverse)
        case UInt8(ascii: "u"): (x, y, reverse) = saved
        case UInt8(ascii: "h"), UInt8(ascii: "l"):
            // Entering or leaving the alternate screen (1049/47/1047) shows a cleared screen.
            if isPrivate && p.contains(where: { $0 == 1049 || $0 == 47 || $0 == 1047 }) {
                for row in 0..<height { erase(row: row, from: 0, to: width) }
                if final == UInt8(ascii: "h") && p.contains(1049) { saved = (x, y, reverse) }
            }
        default: break
        }
    }

    private mutating func sgr(_ p: [Int]) {
        if p.isEmpty { reverse = false; underline = false; return }
        var i = 0
        while i < p.count {
            switch p[i] {
            case 0: reverse = false; underline = false
            case 4: underline = true
            case 24: underline = false
            case 7: reverse = true
            case 27: reverse = false
            case 38, 48, 58:
                // Extended colours: 5;n or 2;r;g;b follow and are not attributes of their own.
                if i + 1 < p.count { i += p[i + 1] == 5 ? 2 : (p[i + 1] == 2 ? 4 : 1) }
            default: break
            }
            i += 1
        }
    }

    private mutating func print(_ text: String) {
        guard let scalar = text.unicodeScalars.first else { return }
        let cellWidth = Self.columns(of: scalar)
        if cellWidth == 0 {  // a combining mark joins the previous cell
            let px = x > 0 ? x - 1 : 0
            cells[y * width + px].text += text
            return
        }
        put(text, cellWidth: cellWidth)
    }

    private mutating func put(_ text: String, cellWidth: Int = 1) {
        if wrapPending || x + cellWidth > width {
            x = 0
            lineFeed()
        }
        let cell = Cell(text: text, reverse: reverse, underline: underline)
        cells[y * width + x] = cell
        if cellWidth == 2 && x + 1 < width { cells[y * width + x + 1] = Cell(text: "", reverse: reverse, underline: underline) }
        lastPrinted = cell
        if x + cellWidth >= width {
            x = width - 1
            wrapPending = true
        } else {
            x += cellWidth
        }
    }

    private mutating func lineFeed() {
        wrapPending = false
        if y == bottom { scrollUp(1, from: top) } else if y < height - 1 { y += 1 }
    }

    private mutating func reverseIndex() {
        wrapPending = false
        if y == top { scrollDown(1, from: top) } else if y > 0 { y -= 1 }
    }

    /// Moves rows `from...bottom` up by `n`; blank rows enter at the bottom of the region.
    private mutating func scrollUp(_ n: Int, from start: Int) {
        let n = min(n, bottom - start + 1)
        guard n > 0 else { return }
        for row in start...bottom {
            let source = row + n
            for col in 0..<width {
                cells[row * width + col] = source <= bottom ? cells[source * width + col] : Cell()
            }
        }
    }

    /// Moves rows `from...bottom` down by `n`; blank rows enter at `from`.
    private mutating func scrollDown(_ n: Int, from start: Int) {
        let n = min(n, bottom - start + 1)
        guard n > 0 else { return }
        for row in stride(from: bottom, through: start, by: -1) {
            let source = row - n
            for col in 0..<width {
                cells[row * width + col] = source >= start ? cells[source * width + col] : Cell()
            }
        }
    }

    private mutating func erase(row: Int, from start: Int, to end: Int) {
        guard row >= 0, row < height else { return }
        // Erased cells take the current background; only reverse is tracked, and ncurses resets SGR first.
        for col in max(0, start)..<max(max(0, start), min(width, end)) { cells[row * width + col] = Cell() }
    }

    private mutating func deleteCharacters(_ n: Int) {
        let n = min(n, width - x)
        for col in x..<width { cells[y * width + col] = col + n < width ? cells[y * width + col + n] : Cell() }
    }

    private mutating func insertCharacters(_ n: Int) {
        let n = min(n, width - x)
        for col in stride(from: width - 1, through: x, by: -1) {
            cells[y * width + col] = col - n >= x ? cells[y * width + col - n] : Cell()
        }
    }

    private func clampRow(_ r: Int) -> Int { min(max(0, r), height - 1) }
    private func clampColumn(_ c: Int) -> Int { min(max(0, c), width - 1) }

    /// Terminal columns of a scalar: 0 for combining marks, 2 for East Asian wide and emoji, else 1.
    static func columns(of scalar: Unicode.Scalar) -> Int {
        let v = scalar.value
        switch v {
        case 0x0300...0x036F, 0x1AB0...0x1AFF, 0x1DC0...0x1DFF, 0x20D0...0x20FF, 0xFE20...0xFE2F, 0x200B...0x200F:
            return 0
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
             0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x1F300...0x1F64F,
             0x1F900...0x1F9FF, 0x20000...0x3FFFD:
            return 2
        default:
            return 1
        }
    }
}
