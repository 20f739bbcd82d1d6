import TerminiClock

/// Interns characters made of several scalars (combining sequences, emoji with modifiers) so a `Cell` stays one
/// word. Such characters are rare in terminal text, so one process-wide table behind a lock costs nothing in
/// practice and keeps `Cell` values meaningful outside the buffer that produced them.
@usableFromInline enum GraphemeTable {
    /// Codes at or above this value index the table; below it they are Unicode scalar values.
    @usableFromInline static let firstTableCode: UInt32 = 0x11_0000

    private struct Storage {
        var characters: [Character] = []
        var codes: [Character: UInt32] = [:]
    }

    private static let storage = Locked(Storage())

    /// A cap so that hostile input cannot grow the table without bound; later clusters degrade to their first scalar.
    /// Codes stay below 2^22, the bits a `Cell` has for them.
    static let capacity = 1 << 20

    @inline(__always) static func code(for character: Character) -> UInt32 {
        let scalars = character.unicodeScalars
        if scalars.count == 1, let only = scalars.first { return only.value }
        return intern(character)
    }

    private static func intern(_ character: Character) -> UInt32 {
        storage.withLock { table in
            if let code = table.codes[character] { return code }
            guard table.characters.count < capacity else {
                return character.unicodeScalars.first?.value ?? 0x20
            }
            let code = firstTableCode + UInt32(table.characters.count)
            table.characters.append(character)
            table.codes[character] = code
            return code
        }
    }

    static func character(for code: UInt32) -> Character {
        if code < firstTableCode {
            return Unicode.Scalar(code).map { Character($0) } ?? " "
        }
        return storage.withLock { table in
            let index = Int(code - firstTableCode)
            return index < table.characters.count ? table.characters[index] : " "
        }
    }
}
