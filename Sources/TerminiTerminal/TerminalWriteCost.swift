import TerminiCanvas

/// Estimates the bytes a terminal write of changed runs would cost (cursor moves, SGR style changes, UTF-8 text),
/// so the headless backend reports numbers comparable to the ncurses backend's measured bytes.
struct TerminalWriteCost {
    private var cursor: (x: Int, y: Int)? = nil
    /// Each write ends with a reset, so the next one starts from the plain style.
    private var currentStyle = CellStyle.plain
    private(set) var bytes = 0

    /// Adds one cell written at (x, y) with display width `width`.
    mutating func addCell(_ cell: Cell, x: Int, y: Int, width: Int) {
        if cursor == nil || cursor! != (x, y) {
            bytes += 4 + Self.digits(y + 1) + Self.digits(x + 1)   // ESC [ row ; col H
        }
        let style = cell.style
        if currentStyle != style {
            bytes += Self.sgrLength(style)
            currentStyle = style
        }
        for scalar in cell.character.unicodeScalars { bytes += UTF8.width(scalar) }
        cursor = (x + max(width, 1), y)
    }

    /// The final attribute reset a terminal write ends with.
    mutating func finish() {
        if currentStyle != .plain { bytes += 4 }   // ESC [ 0 m
    }

    /// ESC [ 0 ; attributes ; colours m
    static func sgrLength(_ style: CellStyle) -> Int {
        var length = 4   // ESC [ 0 m
        let a = style.attributes
        for flag in [CellAttributes.bold, .dim, .italic, .underline, .reverse] where a.contains(flag) { length += 2 }
        length += colorLength(style.foreground)
        length += colorLength(style.background)
        return length
    }

    private static func colorLength(_ color: TerminalColor) -> Int {
        switch color {
        case .default: 0
        case .index(let n) where n < 16: 3                 // ;3n or ;9n
        case .index(let n): 6 + digits(Int(n))             // ;38;5;n
        case .rgb(let r, let g, let b): 7 + digits(Int(r)) + digits(Int(g)) + digits(Int(b))  // ;38:2::r:g:b
        }
    }

    private static func digits(_ value: Int) -> Int {
        var n = max(value, 0), count = 1
        while n >= 10 { n /= 10; count += 1 }
        return count
    }
}
