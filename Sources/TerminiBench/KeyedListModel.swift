import TerminiUI
/// The benchmark's own model of the keyed list (docs/BENCH-PROTOCOL.md): the same mulberry32 generator, seed and
/// labels as the bench app, so the bench knows exactly which rows every screen must show.
public struct KeyedListModel: Sendable {
    /// One list row.
    public struct Row: Hashable, Sendable {
        public var id: Int
        public var label: String
    }

    static let adjectives = ["pretty", "large", "big", "small", "tall", "short", "long", "handsome", "plain", "quaint",
                             "clean", "elegant", "easy", "angry", "crazy", "helpful", "mushy", "odd", "unsightly",
                             "adorable", "important", "inexpensive", "cheap", "expensive", "fancy"]
    static let colours = ["red", "yellow", "blue", "green", "pink", "brown", "purple", "orange", "black", "white"]
    static let nouns = ["table", "chair", "house", "bbq", "desk", "car", "pony", "cookie", "sandwich", "burger", "pizza",
                        "mouse", "keyboard"]

    public private(set) var rows: [Row] = []
    /// The selected row's id; 0 for none. Ids are never reused, so a removed row's selection disappears with it.
    public private(set) var selected = 0
    private var state: UInt32 = 42
    /// The row the big-list remove took, which its undo puts back.
    private var removedRow: Row?
    private var nextId = 1
    /// How many rows create, replace and append make (the protocol's 1,000).
    public let count: Int
    /// How many rows the big-list append adds (and its undo removes).
    public static let bigAppend = 10_000

    public init(count: Int) { self.count = count }

    private mutating func random(_ n: Int) -> Int {
        state = state &+ 0x6D2B_79F5
        var t = state
        t = (t ^ (t >> 15)) &* (t | 1)
        t ^= t &+ ((t ^ (t >> 7)) &* (t | 61))
        let unit = Double(t ^ (t >> 14)) / 4_294_967_296
        return Int(unit * Double(n))
    }

    private mutating func build(_ n: Int) -> [Row] {
        var out: [Row] = []
        out.reserveCapacity(n)
        for _ in 0..<n {
            let a = Self.adjectives[random(Self.adjectives.count)]
            let c = Self.colours[random(Self.colours.count)]
            let noun = Self.nouns[random(Self.nouns.count)]
            out.append(Row(id: nextId, label: "\(a) \(c) \(noun)"))
            nextId += 1
        }
        return out
    }

    /// Applies the operation bound to `key` ("1"..."9"), as the bench app does.
    public mutating func apply(key: String) {
        switch key {
        case "1", "2": rows = build(count)
        case "3": for i in stride(from: 0, to: rows.count, by: 10) { rows[i].label += " !!!" }
        case "4": if rows.count > 1 { selected = rows[1].id }
        case "5": if rows.count > count - 2, count >= 3 { rows.swapAt(1, count - 2) }
        case "6": if rows.count > 1 { rows.remove(at: 1) }
        case "7": rows = build(count * 10)
        case "8": rows += build(count)
        case "9": rows = []
        case "a": rows += build(Self.bigAppend)
        case "z": rows.removeLast(min(rows.count, Self.bigAppend))
        case "u":
            if !rows.isEmpty {
                rows[0].label = rows[0].label.hasSuffix(" !") ? String(rows[0].label.dropLast(2)) : rows[0].label + " !"
            }
        case "r": if !rows.isEmpty { removedRow = rows.removeFirst() }
        case "i": if let removedRow { rows.insert(removedRow, at: 0) }
        default: break
        }
    }

    /// A click on the row at `index` selects it, as the bench app's `pick` does.
    public mutating func select(rowAt index: Int) {
        if index < rows.count { selected = rows[index].id }
    }

    /// The text screen row `listIndex` must show: `%6d label`.
    public static func text(of row: Row) -> String {
        let id = String(row.id)
        return String(repeating: " ", count: max(0, 6 - id.count)) + id + " " + row.label
    }

    /// Compares `screen` with the model: the header's row count, every visible row's text, blank rows past the end,
    /// and reverse video on the selected row only; with `cursor`, also the list's current row (that list index)
    /// underlined and no other. Returns the first difference, nil when the screen is right.
    public func mismatch(on screen: VTScreen, scrolledBy offset: Int = 0, cursor: Int? = nil) -> String? {
        let header = screen.line(0)
        if !header.contains("rows: \(rows.count)") {
            return "screen row 0: expected the header to contain 'rows: \(rows.count)', actual '\(header)'"
        }
        // While the list has focus (not after a click gave it to a row) it shows its scroll position in the last
        // column, which must then be exactly right too; an empty list shows none.
        let track = screen.height - 1
        let thumb = ScrollIndicator.thumb(offset: offset, viewport: track, total: rows.count, track: track)
        for y in 1..<screen.height {
            let index = y - 1 + offset
            let expected = index < rows.count ? Self.text(of: rows[index]) : ""
            let actual = screen.line(y)
            let withIndicator = expected.padding(toLength: max(expected.count, screen.width - 1), withPad: " ", startingAt: 0)
                + String(ScrollIndicator.glyph(row: y - 1, thumb: thumb))
            if actual != expected && actual != withIndicator {
                return "screen row \(y) (list index \(index)): expected '\(expected)', actual '\(actual)'"
            }
            let shouldReverse = index < rows.count && rows[index].id == selected
            let isReverse = screen.hasReverse(row: y, columns: 0..<min(screen.width, max(1, expected.count)))
            if shouldReverse != isReverse {
                return "screen row \(y) (list index \(index)): expected \(shouldReverse ? "" : "no ")reverse video"
            }
            if let cursor {
                let shouldUnderline = index == cursor && index < rows.count
                if shouldUnderline != screen.hasUnderline(row: y, columns: 0..<min(screen.width, max(1, expected.count))) {
                    return "screen row \(y) (list index \(index)): expected the current row \(shouldUnderline ? "" : "not ")here"
                }
            }
        }
        return nil
    }
}
