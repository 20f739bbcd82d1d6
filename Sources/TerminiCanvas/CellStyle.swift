/// A terminal colour: the default colour or a palette index (0 black 1 red 2 green 3 yellow 4 blue 5 magenta 6 cyan 7 white 8 gray, up to 255).
public enum TerminalColor: Hashable, Sendable {
    case `default`
    /// Entry n of the terminal's 256-colour palette (0–15 are the sixteen named colours).
    case index(UInt8)
    /// A 24-bit colour (`#rrggbb`): shown as itself on a terminal with direct colour, else as the nearest palette
    /// colour the terminal has.
    case rgb(UInt8, UInt8, UInt8)

    /// Packed form used inside `Cell`, 16 bits: 0 is the default colour, 0x100 | n palette index n, and
    /// 0x8000 | id an RGB colour interned in `RGBColorTable` (one the full table cannot take keeps its nearest
    /// palette colour instead).
    @inline(__always) package var packed: UInt64 {
        switch self {
        case .default: 0
        case .index(let n): 0x100 | UInt64(n)
        case .rgb(let r, let g, let b):
            if let id = RGBColorTable.id(r: r, g: g, b: b) { 0x8000 | UInt64(id) }
            else { 0x100 | UInt64(ColorPalette.nearest(r: Int(r), g: Int(g), b: Int(b), among: 256)) }
        }
    }

    @inline(__always) init(packed: UInt64) {
        if packed & 0x8000 != 0 {
            let c = RGBColorTable.color(id: UInt16(truncatingIfNeeded: packed & 0x7FFF))
            self = .rgb(c.r, c.g, c.b)
        } else {
            self = packed & 0x100 == 0 ? .default : .index(UInt8(truncatingIfNeeded: packed))
        }
    }

    /// The palette colour to show on a terminal with `count` colours (256, 16 or 8): RGB colours become the
    /// nearest entry, palette entries past `count` the nearest of the first 16.
    public func nearestPaletteIndex(among count: Int) -> UInt8? {
        switch self {
        case .default: return nil
        case .index(let n):
            if Int(n) < count { return n }
            let c = ColorPalette.rgb(n)
            return ColorPalette.nearest(r: c.r, g: c.g, b: c.b, among: min(count, 16))
        case .rgb(let r, let g, let b):
            return ColorPalette.nearest(r: Int(r), g: Int(g), b: Int(b), among: count >= 256 ? 256 : min(count, 16))
        }
    }

    /// The colour as RGB: palette entries as xterm draws them.
    public var rgbComponents: (r: Int, g: Int, b: Int)? {
        switch self {
        case .default: nil
        case .index(let n): ColorPalette.rgb(n)
        case .rgb(let r, let g, let b): (Int(r), Int(g), Int(b))
        }
    }
}

/// Text attributes of a cell.
public struct CellAttributes: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    public static let bold = CellAttributes(rawValue: 1 << 0)
    public static let dim = CellAttributes(rawValue: 1 << 1)
    public static let italic = CellAttributes(rawValue: 1 << 2)
    public static let underline = CellAttributes(rawValue: 1 << 3)
    public static let reverse = CellAttributes(rawValue: 1 << 4)
}

/// Colours and attributes of a cell.
public struct CellStyle: Hashable, Sendable {
    public var foreground: TerminalColor
    public var background: TerminalColor
    public var attributes: CellAttributes

    public init(foreground: TerminalColor = .default, background: TerminalColor = .default, attributes: CellAttributes = []) {
        self.foreground = foreground
        self.background = background
        self.attributes = attributes
    }

    public static let plain = CellStyle()

    /// Where the fields sit in a packed cell: foreground (16 bits), background (16 bits), attributes (8 bits).
    static let foregroundShift: UInt64 = 22, backgroundShift: UInt64 = 38, attributesShift: UInt64 = 54

    /// Bits 22..<62 of a packed cell.
    @inline(__always) package var packed: UInt64 {
        (foreground.packed << Self.foregroundShift) | (background.packed << Self.backgroundShift)
            | (UInt64(attributes.rawValue) << Self.attributesShift)
    }

    @inline(__always) init(packed: UInt64) {
        foreground = TerminalColor(packed: (packed >> Self.foregroundShift) & 0xFFFF)
        background = TerminalColor(packed: (packed >> Self.backgroundShift) & 0xFFFF)
        attributes = CellAttributes(rawValue: UInt8(truncatingIfNeeded: packed >> Self.attributesShift))
    }
}
