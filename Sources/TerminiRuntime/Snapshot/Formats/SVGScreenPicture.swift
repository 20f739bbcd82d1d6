import TerminiUI

/// The screen as an SVG picture: one rectangle per run of background colour, one text element per run of style,
/// each stretched to its cells' width so columns line up whatever monospace font the viewer picks.
public enum SVGScreenPicture {
    /// The size of one cell in pixels, and the font size, close to a 14-pixel monospace font's own.
    static let cellWidth = 8.4, cellHeight = 17.0, fontSize = 14.0

    public static func render(_ screen: CellBuffer, colors: ScreenColors) -> String {
        let width = Double(screen.width) * cellWidth, height = Double(screen.height) * cellHeight
        var backgrounds = "", texts = ""
        for y in 0..<screen.height {
            let top = Double(y) * cellHeight
            for run in ScreenRun.runs(of: screen, row: y, trimmingBlankEnd: false) {
                let (fg, bg) = colors.resolve(run.style)
                let left = Double(run.column) * cellWidth, runWidth = Double(run.width) * cellWidth
                if bg != colors.background {
                    backgrounds += "<rect x=\"\(number(left))\" y=\"\(number(top))\" width=\"\(number(runWidth))\" "
                        + "height=\"\(number(cellHeight))\" fill=\"\(bg.hex)\"/>\n"
                }
                guard run.text.contains(where: { $0 != " " }) || run.style.attributes.contains(.underline) else { continue }
                var attributes = "x=\"\(number(left))\" y=\"\(number(top + cellHeight * 0.78))\" fill=\"\(fg.hex)\""
                attributes += " textLength=\"\(number(runWidth))\" lengthAdjust=\"spacingAndGlyphs\""
                if run.style.attributes.contains(.bold) { attributes += " font-weight=\"bold\"" }
                if run.style.attributes.contains(.italic) { attributes += " font-style=\"italic\"" }
                if run.style.attributes.contains(.underline) { attributes += " text-decoration=\"underline\"" }
                if run.style.attributes.contains(.dim) { attributes += " fill-opacity=\"0.6\"" }
                texts += "<text \(attributes)>\(MarkupEscaping.escape(run.text))</text>\n"
            }
        }
        return """
            <svg xmlns="http://www.w3.org/2000/svg" width="\(number(width))" height="\(number(height))" viewBox="0 0 \(number(width)) \(number(height))">
            <rect width="100%" height="100%" fill="\(colors.background.hex)"/>
            <g shape-rendering="crispEdges">
            \(backgrounds)</g>
            <g font-family="ui-monospace, 'DejaVu Sans Mono', Menlo, Consolas, monospace" font-size="\(number(fontSize))" xml:space="preserve">
            \(texts)</g>
            </svg>

            """
    }

    /// A coordinate with at most two decimals, without a trailing `.0`.
    private static func number(_ value: Double) -> String {
        let rounded = (value * 100).rounded() / 100
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }
}
