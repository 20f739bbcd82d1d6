import TerminiClock

/// Interns 24-bit colours so that a `Cell` stays one word: a cell holds a 15-bit id, this table the colour. An app
/// uses a handful of `#rrggbb` colours (its themes' and its templates'), so interning behind a lock costs nothing in
/// practice, as with `GraphemeTable`. Reading a colour back takes no lock: the backend does it for every changed
/// cell, so the colours live in storage made once that never moves, and a slot is written before its id is handed
/// out (whoever holds a cell with that id got it after that write).
enum RGBColorTable {
    /// Ids fit in the 15 bits a packed colour has for them; hostile input cannot grow the table past that, and a
    /// colour that finds it full is drawn as its nearest palette colour instead.
    static let capacity = 0x7FFF

    private nonisolated(unsafe) static let colors: UnsafeMutablePointer<UInt32> = {
        let slots = UnsafeMutablePointer<UInt32>.allocate(capacity: capacity)
        slots.initialize(repeating: 0, count: capacity)
        return slots
    }()

    private static let ids = Locked([UInt32: UInt16]())

    /// The id of `r, g, b`, interning it on first use; nil when the table is full.
    static func id(r: UInt8, g: UInt8, b: UInt8) -> UInt16? {
        let value = UInt32(r) << 16 | UInt32(g) << 8 | UInt32(b)
        let slots = colors
        return ids.withLock { ids in
            if let id = ids[value] { return id }
            guard ids.count < capacity else { return nil }
            let id = UInt16(ids.count)
            slots[Int(id)] = value
            ids[value] = id
            return id
        }
    }

    /// The colour of an id handed out by `id(r:g:b:)`.
    @inline(__always) static func color(id: UInt16) -> (r: UInt8, g: UInt8, b: UInt8) {
        let value = Int(id) < capacity ? colors[Int(id)] : 0
        return (UInt8(truncatingIfNeeded: value >> 16), UInt8(truncatingIfNeeded: value >> 8), UInt8(truncatingIfNeeded: value))
    }
}
