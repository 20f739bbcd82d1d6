/// The OSC 8 hyperlink escape sequences, as the terminal backend and the snapshot's ANSI form write them. The URL's
/// control characters are dropped: a URL cannot end the sequence early and write escapes of its own.
public enum HyperlinkSequence {
    /// Starts a link to `url`: the text after it, up to `close`, is the link.
    public static func open(_ url: String) -> String {
        let safe = String(String.UnicodeScalarView(url.unicodeScalars.filter { $0.value >= 0x20 && $0.value != 0x7F && !(0x80..<0xA0).contains($0.value) }))
        return "\u{1B}]8;;" + safe + "\u{1B}\\"
    }

    /// Ends the link.
    public static let close = "\u{1B}]8;;\u{1B}\\"
}
