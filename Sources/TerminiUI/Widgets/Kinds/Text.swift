import TerminiTemplate

/// `Text`: a run of text, wrapped at the available width (at spaces where it can) unless `wrap` is false, when a
/// line that does not fit ends in `…`. The http(s) URLs it shows are hyperlinks (OSC 8) to themselves.
/// With `markup:`, the spans the compiler read from the markup are laid out as one text and each keeps its style.
extension TextProps: WidgetBehavior {
    static var traits: WidgetTraits { [] }

    /// Colour and style change no sizes.
    func hasSameLayout(as other: TextProps) -> Bool {
        guard text == other.text, wrap == other.wrap else { return false }
        switch (markup, other.markup) {
        case (nil, nil): return true
        case (let spans?, let others?):
            return spans.count == others.count && zip(spans, others).allSatisfy { $0.text == $1.text }
        default: return false
        }
    }

    /// What the Text shows: its text, or its spans' texts one after another.
    var shownText: String {
        guard let markup else { return text }
        if markup.count == 1 { return markup[0].text }
        var out = ""
        for span in markup { out += span.text }
        return out
    }

    func layout(_ e: Element, in pass: LayoutPass, maxWidth: Int, maxHeight: Int, minWidth: Int) -> (Int, Int) {
        e.box.wrap(shownText, width: maxWidth, wrap: wrap)
        return (min(e.box.linesMaxWidth, maxWidth), min(e.box.lines.count, maxHeight))
    }

    func paint(_ e: Element, x: Int, y: Int, clip: CellRect, in pass: PaintPass) {
        let cellStyle = CellStyle(foreground: TerminalColor(color), attributes: CellAttributes(style))
        if let markup {
            paintSpans(markup, e, x: x, y: y, clip: clip, base: cellStyle, in: pass)
            return
        }
        let urls = e.box.lines.count > 1 ? LinkedURLs.find(in: text).map(\.url) : []
        for (i, line) in e.box.lines.enumerated() where i < e.box.height {
            let shown = wrap ? line : TextFit.truncate(line, width: e.box.width)
            pass.put(shown, x: x, y: y + i, style: cellStyle, clip: clip)
            pass.linkURLs(in: shown, x: x, y: y + i, clip: clip, whole: urls)
        }
    }

    /// Each wrapped line is the spans' text in order, less the spaces and newlines wrapping dropped: walking both
    /// at once gives every shown character the span it came from.
    private func paintSpans(_ spans: [MarkupSpan], _ e: Element, x: Int, y: Int, clip: CellRect, base: CellStyle,
                            in pass: PaintPass)
    {
        if paintWholeSpans(spans, e, x: x, y: y, clip: clip, base: base, in: pass) { return }
        let styles = spans.map { $0.style(over: base, theme: pass.theme) }
        var cursor = SpanCursor(spans: spans)
        for (row, line) in e.box.lines.enumerated() where row < e.box.height {
            let shown = wrap ? line : TextFit.truncate(line, width: e.box.width)
            let cut = shown != line
            var column = x
            var piece = ""
            var pieceSpan = cursor.span
            func flush() {
                guard !piece.isEmpty else { return }
                let span = min(pieceSpan, spans.count - 1)
                pass.put(piece, x: column, y: y + row, style: styles[span], clip: clip, link: spans[span].link)
                column += TextWidth.of(piece)
                piece = ""
            }
            for (n, character) in shown.enumerated() {
                let isEllipsis = cut && n == shown.count - 1
                let span = isEllipsis ? pieceSpan : cursor.advance(to: character)
                if span != pieceSpan { flush(); pieceSpan = span }
                piece.append(character)
            }
            flush()
            if cut { cursor.skipLine() }
        }
    }
}

extension TextProps {
    /// The common case, one line that shows every span's text as it is (nothing wrapped away or cut): each span goes
    /// out whole, without the walk over its characters that `paintSpans` needs to find where a span's text went.
    /// Wrapping only drops characters, so a line as long as all the spans together holds all of them.
    fileprivate func paintWholeSpans(_ spans: [MarkupSpan], _ e: Element, x: Int, y: Int, clip: CellRect,
                                     base: CellStyle, in pass: PaintPass) -> Bool
    {
        guard e.box.lines.count == 1, e.box.height > 0 else { return false }
        let line = e.box.lines[0]
        var length = 0
        for span in spans { length += span.text.utf8.count }
        guard line.utf8.count == length else { return false }
        if !wrap && e.box.linesMaxWidth > e.box.width { return false }
        var column = x
        for span in spans where !span.text.isEmpty {
            pass.put(span.text, x: column, y: y, style: span.style(over: base, theme: pass.theme), clip: clip,
                     link: span.link)
            column += TextWidth.of(span.text)
        }
        return true
    }
}

/// Walks the characters of a Text's spans in order, for `paintSpans`.
private struct SpanCursor {
    let spans: [MarkupSpan]
    private(set) var span = 0
    private var index: String.Index

    init(spans: [MarkupSpan]) {
        self.spans = spans
        index = spans.first?.text.startIndex ?? "".startIndex
        skipEmptySpans()
    }

    /// Moves past `character` (and the spaces or newlines before it that wrapping dropped); returns its span.
    mutating func advance(to character: Character) -> Int {
        while span < spans.count {
            let text = spans[span].text
            guard index < text.endIndex else { nextSpan(); continue }
            let here = text[index]
            index = text.index(after: index)
            if here == character { return span }
            if !(here == " " || here == "\n") { return span }  // not a dropped character: stay in step anyway
        }
        return max(0, spans.count - 1)
    }

    /// A line cut with `…` (wrap off) shows less than it holds: go on at the next line of the text.
    mutating func skipLine() {
        while span < spans.count {
            let text = spans[span].text
            guard index < text.endIndex else { nextSpan(); continue }
            let here = text[index]
            index = text.index(after: index)
            if here == "\n" { return }
        }
    }

    private mutating func nextSpan() {
        span += 1
        index = span < spans.count ? spans[span].text.startIndex : "".startIndex
        skipEmptySpans()
    }

    private mutating func skipEmptySpans() {
        while span < spans.count, spans[span].text.isEmpty {
            span += 1
            index = span < spans.count ? spans[span].text.startIndex : "".startIndex
        }
    }
}
