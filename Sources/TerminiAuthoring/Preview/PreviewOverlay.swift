import TerminiUI

/// The compile or script error box that `termini preview` draws over the last good screen, at the bottom; the
/// engine's compositor puts it above everything else.
final class PreviewErrorLayer: CompositorLayer {
    /// The diagnostic's lines; nil hides the box.
    var lines: [String]?

    func frame(in screen: CellRect) -> CellRect { lines == nil ? CellRect(x: 0, y: 0, width: 0, height: 0) : screen }
    func paint(into buffer: inout CellBuffer, frame: CellRect) { if let lines { Self.paint(lines, into: &buffer) } }
    /// The app underneath stays usable while the author fixes the error.
    var inputPolicy: LayerInputPolicy { .passThrough }

    static func paint(_ lines: [String], into buffer: inout CellBuffer) {
        let width = buffer.width
        guard width > 2, buffer.height > 2, !lines.isEmpty else { return }
        // A long diagnostic wraps instead of losing its end ("did you mean '.bold'?") at the right edge.
        let wrapped = lines.flatMap { TextLayout.lines($0, width: width - 2, wrap: true) }
        let shownLines = Array(wrapped.prefix(max(1, buffer.height / 2)))
        let top = buffer.height - shownLines.count - 1
        let banner = CellStyle(foreground: .index(7), background: .index(1), attributes: [.bold])
        let body = CellStyle(foreground: .index(7), background: .index(0))
        buffer.fill(x: 0, y: top, width: width, height: 1, with: Cell(character: " ", style: banner, isWideContinuation: false))
        _ = buffer.write(" preview: the last good screen is shown; fix the error and save ", x: 0, y: top, style: banner, maxWidth: width)
        for (i, line) in shownLines.enumerated() {
            let y = top + 1 + i
            buffer.fill(x: 0, y: y, width: width, height: 1, with: Cell(character: " ", style: body, isWideContinuation: false))
            _ = buffer.write(line, x: 1, y: y, style: body, maxWidth: width - 2)
        }
    }
}
