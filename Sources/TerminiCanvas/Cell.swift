/// One terminal cell.
///
/// Stored as one 64-bit word so that buffers are flat arrays that compare with a single integer test per cell:
/// bits 0..<22 the character code (a Unicode scalar, or an index into `GraphemeTable` for multi-scalar
/// characters), 22..<62 the style (two 16-bit colours and the attributes), bit 62 the wide-continuation flag, bit 63
/// whether the cell is part of a hyperlink (its URL is in the buffer's link layer, `CellBuffer.link(atX:y:)`).
public struct Cell: Hashable, Sendable {
    @usableFromInline var bits: UInt64

    @usableFromInline static let codeMask: UInt64 = 0x3F_FFFF
    static let styleMask: UInt64 = 0xFF_FFFF_FFFF << 22
    static let continuationBit: UInt64 = 1 << 62
    static let linkBit: UInt64 = 1 << 63

    @inline(__always) init(bits: UInt64) { self.bits = bits }

    public init(character: Character = " ", style: CellStyle = .plain, isWideContinuation: Bool = false) {
        bits = UInt64(GraphemeTable.code(for: character)) | style.packed | (isWideContinuation ? Cell.continuationBit : 0)
    }

    @inline(__always) init(code: UInt32, style: CellStyle) {
        bits = UInt64(code) | style.packed
    }

    /// " " when blank; the lead cell of a wide character holds it.
    public var character: Character {
        get { GraphemeTable.character(for: code) }
        set { bits = (bits & ~Cell.codeMask) | UInt64(GraphemeTable.code(for: newValue)) }
    }

    public var style: CellStyle {
        get { CellStyle(packed: bits) }
        set { bits = (bits & ~Cell.styleMask) | newValue.packed }
    }

    /// The right half of a 2-column character: backends skip it.
    public var isWideContinuation: Bool {
        get { bits & Cell.continuationBit != 0 }
        set { if newValue { bits |= Cell.continuationBit } else { bits &= ~Cell.continuationBit } }
    }

    /// Whether the cell belongs to a hyperlink (OSC 8). Any write of new text over it clears this.
    public var isLinked: Bool { bits & Cell.linkBit != 0 }

    @usableFromInline @inline(__always) var code: UInt32 { UInt32(truncatingIfNeeded: bits & Cell.codeMask) }

    /// The character's one Unicode scalar value, for the cells that hold a single scalar (nearly all): a backend
    /// writes it without making a `Character` of it. Nil for a character of several scalars.
    @inlinable public var scalarValue: UInt32? {
        code < GraphemeTable.firstTableCode ? code : nil
    }

    /// Gives the cell `foreground` and `background` where it has the default colour, and adds `attributes`, on the
    /// packed bits (colours as `TerminalColor.packed`, nil for none): a theme's or a focus highlight's pass over
    /// every cell of a box neither decodes nor re-encodes a style.
    @inline(__always) package mutating func decorate(foreground: UInt64?, background: UInt64?, attributes: CellAttributes) {
        let colorMask: UInt64 = 0xFFFF
        if let foreground, bits & (colorMask << CellStyle.foregroundShift) == 0 { bits |= foreground << CellStyle.foregroundShift }
        if let background, bits & (colorMask << CellStyle.backgroundShift) == 0 { bits |= background << CellStyle.backgroundShift }
        bits |= UInt64(attributes.rawValue) << CellStyle.attributesShift
    }

    public static let blank = Cell(bits: 0x20)
}
