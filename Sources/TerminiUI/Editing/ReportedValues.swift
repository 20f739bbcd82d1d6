#if canImport(Glibc)
import Glibc
#endif

/// The values a text input reported with `onChange` that the page has not echoed back yet, oldest first.
///
/// A controlled input takes the page's value unless it is an echo of one of these (the script lagging behind the
/// typing). Each is the very string the change event carried, so keeping it copies nothing, and an echo is
/// compared by length first and then with one `memcmp`, against the oldest first, where an echo in order matches.
struct ReportedValues {
    private var values: [String] = []
    private var bytes = 0

    /// At most this many, and this many bytes, are kept: an input whose page never echoes would otherwise keep
    /// every version of a long text. An echo older than that is taken for a new value (the text goes back to it),
    /// so the bounds are wide: a script 64 edits behind, or 64 MiB of versions of a long text.
    static let maxCount = 64
    static let maxBytes = 64 << 20

    var isEmpty: Bool { values.isEmpty }

    mutating func append(_ value: String) {
        values.append(value)
        bytes += value.utf8.count
        var dropped = 0
        while values.count - dropped > 1 && (values.count - dropped > Self.maxCount || bytes > Self.maxBytes) {
            bytes -= values[dropped].utf8.count
            dropped += 1
        }
        if dropped > 0 { values.removeFirst(dropped) }
    }

    /// Whether `value` echoes a reported value; if so, it and those before it are dropped.
    mutating func takeEcho(of value: String) -> Bool {
        guard let i = values.firstIndex(where: { Self.sameBytes($0, value) }) else { return false }
        for v in values[...i] { bytes -= v.utf8.count }
        values.removeFirst(i + 1)
        return true
    }

    mutating func removeAll() {
        values.removeAll()
        bytes = 0
    }

    /// Byte equality: `==` on strings is canonical equivalence, which would walk both by grapheme.
    static func sameBytes(_ a: String, _ b: String) -> Bool {
        guard a.utf8.count == b.utf8.count else { return false }
        var a = a, b = b
        return a.withUTF8 { pa in b.withUTF8 { pb in pa.count == 0 || memcmp(pa.baseAddress!, pb.baseAddress!, pa.count) == 0 } }
    }
}
