import CNcurses
import TerminiCanvas

/// Maps foreground/background combinations to ncurses colour pairs, allocating each pair once.
///
/// On a terminal with direct colour (a `*-direct` terminfo entry, chosen when `COLORTERM` says the terminal has
/// 24-bit colour) ncurses takes colour values as RGB, except that 0–7 still mean the eight ANSI colours; elsewhere
/// it takes palette indexes, and RGB colours become the nearest palette entry.
struct NcursesColorPairs {
    /// Pair number per (foreground + 1) * 257 + (background + 1) of palette colours, where -1 is the default
    /// colour; 0 = unallocated.
    private var table: [Int32] = []
    /// Pairs of combinations the table cannot index (direct colour values).
    private var others: [Int64: Int32] = [:]
    private var nextPair: Int32 = 1
    private let pairLimit: Int32
    private let colorCount: Int32
    let enabled: Bool
    /// Whether the terminal takes 24-bit colour values.
    let direct: Bool

    init(enabled: Bool, colorCount: Int32, pairLimit: Int32, direct: Bool = false) {
        self.enabled = enabled && colorCount > 0 && pairLimit > 1
        self.colorCount = colorCount
        self.pairLimit = pairLimit
        self.direct = self.enabled && direct
        if self.enabled { table = Array(repeating: 0, count: 257 * 257) }
    }

    /// The pair for this combination; pair 0 (the terminal's defaults) when colours are off.
    mutating func pair(foreground: TerminalColor, background: TerminalColor) -> Int32 {
        guard enabled else { return 0 }
        let fg = curses(foreground), bg = curses(background)
        if fg == -1 && bg == -1 { return 0 }
        let inTable = fg < 256 && bg < 256
        // Worked out in Int: direct colour values (up to 0xFFFFFF) times 257 do not fit in Int32.
        let slot = (Int(fg) + 1) * 257 + (Int(bg) + 1)
        let key = Int64(fg + 1) << 32 | Int64(bg + 1)
        if let cached = inTable ? table[slot] : others[key], cached != 0 { return cached }
        if nextPair >= pairLimit {
            // Out of pairs (a terminal with few pairs): start over. ncurses repaints cells whose pair changes,
            // so the screen stays right at the cost of one repaint.
            table.withUnsafeMutableBufferPointer { $0.update(repeating: 0) }
            others.removeAll(keepingCapacity: true)
            nextPair = 1
        }
        let pair = nextPair
        nextPair += 1
        init_extended_pair(pair, fg, bg)
        if inTable { table[slot] = pair } else { others[key] = pair }
        return pair
    }

    /// The colour as ncurses takes it here: a palette index the terminal has (the nearest one it has otherwise),
    /// or with direct colour the 24-bit value itself.
    private func curses(_ color: TerminalColor) -> Int32 {
        if direct {
            switch color {
            case .default: return -1
            case .index(let n) where n < 8: return Int32(n)
            default:
                guard let c = color.rgbComponents else { return -1 }
                // Values below 8 would read as ANSI colours: the darkest blues move up one step, unseen.
                return max(8, Int32(c.r << 16 | c.g << 8 | c.b))
            }
        }
        guard let index = color.nearestPaletteIndex(among: Int(min(colorCount, 256))) else { return -1 }
        return Int32(index) < colorCount ? Int32(index) : -1
    }
}
