#if canImport(Glibc)
import Glibc
#endif
import TerminiTemplate

/// The http(s) URLs written in a line of text, with the column each starts at: what a Text widget shows as
/// hyperlinks. A URL runs to the next blank, a quote or an angle bracket; punctuation that ends a sentence
/// (`.`, `,`, `)`, …) is left out, as people write URLs inside sentences and parentheses.
public enum LinkedURLs {
    /// `(column, url)` for each URL in `text`, in order.
    public static func find(in text: String) -> [(column: Int, url: String)] {
        // Every Text runs this on every paint: most lines have no "://", and are ruled out without a copy.
        guard text.utf8.count >= 8, mayHoldURL(text) else { return [] }
        let bytes = Array(text.utf8)
        var found: [(Int, String)] = []
        var i = 0
        var column = 0, counted = 0  // columns of bytes[..<counted]
        while i < bytes.count {
            guard let schemeLength = scheme(at: i, in: bytes) else { i += 1; continue }
            guard i == 0 || !isWordByte(bytes[i - 1]) else { i += schemeLength; continue }
            var end = i + schemeLength
            while end < bytes.count, !ends(bytes[end]) { end += 1 }
            while end > i + schemeLength, trailing(bytes[end - 1]) { end -= 1 }
            if end > i + schemeLength {
                column += TextWidth.of(String(decoding: bytes[counted..<i], as: UTF8.self))
                counted = i
                found.append((column, String(decoding: bytes[i..<end], as: UTF8.self)))
            }
            i = max(end, i + schemeLength)
        }
        return found
    }

    private static let http = Array("http://".utf8), https = Array("https://".utf8)

    /// Whether `text` holds "://", read in place (a native string's bytes are contiguous). Colons are found with
    /// `memchr`, which glibc vectorizes: a line without one (most labels) costs a few instructions per 32 bytes
    /// instead of a loop over every byte.
    private static func mayHoldURL(_ text: String) -> Bool {
        func holdsSchemeSeparator(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
            guard let base = bytes.baseAddress else { return false }
            let end = base + bytes.count
            var from = base
            while from < end, let found = memchr(from, Int32(UInt8(ascii: ":")), end - from) {
                let colon = UnsafePointer(found.assumingMemoryBound(to: UInt8.self))
                if end - colon >= 3, colon[1] == UInt8(ascii: "/"), colon[2] == UInt8(ascii: "/") { return true }
                from = colon + 1
            }
            return false
        }
        if let answer = text.utf8.withContiguousStorageIfAvailable(holdsSchemeSeparator) { return answer }
        return Array(text.utf8).withUnsafeBufferPointer(holdsSchemeSeparator)
    }

    private static func scheme(at i: Int, in bytes: [UInt8]) -> Int? {
        for prefix in [https, http] where i + prefix.count <= bytes.count {
            if bytes[i..<(i + prefix.count)].elementsEqual(prefix) { return prefix.count }
        }
        return nil
    }

    private static func isWordByte(_ b: UInt8) -> Bool {
        (b >= UInt8(ascii: "a") && b <= UInt8(ascii: "z")) || (b >= UInt8(ascii: "A") && b <= UInt8(ascii: "Z"))
            || (b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9"))
    }

    private static func ends(_ b: UInt8) -> Bool {
        b <= 0x20 || b == 0x7F || b == UInt8(ascii: "\"") || b == UInt8(ascii: "'") || b == UInt8(ascii: "<")
            || b == UInt8(ascii: ">") || b == UInt8(ascii: "`")
    }

    private static func trailing(_ b: UInt8) -> Bool {
        [UInt8(ascii: "."), UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: ":"), UInt8(ascii: "!"),
         UInt8(ascii: "?"), UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}")].contains(b)
    }
}
