import Testing
@testable import TerminiTemplate

/// The widths `TextWidth` answers without looking up Unicode properties agree with the properties.
@Suite struct TextWidthRangeTests {
    @Test func boxDrawingBlocksAndShapesAreAsWideAsTheirPropertiesSay() {
        for v in UInt32(0x2500)..<0x2600 {
            let scalar = Unicode.Scalar(v)!
            let expected = TextWidth.isWide(v) ? 2 : TextWidth.propertyWidth(scalar)
            #expect(TextWidth.scalarWidth(scalar) == expected, "U+\(String(v, radix: 16, uppercase: true))")
        }
    }
}
