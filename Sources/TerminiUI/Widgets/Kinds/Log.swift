import TerminiTemplate

/// `Log`: the lines of an append-only log, the newest at the bottom, each cut to the width with `…`. While
/// `follow` is true and the view is at its end, new lines keep it at the end; scrolling up (arrows, PageUp, the
/// wheel, once focused) holds the view where it is until it reaches the end again. It takes the height it is
/// given (all of it in a Column's Expanded), or its lines' count when that is smaller. Only the last `maxLines`
/// lines are in view. A line with an escape is read by `ANSIStyledText`: its SGR colours and styles are drawn, every
/// other escape is dropped; only the lines on screen are read, so the cost of a frame does not follow the log.
extension LogProps: StatefulWidget {
    static var traits: WidgetTraits { [.focusable, .scrollable, .fillsHeight] }
    static var keys: [WidgetKeyDeclaration] {
        [WidgetKeyDeclaration("Up / Down, PageUp / PageDown, Home / End", "scroll; at the end it follows new lines")]
    }
    static var tabStop: String? { "while its lines overflow" }

    typealias State = LogState

    func hasSameLayout(as other: LogProps) -> Bool { shownCount == other.shownCount }

    /// The scrollback: how many of the last lines are in view, and where they start in `lines`.
    var shownCount: Int { min(lines.count, max(1, maxLines)) }
    var firstShown: Int { lines.count - shownCount }

    func layout(_ e: Element, in pass: LayoutPass, maxWidth: Int, maxHeight: Int, minWidth: Int) -> (Int, Int) {
        let log = Self.state(e)
        let count = shownCount
        let height = maxHeight >= LayoutPass.unbounded ? min(count, LayoutPass.unboundedScrollHeight) : min(count, maxHeight)
        let end = max(0, count - height)
        // At the end (or following), the view stays at the end as lines arrive.
        if log.atEnd && follow { log.offset = end }
        log.offset = min(max(0, log.offset), end)
        log.atEnd = log.offset == end
        log.height = height
        log.count = count
        let widest = maxWidth >= LayoutPass.unbounded
            ? lines.suffix(height).map { TextWidth.of(ANSIStyledText.plainText($0.displayText)) }.max() ?? 0 : maxWidth
        return (min(maxWidth, widest), height)
    }

    func paint(_ e: Element, x: Int, y: Int, clip: CellRect, in pass: PaintPass) {
        let log = Self.state(e)
        let first = firstShown
        for row in 0..<e.box.height {
            let i = first + log.offset + row
            guard i < lines.count else { break }
            let text = lines[i].displayText
            if ANSIStyledText.hasEscape(text) {
                paintStyled(ANSIStyledText.runs(text), width: e.box.width, x: x, y: y + row, clip: clip, in: pass)
            } else {
                pass.put(TextFit.truncate(text, width: e.box.width), x: x, y: y + row, style: .plain, clip: clip)
            }
        }
        // Not following the end: say so at the bottom right, where the next line would appear, in the theme's
        // `selected` look for a Log (reverse video unless the theme says otherwise).
        if !log.atEnd, e.box.height > 0, e.box.width >= 3 {
            pass.put(" ↓ ", x: x + e.box.width - 3, y: y + e.box.height - 1, style: pass.style(.plain, .selected, of: e),
                     clip: clip)
        }
        pass.scrollIndicator(for: e, x: x, y: y, offset: log.offset, viewport: log.height, total: log.count, clip: clip)
    }

    /// A coloured line's runs, cut to `width` with `…` (in the style of the run it cuts) as a plain line is.
    private func paintStyled(_ runs: [ANSIStyledText.Run], width: Int, x: Int, y: Int, clip: CellRect, in pass: PaintPass) {
        let fits = runs.reduce(0) { $0 + TextWidth.of($1.text) } <= width
        var column = 0
        for run in runs {
            let room = (fits ? width : width - 1) - column
            guard room > 0 else { break }
            var piece = ""
            var used = 0
            for c in run.text {
                let w = TextWidth.of(c)
                if used + w > room { break }
                piece.append(c)
                used += w
            }
            pass.put(piece, x: x + column, y: y, style: run.style, clip: clip)
            column += used
            if used < TextWidth.of(run.text) {
                pass.put("…", x: x + column, y: y, style: run.style, clip: clip)
                return
            }
        }
    }

    func handlePress(_ mouse: MouseEvent, on e: Element, in router: PageInputRouter) -> [UIEvent]? {
        router.focus.focused = e
        return []
    }

    /// A Tab stop only while it has more lines than it shows.
    func takesFocus(_ e: Element) -> Bool { let log = Self.state(e); return log.count > log.height }

    func scroll(_ e: Element, by delta: Int) {
        let log = Self.state(e)
        log.offset = min(max(0, log.offset.addingClamped(delta)), max(0, log.count - log.height))
        log.atEnd = log.offset == max(0, log.count - log.height)
    }
}

/// Where a Log's view is: its first shown line, and whether it sits at the end (and so follows new lines).
final class LogState: WidgetState {
    var offset = 0
    var atEnd = true
    var height = 0
    var count = 0
}
