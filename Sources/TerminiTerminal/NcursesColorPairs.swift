import CNcurses
import TerminiUI

/// Maps foreground/background combinations to ncurses colour pairs, allocating each pair once.
struct NcursesColorPairs {
    /// Pair number per (foreground + 1) * 257 + (background + 1), where -1 is the default colour; 0 = unallocated.
    private var table: [Int32] = []
    private var nextPair: Int32 = 1
    private let pairLimit: Int32
    private let colorCount: Int32
    let enabled: Bool

    init(enabled: Bool, colorCount: Int32, pairLimit: Int32) {
        self.enabled = enabled && colorCount > 0 && pairLimit > 1
        self.colorCount = colorCount
        self.pairLimit = pairLimit
        if self.enabled { table = Array(repeating: 0, count: 257 * 257) }
    }

    /// The pair for this combination; pair 0 (the terminal's defaults) when colours are off.
    mutating func pair(foreground: TerminalColor, background: TerminalColor) -> Int32 {
        guard enabled else { return 0 }
        let fg = curses(foreground), bg = curses(background)
        if fg == -1 && bg == -1 { return 0 }
        let slot = Int((fg + 1) * 257 + (bg + 1))
        let cached = table[slot]
        if cached != 0 { return cached }
        if nextPair >= pairLimit {
            // Out of pairs (a terminal with few pairs): start over. ncurses repaints cells whose pair changes,
            // so the screen stays right at the cost of one repaint.
            table.withUnsafeMutableBufferPointer { $0.update(repeating: 0) }
            nextPair = 1
        }
        let pair = nextPair
        nextPair += 1
        init_extended_pair(pair, fg, bg)
        table[slot] = pair
        return pair
    }

    /// A palette index the terminal lacks becomes the nearest colour it has (of 16 or 8) rather than failing.
    private func curses(_ color: TerminalColor) -> Int32 {
        switch color {
        case .default: return -1
        case .index(let n):
            let index = Int32(n)
            if index < colorCount { return index }
            guard colorCount >= 8 else { return -1 }
            let rgb = ColorPalette.rgb(n)
            return Int32(ColorPalette.nearest(r: rgb.r, g: rgb.g, b: rgb.b, among: Int(min(colorCount, 16))))
        }
    }
}
