/// The scroll position a focused ListView, ScrollView or Log shows in its last column: a thumb `┃` on a track `│`,
/// the thumb as tall as the share of the content in view (at least one row) and at the bottom exactly when the
/// view is at the end; nothing while the content is empty. Public so that a screen check (the bench's) can expect the same glyphs.
public enum ScrollIndicator {
    public static let thumbGlyph: Character = "┃"
    public static let trackGlyph: Character = "│"

    /// The thumb's first row and height on a track of `track` rows, for `viewport` rows shown from `offset` of
    /// `total`. Content that fits fills the whole track.
    public static func thumb(offset: Int, viewport: Int, total: Int, track: Int) -> (top: Int, height: Int) {
        guard total > viewport, total > 0, track > 0 else { return (0, max(0, track)) }
        let height = min(track, max(1, track * viewport / total))
        let room = track - height
        let maxOffset = max(1, total - viewport)
        let top = offset >= maxOffset ? room : min(room, (room * max(0, offset) + maxOffset / 2) / maxOffset)
        return (top, height)
    }

    /// Whether track row `row` is part of the thumb.
    public static func isThumb(row: Int, thumb: (top: Int, height: Int)) -> Bool {
        row >= thumb.top && row < thumb.top + thumb.height
    }

    /// The glyph of track row `row`.
    public static func glyph(row: Int, thumb: (top: Int, height: Int)) -> Character {
        isThumb(row: row, thumb: thumb) ? thumbGlyph : trackGlyph
    }

    /// The glyphs as strings, made once: painting puts them every frame.
    static let thumbText = String(thumbGlyph), trackText = String(trackGlyph)
}
