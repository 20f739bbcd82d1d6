/// Pasted text made fit for a text input: a TextArea keeps its lines and tabs (a terminal's `\r` and `\r\n` line
/// ends become `\n`); a one-line field gets a single space for each newline or tab. Other control characters are
/// dropped either way, since drawn into a cell they would be sent to the terminal as they are.
public enum PastedText {
    public static func cleaned(_ text: String, multiline: Bool) -> String {
        var text = text
        // The usual paste has no control character but newlines and tabs: a TextArea takes it as it is.
        let needsWork = text.withUTF8 { bytes in
            bytes.contains { $0 == 0x7F || ($0 < 0x20 && (!multiline || ($0 != 0x0A && $0 != 0x09))) }
        }
        guard needsWork else { return text }
        return text.withUTF8 { bytes in
            var out: [UInt8] = []
            out.reserveCapacity(bytes.count)
            var i = 0
            while i < bytes.count {
                let byte = bytes[i]
                i += 1
                switch byte {
                case 0x0D:
                    if i < bytes.count && bytes[i] == 0x0A { i += 1 }
                    out.append(multiline ? 0x0A : 0x20)
                case 0x0A: out.append(multiline ? 0x0A : 0x20)
                case 0x09: out.append(multiline ? 0x09 : 0x20)
                case 0x7F, 0..<0x20: break
                default: out.append(byte)
                }
            }
            return String(decoding: out, as: UTF8.self)
        }
    }
}
