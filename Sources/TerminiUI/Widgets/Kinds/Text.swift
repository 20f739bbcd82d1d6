/// `Text`: a run of text, wrapped at the available width (at spaces where it can) unless `wrap` is false, when a
/// line that does not fit ends in `…`. The http(s) URLs it shows are hyperlinks (OSC 8) to themselves.
extension TextProps: WidgetBehavior {
    static var traits: WidgetTraits { [] }

    /// Colour and style change no sizes.
    func hasSameLayout(as other: TextProps) -> Bool { text == other.text && wrap == other.wrap }

    func layout(_ e: Element, in pass: LayoutPass, maxWidth: Int, maxHeight: Int, minWidth: Int) -> (Int, Int) {
        e.box.wrap(text, width: maxWidth, wrap: wrap)
        return (min(e.box.linesMaxWidth, maxWidth), min(e.box.lines.count, maxHeight))
    }

    func paint(_ e: Element, x: Int, y: Int, clip: CellRect, in pass: PaintPass) {
        let cellStyle = CellStyle(foreground: TerminalColor(color), attributes: CellAttributes(style))
        let urls = e.box.lines.count > 1 ? LinkedURLs.find(in: text).map(\.url) : []
        for (i, line) in e.box.lines.enumerated() where i < e.box.height {
            let shown = wrap ? line : TextFit.truncate(line, width: e.box.width)
            pass.put(shown, x: x, y: y + i, style: cellStyle, clip: clip)
            pass.linkURLs(in: shown, x: x, y: y + i, clip: clip, whole: urls)
        }
    }
}
