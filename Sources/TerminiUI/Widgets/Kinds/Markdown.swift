import TerminiTemplate

/// `Markdown`: the text rendered by `MarkdownLayout` (Ink's CommonMark parser underneath) at the available width:
/// headings bold (the first level underlined too), emphasis, inline code in cyan, fenced code blocks highlighted in
/// their language (`CodeHighlighter`, in the theme's `code.*` styles), lists with `•` or numbers, block quotes behind
/// `│`, rules, GitHub tables in borders with their cells wrapped, and links as underlined OSC 8 hyperlinks followed
/// by their URL.
extension MarkdownProps: StatefulWidget {
    static var traits: WidgetTraits { [] }

    typealias State = MarkdownState

    func layout(_ e: Element, in pass: LayoutPass, maxWidth: Int, maxHeight: Int, minWidth: Int) -> (Int, Int) {
        let state = Self.state(e)
        let width = maxWidth >= LayoutPass.unbounded ? 80 : maxWidth
        if state.text != text || state.width != width {
            state.lines = MarkdownLayout.lines(text, width: width)
            state.text = text
            state.width = width
        }
        let widest = state.lines.map { $0.reduce(0) { $0 + TextWidth.of($1.text) } }.max() ?? 0
        return (min(maxWidth, widest), min(state.lines.count, maxHeight))
    }

    func paint(_ e: Element, x: Int, y: Int, clip: CellRect, in pass: PaintPass) {
        let state = Self.state(e)
        for (row, line) in state.lines.enumerated() where row < e.box.height {
            var column = x
            for run in line {
                let style = run.themeClass.map { pass.themeStyle($0, fallback: run.style) } ?? run.style
                pass.put(run.text, x: column, y: y + row, style: style, clip: clip, link: run.link)
                column += TextWidth.of(run.text)
            }
        }
    }
}

/// The laid-out lines of a Markdown widget, kept until its text or width changes.
final class MarkdownState: WidgetState {
    var text: String?
    var width = -1
    var lines: [MarkdownLayout.Line] = []
}
