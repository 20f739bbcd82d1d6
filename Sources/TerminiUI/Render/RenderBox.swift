import TerminiTemplate
/// Layout results for one element, owned by the render layer: the box the layout pass gave it, relative to its
/// parent widget's content origin, and the wrapped text lines it measured with. The reconciler never reads these.
final class RenderBox {
    @exclusivity(unchecked) var x = 0, y = 0, width = 0, height = 0
    /// Wrapped lines of text (a Text or an error box), cached with the width they were wrapped for.
    @exclusivity(unchecked) var lines: [String] = []
    var linesWidth = -1
    /// Display width of the widest of `lines`.
    var linesMaxWidth = 0

    /// Forgets the wrapped lines, so the next layout measures the text again.
    func invalidateText() { linesWidth = -1 }

    /// Wraps `text` for `width` unless it is already wrapped for that width.
    func wrap(_ text: String, width: Int, wrap: Bool) {
        guard linesWidth != width else { return }
        lines = TextLayout.lines(text, width: width, wrap: wrap)
        linesWidth = width
        var widest = 0
        for line in lines { widest = max(widest, TextWidth.of(line)) }
        linesMaxWidth = widest
    }
}
