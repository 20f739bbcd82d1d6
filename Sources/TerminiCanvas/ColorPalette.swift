/// The xterm palette as RGB, and the nearest palette entry to any RGB colour: how `#rrggbb` colours reach a terminal
/// that has 256 colours, and how those reach one that has 16.
public enum ColorPalette {
    /// The RGB value of xterm palette entry `index` (the 16 system colours as xterm draws them by default).
    public static func rgb(_ index: UInt8) -> (r: Int, g: Int, b: Int) {
        let i = Int(index)
        if i < 16 { return system[i] }
        if i >= 232 { let v = 8 + (i - 232) * 10; return (v, v, v) }
        let c = i - 16
        return (cubeLevels[c / 36], cubeLevels[(c / 6) % 6], cubeLevels[c % 6])
    }

    /// The palette entry nearest `rgb` among the first `count` entries (16 or 256). Above 16 the system colours are
    /// left out: terminals theme them, so only the cube and the grays are the colours they claim to be.
    public static func nearest(r: Int, g: Int, b: Int, among count: Int) -> UInt8 {
        let range = count >= 256 ? 16..<256 : 0..<min(16, max(1, count))
        var best = range.lowerBound, bestDistance = Int.max
        for i in range {
            let p = rgb(UInt8(i))
            // Weighted for the eye's sensitivity, which keeps mid greens from turning gray.
            let dr = p.r - r, dg = p.g - g, db = p.b - b
            let d = 3 * dr * dr + 4 * dg * dg + 2 * db * db
            if d < bestDistance { bestDistance = d; best = i }
        }
        return UInt8(best)
    }

    /// `#rrggbb` as its three components, or nil when it is not six hex digits after `#`.
    public static func parseHex(_ text: String) -> (r: Int, g: Int, b: Int)? {
        guard text.count == 7, text.hasPrefix("#"), let v = Int(text.dropFirst(), radix: 16) else { return nil }
        return ((v >> 16) & 0xFF, (v >> 8) & 0xFF, v & 0xFF)
    }

    private static let cubeLevels = [0, 95, 135, 175, 215, 255]
    private static let system: [(r: Int, g: Int, b: Int)] = [
        (0, 0, 0), (205, 0, 0), (0, 205, 0), (205, 205, 0), (0, 0, 238), (205, 0, 205), (0, 205, 205), (229, 229, 229),
        (127, 127, 127), (255, 0, 0), (0, 255, 0), (255, 255, 0), (92, 92, 255), (255, 0, 255), (0, 255, 255),
        (255, 255, 255),
    ]
}

extension TerminalColor {
    /// The colour `#rrggbb`; nil when the text is not such a colour.
    public init?(hex: String) {
        guard let c = ColorPalette.parseHex(hex) else { return nil }
        self = .rgb(UInt8(c.r), UInt8(c.g), UInt8(c.b))
    }

    /// A colour as themes and `app.json` write it: a name (`red`, `brightBlue`, `gray`, `default`), `#rrggbb`, or
    /// a palette index 0–255 as a number or a numeric string.
    public init?(name: String) {
        if name.hasPrefix("#") { self.init(hex: name); return }
        if let n = Int(name) {
            guard (0...255).contains(n) else { return nil }
            self = .index(UInt8(n)); return
        }
        guard let i = Self.names.firstIndex(of: name) else { return nil }
        self = i == 0 ? .default : .index(UInt8(i - 1))
    }

    /// The colour names in palette order, after `default`.
    public static let names = ["default", "black", "red", "green", "yellow", "blue", "magenta", "cyan", "white", "gray",
                               "brightRed", "brightGreen", "brightYellow", "brightBlue", "brightMagenta", "brightCyan",
                               "brightWhite"]
}
