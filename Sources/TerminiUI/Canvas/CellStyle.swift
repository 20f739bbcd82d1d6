/// A terminal colour: the default colour or a palette index (0 black 1 red 2 green 3 yellow 4 blue 5 magenta 6 cyan 7 white 8 gray, up to 255).
public enum TerminalColor: Hashable, Sendable {
    case `default`
    case index(UInt8)

    /// Packed form used inside `Cell`: 0 is the default colour, 0x100 | n is palette index n.
    @inline(__always) var packed: UInt64 {
        switch self {
        case .default: 0
        case .index(let n): 0x100 | UInt64(n)
        }
    }

    @inline(__always) init(packed: UInt64) {
        self = packed & 0x100 == 0 ? .default : .index(UInt8(truncatingIfNeeded: packed))
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

    /// Bits 32..<58 of a packed cell: foreground (9 bits), background (9 bits), attributes (8 bits).
    @inline(__always) var packed: UInt64 {
        (foreground.packed << 32) | (background.packed << 41) | (UInt64(attributes.rawValue) << 50)
    }

    @inline(__always) init(packed: UInt64) {
        foreground = TerminalColor(packed: (packed >> 32) & 0x1FF)
        background = TerminalColor(packed: (packed >> 41) & 0x1FF)
        attributes = CellAttributes(rawValue: UInt8(truncatingIfNeeded: packed >> 50))
    }
}
