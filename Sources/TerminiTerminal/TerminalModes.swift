/// The terminal's private modes the backend turns on while an app runs, and the bytes that switch them on and off:
/// mouse reports (press, release and wheel, SGR-encoded so any column can be reported), bracketed paste, and, where
/// the terminal answers the query, the kitty keyboard protocol's "disambiguate" level.
struct TerminalModes {
    var mouse: Bool
    /// The terminal answered the kitty query and the backend pushed its flags, which must be popped on exit.
    var kittyKeyboard = false

    /// Mouse press/release (1000) in SGR form (1006); bracketed paste (2004); the kitty protocol's support query
    /// (`CSI ? u`), which a terminal without it ignores.
    var enableBytes: [UInt8] {
        Array(((mouse ? "\u{1B}[?1000h\u{1B}[?1006h" : "") + "\u{1B}[?2004h\u{1B}[?u").utf8)
    }

    /// Everything `enableBytes` and the kitty push turned on, off again.
    var disableBytes: [UInt8] {
        (kittyKeyboard ? Self.popKittyKeyboard : []) + Self.bracketedPasteOff + (mouse ? Self.mouseOff : [])
    }

    /// Level 1 of the kitty protocol: Esc, Alt and Ctrl chords each arrive as one unambiguous sequence.
    static let pushKittyKeyboard = Array("\u{1B}[>1u".utf8)
    static let popKittyKeyboard = Array("\u{1B}[<u".utf8)
    static let bracketedPasteOff = Array("\u{1B}[?2004l".utf8)
    /// Every xterm mouse mode a program may have turned on, all off; a terminal ignores private modes it lacks.
    static let mouseOff = Array("\u{1B}[?1003l\u{1B}[?1002l\u{1B}[?1000l\u{1B}[?1006l\u{1B}[?1005l\u{1B}[?1015l".utf8)
}
