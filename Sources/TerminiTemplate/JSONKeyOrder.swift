/// The order in which a JSON text writes the keys of one object. `JSONValue` objects are dictionaries, which keep
/// no order; where the order means something (the first theme of `app.json` is the default) it is read from the
/// text with this.
public enum JSONKeyOrder {
    /// The keys of the object at top-level key `member`, in written order; empty when the text has no such
    /// object. The text is assumed to parse (callers parse it first): this only tracks strings and nesting.
    public static func keys(ofMember member: String, in text: String) -> [String] {
        var depth = 0
        var keys: [String] = []
        var inMember = false
        var lastString: String?
        var iterator = text.unicodeScalars.makeIterator()
        while let c = iterator.next() {
            switch c {
            case "\"":
                var s = String.UnicodeScalarView()
                while let d = iterator.next(), d != "\"" {
                    if d == "\\" {
                        // Escapes inside keys are rare; keep the escaped character (a \uXXXX keeps its text).
                        if let e = iterator.next() { s.append(e) }
                    } else {
                        s.append(d)
                    }
                }
                lastString = String(s)
            case ":":
                if let key = lastString {
                    if depth == 1 { inMember = key == member }
                    else if depth == 2 && inMember { keys.append(key) }
                }
                lastString = nil
            case "{", "[":
                depth += 1
                lastString = nil
            case "}", "]":
                depth -= 1
                if depth == 1 && inMember && !keys.isEmpty { return keys }
                lastString = nil
            default:
                if !c.properties.isWhitespace { lastString = nil }
            }
        }
        return keys
    }

    /// The 1-based line of the key at the end of `path` (keys from the top-level object down, e.g.
    /// `["themes", "dark", "Buton:focused"]`), for errors that name a file and line; nil when the text has no such
    /// key. The text is assumed to parse, as for `keys(ofMember:in:)`.
    public static func line(ofKeyPath path: [String], in text: String) -> Int? {
        guard !path.isEmpty else { return nil }
        var line = 1
        var depth = 0
        // The key each open object was entered under, from the top-level object down.
        var keys: [String?] = []
        var lastString: String?
        var lastStringLine = 1
        var iterator = text.unicodeScalars.makeIterator()
        while let c = iterator.next() {
            switch c {
            case "\n":
                line += 1
            case "\"":
                lastStringLine = line
                var s = String.UnicodeScalarView()
                while let d = iterator.next(), d != "\"" {
                    if d == "\\" {
                        if let e = iterator.next() { s.append(e) }
                    } else {
                        if d == "\n" { line += 1 }
                        s.append(d)
                    }
                }
                lastString = String(s)
            case ":":
                if let key = lastString, depth >= 1 {
                    keys = Array(keys.prefix(depth - 1)) + [key]
                    if keys.count == path.count, keys.elementsEqual(path.map(Optional.some)) { return lastStringLine }
                }
                lastString = nil
            case "{", "[":
                depth += 1
                // An array's items have no key: a nil holds its level, so no key inside it matches a shorter path.
                if c == "[" { keys = Array(keys.prefix(depth - 1)) + [nil] }
                lastString = nil
            case "}", "]":
                depth -= 1
                keys = Array(keys.prefix(max(0, depth)))
                lastString = nil
            default:
                if !c.properties.isWhitespace { lastString = nil }
            }
        }
        return nil
    }
}
