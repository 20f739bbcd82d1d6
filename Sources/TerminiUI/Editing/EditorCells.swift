import TerminiTemplate

/// How an editor's text is drawn in cells: as `TextWidth` says, except that a tab is four spaces wide (drawn into
/// a cell as it is, a tab would move the terminal's cursor behind the frame's back).
public enum EditorCells {
    static let tabWidth = 4

    /// Columns `c` takes.
    @inline(__always) public static func width(_ c: Character) -> Int { c == "\t" ? tabWidth : TextWidth.of(c) }

    /// Columns `text` takes.
    static func width(_ text: Substring) -> Int {
        var total = 0
        for c in text { total += width(c) }
        return total
    }

    /// `text` as drawn: tabs as spaces, or one `•` per grapheme when `secure`.
    static func shown(_ text: Substring, secure: Bool) -> String {
        if secure { return String(repeating: "•", count: text.count) }
        guard text.utf8.contains(0x09) else { return String(text) }
        var out = ""
        for c in text { if c == "\t" { out += "    " } else { out.append(c) } }
        return out
    }
}
