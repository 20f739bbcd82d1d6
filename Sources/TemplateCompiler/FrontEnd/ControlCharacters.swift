/// Refuses ASCII control characters in a page file before parsing. Swift does not allow them in source (other than
/// the whitespace ones), and swift-syntax 603 traps on one placed before an `=` with spaces around both
/// (`let page \u{17}= Page(...)`: its "consistent whitespace" Fix-It has no change to make, which `FixIt.init`
/// refuses with a fatal error; found by fuzzing `tplgen compile`). Vertical tabs and form feeds are whitespace to
/// Swift, but the same Fix-It traps on them too (`let page =\u{0B}\u{0B} Page(...)`, found by a long fuzzing run), and
/// nobody means to write them. An editor can leave one behind unseen, so it gets an error with its place instead.
enum ControlCharacters {
    /// The 1-based line and UTF-8 column of the first control character other than tab, line feed and carriage
    /// return, and its code; nil when there is none.
    static func first(in text: String) -> (line: Int, column: Int, code: UInt8)? {
        var line = 1, lineStart = 0
        for (i, byte) in text.utf8.enumerated() {
            switch byte {
            case UInt8(ascii: "\n"):
                line += 1
                lineStart = i + 1
            case 0x09, 0x0D:
                continue
            case 0x00..<0x20, 0x7F:
                return (line, i - lineStart + 1, byte)
            default:
                continue
            }
        }
        return nil
    }
}
