/// A line of tool output read as a terminal would read it: SGR sequences (`ESC [ … m`: colours in 16, 256 or 24-bit
/// form, bold, dim, italic, underline, reverse and their resets) become the styles of the text between them; every
/// other escape sequence (cursor moves, OSC titles and clipboard writes, DCS strings, …) and every other control
/// character is dropped, so a coloured line keeps its colours and nothing else reaches the screen.
public enum ANSIStyledText {
    /// One piece of the line in one style.
    public struct Run: Equatable, Sendable {
        public var text: String
        public var style: CellStyle
        public init(text: String, style: CellStyle) { self.text = text; self.style = style }
    }

    /// Whether `text` holds an escape at all: lines without one are drawn as plain text, on the fast path.
    @inline(__always) public static func hasEscape(_ text: String) -> Bool {
        text.utf8.contains(0x1B) || text.unicodeScalars.contains { $0.value == 0x9B }
    }

    /// `text` cut into runs of one style each, starting from `base`; SGR 0 (or an empty SGR) returns to `base`.
    public static func runs(_ text: String, base: CellStyle = .plain) -> [Run] {
        var runs: [Run] = []
        var style = base
        var current = String.UnicodeScalarView()
        let scalars = Array(text.unicodeScalars)
        var i = 0
        func flush() {
            guard !current.isEmpty else { return }
            if let last = runs.last, last.style == style { runs[runs.count - 1].text += String(current) }
            else { runs.append(Run(text: String(current), style: style)) }
            current = String.UnicodeScalarView()
        }
        while i < scalars.count {
            let scalar = scalars[i]
            let isCSI = scalar.value == 0x9B || (scalar.value == 0x1B && i + 1 < scalars.count && scalars[i + 1] == "[")
            if isCSI {
                // CSI: parameter and intermediate bytes, then one final byte (0x40–0x7E).
                var j = i + (scalar.value == 0x9B ? 1 : 2)
                let parametersStart = j
                while j < scalars.count, (0x20...0x3F).contains(scalars[j].value) { j += 1 }
                guard j < scalars.count else { i = j; break }  // cut off: nothing more to show
                let final = scalars[j]
                if final == "m" {
                    flush()
                    let parameters = String(String.UnicodeScalarView(scalars[parametersStart..<j]))
                    style = applying(parameters, to: style, base: base)
                }
                i = j + 1
                continue
            }
            if scalar.value == 0x1B {
                i = skipEscape(scalars, at: i)
                continue
            }
            if (0x90...0x9F).contains(scalar.value) {
                // C1 string controls (DCS, SOS, OSC, PM, APC) run to their terminator; other C1 controls are alone.
                i = [0x90, 0x98, 0x9D, 0x9E, 0x9F].contains(scalar.value) ? skipString(scalars, from: i + 1) : i + 1
                continue
            }
            if scalar.value < 0x20 || scalar.value == 0x7F || (0x80..<0xA0).contains(scalar.value) {
                // Other controls: a tab stays a space (its column is unknowable here), the rest go.
                if scalar.value == 0x09 { current.append(" ") }
                i += 1
                continue
            }
            current.append(scalar)
            i += 1
        }
        flush()
        return runs
    }

    /// The text alone, every escape and control removed.
    public static func plainText(_ text: String) -> String {
        runs(text).map(\.text).joined()
    }

    /// Past an escape that is not a CSI: a string (OSC, DCS, SOS, PM, APC) to its BEL or ST, or Esc with its
    /// intermediate bytes and final byte.
    private static func skipEscape(_ scalars: [Unicode.Scalar], at i: Int) -> Int {
        guard i + 1 < scalars.count else { return scalars.count }
        let next = scalars[i + 1]
        if ["]", "P", "X", "^", "_"].contains(next) { return skipString(scalars, from: i + 2) }
        var j = i + 1
        while j < scalars.count, (0x20...0x2F).contains(scalars[j].value) { j += 1 }
        return min(j + 1, scalars.count)
    }

