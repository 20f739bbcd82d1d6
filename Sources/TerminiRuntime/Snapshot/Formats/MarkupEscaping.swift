/// Escapes text for XML and HTML: the five markup characters, and control characters as replacement characters
/// (XML 1.0 cannot hold them at all).
enum MarkupEscaping {
    static func escape(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            case _ where scalar.value < 0x20 || (0x7F..<0xA0).contains(scalar.value): out += "\u{FFFD}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
