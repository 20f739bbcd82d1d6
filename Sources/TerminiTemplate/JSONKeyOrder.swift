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
}