    /// Past a control string's terminator: BEL, ST (`ESC \`) or the C1 ST; an unterminated string runs to the end.
    private static func skipString(_ scalars: [Unicode.Scalar], from start: Int) -> Int {
        var j = start
        while j < scalars.count {
            let v = scalars[j].value
            if v == 0x07 || v == 0x9C { return j + 1 }
            if v == 0x1B { return j + 1 < scalars.count && scalars[j + 1] == "\\" ? j + 2 : j + 1 }
            j += 1
        }
        return j
    }

    /// `style` after the SGR parameters `parameters` (`1;31`, `38;5;208`, `38:2::255:0:0`, …).
    static func applying(_ parameters: String, to style: CellStyle, base: CellStyle) -> CellStyle {
        guard parameters.allSatisfy({ $0.isNumber || $0 == ";" || $0 == ":" }) else { return style }  // private: ignored
        var style = style
        // Colon sub-parameters (`38:2::r:g:b`) are one parameter; semicolons separate parameters.
        let groups = parameters.split(separator: ";", omittingEmptySubsequences: false).map { group in
            group.split(separator: ":", omittingEmptySubsequences: false).map { Int($0) }
        }
        var k = 0
        while k < groups.count {
            let group = groups[k]
            let code = group.first.flatMap { $0 } ?? 0
            switch code {
            case 0: style = base
            case 1: style.attributes.insert(.bold)
            case 2: style.attributes.insert(.dim)
            case 3: style.attributes.insert(.italic)
            case 4: style.attributes.insert(.underline)
            case 7: style.attributes.insert(.reverse)
            case 22: style.attributes.remove(.bold); style.attributes.remove(.dim)
            case 23: style.attributes.remove(.italic)
            case 24: style.attributes.remove(.underline)
            case 27: style.attributes.remove(.reverse)
            case 30...37: style.foreground = .index(UInt8(code - 30))
            case 39: style.foreground = base.foreground
            case 40...47: style.background = .index(UInt8(code - 40))
            case 49: style.background = base.background
            case 90...97: style.foreground = .index(UInt8(code - 90 + 8))
            case 100...107: style.background = .index(UInt8(code - 100 + 8))
            case 38, 48:
                let color: TerminalColor?
                if group.count > 1 {
                    color = extendedColor(Array(group.dropFirst()), colonForm: true)
                } else {
                    let rest = groups[(k + 1)...].map { $0.first.flatMap { $0 } }
                    color = extendedColor(rest, colonForm: false)
                    k += rest.first == 5 ? 2 : rest.first == 2 ? 4 : 0
                }
                if let color {
                    if code == 38 { style.foreground = color } else { style.background = color }
                }
            default: break  // blink, conceal, fonts, …: not drawn, ignored
            }
            k += 1
        }
        return style
    }

    /// `5;n` or `2;r;g;b` (in the colon form `2:id:r:g:b` or `2:r:g:b`), nil when malformed or out of range.
    private static func extendedColor(_ values: [Int?], colonForm: Bool) -> TerminalColor? {
        guard let kind = values.first.flatMap({ $0 }) else { return nil }
        func byte(_ v: Int??) -> UInt8? {
            guard let v = v.flatMap({ $0 }), (0...255).contains(v) else { return nil }
            return UInt8(v)
        }
        if kind == 5 { return byte(values.count > 1 ? values[1] : nil).map { .index($0) } }
        guard kind == 2 else { return nil }
        var channels = Array(values.dropFirst())
        if colonForm && channels.count >= 4 { channels = Array(channels.suffix(3)) }  // the colour-space id is skipped
        guard channels.count >= 3, let r = byte(channels[0]), let g = byte(channels[1]), let b = byte(channels[2]) else {
            return nil
        }
        return .rgb(r, g, b)
    }
}
