import TerminiUI

/// The screen as a self-contained HTML page: a `<pre>` in the default colours with one `<span>` per run of style.
/// The text stays text: it can be selected, searched and read by a screen reader.
public enum HTMLScreenPicture {
    public static func render(_ screen: CellBuffer, colors: ScreenColors) -> String {
        var rows: [String] = []
        for y in 0..<screen.height {
            var row = ""
            for run in ScreenRun.runs(of: screen, row: y, trimmingBlankEnd: true) {
                let text = MarkupEscaping.escape(run.text)
                guard run.style != .plain else { row += text; continue }
                let (fg, bg) = colors.resolve(run.style)
                var css = "color:\(fg.hex)"
                if bg != colors.background { css += ";background:\(bg.hex)" }
                if run.style.attributes.contains(.bold) { css += ";font-weight:bold" }
                if run.style.attributes.contains(.italic) { css += ";font-style:italic" }
                if run.style.attributes.contains(.underline) { css += ";text-decoration:underline" }
                if run.style.attributes.contains(.dim) { css += ";opacity:0.6" }
                row += "<span style=\"\(css)\">\(text)</span>"
            }
            rows.append(row)
        }
        return """
            <!DOCTYPE html>
            <html>
            <head>
            <meta charset="utf-8">
            <title>termini snapshot</title>
            <style>
            pre.termini { display: inline-block; margin: 0; padding: 0;
              width: \(screen.width)ch; min-height: \(screen.height * 12 / 10).\(screen.height * 12 % 10)em;
              color: \(colors.foreground.hex); background: \(colors.background.hex);
              font: 14px/1.2 ui-monospace, 'DejaVu Sans Mono', Menlo, Consolas, monospace; }
            </style>
            </head>
            <body>
            <pre class="termini">\(rows.joined(separator: "\n"))</pre>
            </body>
            </html>

            """
    }
}
