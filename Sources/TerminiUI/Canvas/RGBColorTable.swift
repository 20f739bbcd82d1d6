import TerminiClock

/// Interns 24-bit colours so that a `Cell` stays one word: a cell holds a 15-bit id, this table the colour. An app
/// uses a handful of `#rrggbb` colours (its themes' and its templates'), so one process-wide table behind a lock
/// costs nothing in practice, as with `GraphemeTable`.
enum RGBColorTable {
    /// Ids fit in the 15 bits a packed colour has for them; hostile input cannot grow the table past that, and a
    /// colour that finds it full is drawn as its nearest palette colour instead.
    static let capacity = 0x7FFF

    private struct Storage {
        var colors: [UInt32] = []
        var ids: [UInt32: UInt16] = [:]
    }

    private static let storage = Locked(Storage())

    /// The id of `r, g, b`, interning it on first use; nil when the table is full.
    static func id(r: UInt8, g: UInt8, b: UInt8) -> UInt16? {
        let value = UInt32(r) << 16 | UInt32(g) << 8 | UInt32(b)
        return storage.withLock { table in
            if let id = table.ids[value] { return id }
            guard table.colors.count < capacity else { return nil }
            let id = UInt16(table.colors.count)
            table.colors.append(value)
            table.ids[value] = id
            return id
        }
    }

    /// The colour of an id handed out by `id(r:g:b:)`.
    static func color(id: UInt16) -> (r: UInt8, g: UInt8, b: UInt8) {
        let value = storage.withLock { table in Int(id) < table.colors.count ? table.colors[Int(id)] : 0 }
        return (UInt8(truncatingIfNeeded: value >> 16), UInt8(truncatingIfNeeded: value >> 8), UInt8(truncatingIfNeeded: value))
    }
}
