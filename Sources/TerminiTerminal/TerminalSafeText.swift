/// Text made safe to write to a terminal on any stream: control characters other than newline and tab are shown
/// in caret notation (`^[` for Esc, `^G` for BEL, `^?` for DEL, `^[` `[`… for the C1 controls), so an app's error
/// message, log line or file name can never set the title, write the clipboard, clear the screen or hide the
/// cursor of the terminal it is printed to. The screen itself is safe already: cells never hold control characters.
public enum TerminalSafeText {
    public static func sanitized(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isControl) else { return text }
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x0A, 0x09: out.append(scalar)
            case 0..<0x20:
                out.append("^")
                out.append(Unicode.Scalar(UInt8(scalar.value + 0x40)))
            case 0x7F:
                out.append(contentsOf: "^?".unicodeScalars)
            case 0x80..<0xA0:
                // A C1 control is the 7-bit Esc and a letter to terminals that take 8-bit controls.
                out.append(contentsOf: "^[".unicodeScalars)
                out.append(Unicode.Scalar(UInt8(scalar.value - 0x40)))
            default: out.append(scalar)
            }
        }
        return String(out)
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        (scalar.value < 0x20 && scalar.value != 0x0A && scalar.value != 0x09) || (0x7F..<0xA0).contains(scalar.value)
    }
}
