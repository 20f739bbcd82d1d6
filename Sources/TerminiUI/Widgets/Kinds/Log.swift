import TerminiTemplate

/// `Log`: the lines of an append-only log, the newest at the bottom, each cut to the width with `…`. While
/// `follow` is true and the view is at its end, new lines keep it at the end; scrolling up (arrows, PageUp, the
/// wheel, once focused) holds the view where it is until it reaches the end again. It takes the height it is
/// given (all of it in a Column's Expanded), or its lines' count when that is smaller.
extension LogProps: StatefulWidget {
    static var traits: WidgetTraits { [.focusable, .scrollable, .fillsHeight] }
    static var keys: [WidgetKeyDeclaration] {
        [WidgetKeyDeclaration("Up / Down, PageUp / PageDown, Home / End", "scroll; at the end it follows new lines")]
    }
    static var tabStop: String? { "while its lines overflow" }

    typealias State = LogState

    func hasSameLayout(as other: LogProps) -> Bool { lines.count == other.lines.count }

    func layout(_ e: Element, in pass: LayoutPass, maxWidth: Int, maxHeight: Int, minWidth: Int) -> (Int, Int) {
        let log = Self.state(e)
        let height = maxHeight >= LayoutPass.unbounded ? min(lines.count, LayoutPass.unboundedScrollHeight) : min(lines.count, maxHeight)
        let end = max(0, lines.count - height)
        // At the end (or following), the view stays at the end as lines arrive.
        if log.atEnd && follow { log.offset = end }
        log.offset = min(max(0, log.offset), end)
        log.atEnd = log.offset == end
        log.height = height
        log.count = lines.count
        let widest = maxWidth >= LayoutPass.unbounded ? lines.suffix(height).map { TextWidth.of($0.displayText) }.max() ?? 0 : maxWidth
        return (min(maxWidth, widest), height)
    }

    func paint(_ e: Element, x: Int, y: Int, clip: CellRect, in pass: PaintPass) {
        let log = Self.state(e)
        for row in 0..<e.box.height {
            let i = log.offset + row
            guard i < lines.count else { break }
            pass.put(TextFit.truncate(lines[i].displayText, width: e.box.width), x: x, y: y + row, style: .plain, clip: clip)
        }
        // Not following the end: say so at the bottom right, where the next line would appear.
        if !log.atEnd, e.box.height > 0, e.box.width >= 3 {
            pass.put(" ↓ ", x: x + e.box.width - 3, y: y + e.box.height - 1, style: CellStyle(attributes: .reverse), clip: clip)
        }
        pass.scrollIndicator(for: e, x: x, y: y, offset: log.offset, viewport: log.height, total: log.count, clip: clip)
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
