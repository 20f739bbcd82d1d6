import TerminiTemplate
/// Where one element landed on screen in the last paint: its box's origin and the part of it that is visible.
struct PaintRecord {
    unowned(unsafe) let element: Element
    let originX: Int
    let originY: Int
    let visible: CellRect
}

/// Paints a page's laid-out tree into a buffer: each widget draws itself, clipped to its own box and its
/// ancestors' boxes, and every painted element is recorded in paint order for hit testing. One per page, reused
/// from frame to frame so that a frame allocates nothing.
final class PaintPass {
    /// The buffer being painted, lent by the caller for the pass.
    @exclusivity(unchecked) var buffer = CellBuffer(width: 0, height: 0)
    /// The element that shows focus.
    private(set) var focused: Element?
    /// Frame number for animated widgets (ten a second).
    private(set) var animationFrame = 0
    /// Where the painted elements landed; hit testing reads it until the next pass.
    let regions: PaintedRegions
    /// The caret of the focused text input, in buffer coordinates, when it is visible: where the terminal's own
    /// cursor goes, so screen readers and input methods follow the typing.
    var caret: (x: Int, y: Int)?

    init(regions: PaintedRegions) { self.regions = regions }

    /// Paints `roots` into `frame` of `buffer`, clipped to it (and cleared first with `clearing`).
    func run(_ roots: [Element], into target: inout CellBuffer, frame: CellRect, clearing: Bool, focused: Element?,
             animationFrame: Int)
    {
        self.focused = focused
        self.animationFrame = animationFrame
        caret = nil
        swap(&buffer, &target)
        defer { swap(&buffer, &target) }
        let clip = frame.intersection(CellRect(x: 0, y: 0, width: buffer.width, height: buffer.height))
        if clearing { buffer.fill(x: clip.x, y: clip.y, width: clip.width, height: clip.height, with: .blank) }
        regions.begin(origin: frame)
        pageClip = clip
        paintChildren(roots, originX: frame.x, originY: frame.y, clip: clip)
        // Drop-downs go over everything else the page painted, and are hit first.
        let above = onTop
        onTop.removeAll(keepingCapacity: true)
        for paintAbove in above { paintAbove(self) }
        // The theme's `page` style is the whole page's, as CSS's `body` is: its background reaches every cell.
        if let page = theme.styles[Theme.pageStyle] { decorate(clip, style: page) }
    }

    func isFocused(_ e: Element) -> Bool { focused === e }

    /// The page's whole visible area: where a drop-down may extend beyond its widget's own box.
    private(set) var pageClip = CellRect(x: 0, y: 0, width: 0, height: 0)
    private var onTop: [(PaintPass) -> Void] = []

    /// Paints `body` after the rest of the page, over it (a Select's open list). `body` records its region with
    /// `recordRegion` so that clicks there reach its element.
    func paintAbove(_ body: @escaping (PaintPass) -> Void) { onTop.append(body) }

    /// Makes `rect` (buffer coordinates) hit `element`, above what was painted before.
    func recordRegion(_ element: Element, originX: Int, originY: Int, rect: CellRect) {
        regions.append(PaintRecord(element: element, originX: originX, originY: originY, visible: rect.intersection(pageClip)))
    }

    /// Paints `e`, whose parent's content origin is at `originX`, `originY`.
    func paint(_ e: Element, originX: Int, originY: Int, clip: CellRect) {
        let ax = originX + e.box.x, ay = originY + e.box.y
        let visible = CellRect(x: ax, y: ay, width: e.box.width, height: e.box.height).intersection(clip)
        guard !visible.isEmpty else { return }
        regions.append(PaintRecord(element: e, originX: ax, originY: ay, visible: visible))
        e.widget.paint(e, x: ax, y: ay, clip: visible, in: self)
        if e.decoration != nil || e.widget.isDisabled { decorate(visible, e, disabled: e.widget.isDisabled) }
        // A widget that takes focus only through its tap handler (a Row with `.onTap`) shows the theme's focus, bold
        // too, so a row already drawn in that style still shows it has focus.
        if focused === e, !e.kind.isFocusable {
            var style = stateStyle(.focused, of: e)
            style.attributes.insert(.bold)
            decorate(visible, style: style)
        }
    }

    /// The app's current theme, for `.styleClass` and for how each state of each widget looks.
    var theme = Theme()

    /// The theme's style `name` (`code.keyword`, …) as a cell style, or `fallback` where the theme sets nothing.
    func themeStyle(_ name: String, fallback: CellStyle) -> CellStyle {
        guard let style = theme.styles[name] else { return fallback }
        return CellStyle(foreground: style.foreground ?? fallback.foreground, background: style.background ?? fallback.background,
                         attributes: style.attributes.isEmpty ? fallback.attributes : style.attributes)
    }

    /// How `e` looks in `state` under the theme: by its kind and its style class.
    func stateStyle(_ state: ThemeState, of e: Element) -> ThemeStyle {
        theme.style(state, kind: e.kind.className, styleClass: e.decoration?.styleClass)
    }

    /// A Box's border: in the theme style `<class>.border` when the Box has a style class the theme names one for,
    /// so a box can have a border of another colour than its inside (the engine's dialogs, a toast in its level's
    /// colour); else plain, taking the box's own colours.
    func borderStyle(of e: Element) -> CellStyle {
        guard let styleClass = e.decoration?.styleClass, let style = theme.styles[styleClass + Theme.borderSuffix] else { return .plain }
        return style.applied(to: .plain)
    }

    /// `base` in the theme's `state` style for `e` when `when` holds (`focused` while it has focus, …), else `base`.
    func style(_ base: CellStyle, _ state: ThemeState, of e: Element, when: Bool = true) -> CellStyle {
        when ? stateStyle(state, of: e).applied(to: base) : base
    }

    /// `base` in the theme's focus style for `e` while `e` has focus.
    func focusStyle(_ base: CellStyle = .plain, of e: Element) -> CellStyle { style(base, .focused, of: e, when: isFocused(e)) }

    /// Applies an element's background, theme style and disabled look to what it (and its children) drew:
    /// cells keep what they set themselves, as inherited styles work in CSS.
    private func decorate(_ rect: CellRect, _ e: Element, disabled: Bool) {
        let decoration = e.decoration ?? ElementDecoration()
        var style = decoration.styleClass.flatMap { theme.styles[$0] } ?? ThemeStyle()
        if let background = decoration.background { style.background = background }
        if decoration.disabled || disabled {
            let look = stateStyle(.disabled, of: e)
            style.foreground = look.foreground ?? style.foreground
            style.background = look.background ?? style.background
            style.attributes.formUnion(look.attributes)
        }
        decorate(rect, style: style)
    }

    private func decorate(_ rect: CellRect, style: ThemeStyle) {
        guard style != ThemeStyle() else { return }
        decorate(rect, foreground: style.foreground?.packed, background: style.background?.packed, attributes: style.attributes)
    }

    /// Draws `rect` (`e`'s current row) in the theme's `selected` style for `e`, reverse video by default, over what
    /// the row painted: a row's own colours stay where the style sets none, so the style says what a current row adds.
    func selected(_ rect: CellRect, of e: Element) {
        let style = stateStyle(.selected, of: e)
        decorate(rect, foreground: style.foreground?.packed, background: style.background?.packed, attributes: style.attributes)
    }

    /// Gives `rect` (a table cell) the theme style `styleClass` names, as `.styleClass` would; an unknown name
    /// gives nothing, so data can name classes a theme leaves out.
    func themed(_ rect: CellRect, styleClass: String) {
        guard let style = theme.styles[styleClass], !rect.isEmpty else { return }
        decorate(rect, style: style)
    }

    /// Colours (packed once here, not per cell) where cells have none of their own, and attributes added.
    private func decorate(_ rect: CellRect, foreground: UInt64?, background: UInt64?, attributes: CellAttributes) {
        for y in rect.y..<rect.maxY {
            for x in rect.x..<rect.maxX {
                buffer[x, y].decorate(foreground: foreground, background: background, attributes: attributes)
            }
        }
    }

    /// Paints the children of a container whose content origin is at `originX`, `originY`.
    func paintChildren(_ children: [Element], originX: Int, originY: Int, clip: CellRect) {
        for child in children { paint(child, originX: originX, originY: originY, clip: clip) }
    }

    /// A text input's caret at (x, y): the cell in reverse video, and the terminal's cursor there. Reverse video
    /// here is the block cursor a terminal draws itself, not a focus look, so no theme state changes it.
    func drawCaret(x: Int, y: Int, clip: CellRect) {
        guard clip.contains(x: x, y: y) else { return }
        var cell = buffer[x, y]
        if cell.isWideContinuation { cell = Cell(character: " ") }
        cell.style.attributes.insert(.reverse)
        buffer[x, y] = cell
        caret = (x, y)
    }

    /// A text input's selected text: `width` cells from (x, y) in the theme's `selected` style for `e`.
    func highlight(x: Int, y: Int, width: Int, clip: CellRect, of e: Element) {
        guard y >= clip.y, y < clip.maxY else { return }
        let x0 = max(x, clip.x), x1 = max(x0, min(x + width, clip.maxX))
        let style = stateStyle(.selected, of: e)
        // Over the text's own colours: a selection shows whatever the field's colours are.
        decorate(CellRect(x: x0, y: y, width: x1 - x0, height: 1), foreground: nil, background: nil, attributes: style.attributes)
        for column in x0..<x1 {
            if let f = style.foreground { buffer[column, y].style.foreground = f }
            if let b = style.background { buffer[column, y].style.background = b }
        }
    }

    /// Writes one line of text clipped to `clip`, dropping the columns left of it.
    /// `text` at (x, y) in `style`, clipped, as a hyperlink to `link` (OSC 8) when one is given.
    func put(_ text: String, x: Int, y: Int, style: CellStyle, clip: CellRect, link: String?) {
        put(text, x: x, y: y, style: style, clip: clip)
        if let link { markLink(link, x: x, y: y, width: TextWidth.of(text), clip: clip) }
    }

    /// Makes the http(s) URLs written in `text` (drawn at x, y) hyperlinks to themselves: the visible URL is the
    /// link's own fallback on a terminal without OSC 8. `whole` is the text `text` is a line of: a URL that wrapping
    /// cut links to the whole URL, not to its first line's part.
    func linkURLs(in text: String, x: Int, y: Int, clip: CellRect, whole: [String] = []) {
        for (offset, url) in LinkedURLs.find(in: text) {
            let target = whole.first { $0.hasPrefix(url) } ?? url
            markLink(target, x: x + offset, y: y, width: TextWidth.of(url), clip: clip)
        }
    }

    private func markLink(_ url: String, x: Int, y: Int, width: Int, clip: CellRect) {
        guard y >= clip.y, y < clip.maxY else { return }
        let x0 = max(x, clip.x), x1 = min(x.addingClamped(width), clip.maxX)
        guard x0 < x1 else { return }
        buffer.setLink(url, x: x0, y: y, count: x1 - x0)
    }

    func put(_ text: String, x: Int, y: Int, style: CellStyle, clip: CellRect) {
        guard y >= clip.y, y < clip.maxY, x < clip.maxX else { return }
        if x >= clip.x {
            buffer.write(text, x: x, y: y, style: style, maxWidth: clip.maxX - x)
            return
        }
        var column = x
        var rest = Substring(text)
        while column < clip.x, let c = rest.first {
            column += TextWidth.of(c)
            rest = rest.dropFirst()
        }
        if column < clip.maxX { buffer.write(String(rest), x: column, y: y, style: style, maxWidth: clip.maxX - column) }
    }

    /// The focus cue of a widget that scrolls its content (a ListView, ScrollView or Log): while it has focus, its
    /// last column shows where the view is in the content (`ScrollIndicator`). Such a widget has no caret or
    /// selection of its own, so without it a Tab onto it would show nothing at all. Empty content has no position to
    /// show: emptying a list then costs an erase, not a glyph on every row (the keyed bench's clear, 1,261 bytes to 20).
    ///
    /// `whileFocusIsInside` shows it also while a widget inside `e` has the focus (a ScrollView holding a form).
    func scrollIndicator(for e: Element, x: Int, y: Int, offset: Int, viewport: Int, total: Int, clip: CellRect,
                         whileFocusIsInside: Bool = false)
    {
        guard whileFocusIsInside ? focused.map(e.encloses) == true : isFocused(e), total > 0, e.box.width >= 2, e.box.height >= 1 else { return }
        let height = e.box.height
        let thumb = ScrollIndicator.thumb(offset: offset, viewport: viewport, total: total, track: height)
        for row in 0..<height {
            let onThumb = ScrollIndicator.isThumb(row: row, thumb: thumb)
            put(onThumb ? ScrollIndicator.thumbText : ScrollIndicator.trackText, x: x + e.box.width - 1, y: y + row,
                style: CellStyle(attributes: onThumb ? .bold : .dim), clip: clip)
        }
    }

    /// A border of `style`'s line set around the box, with an optional title in the top edge.
    func drawBorder(_ border: BorderStyle, title: String?, style: CellStyle, x: Int, y: Int, width: Int, height: Int,
                    clip: CellRect)
    {
        guard let (tl, tr, bl, br, hz, vt) = border.glyphs, width >= 2, height >= 2 else { return }
        let inner = width - 2
        let horizontal = String(repeating: hz, count: inner)
        put("\(tl)\(horizontal)\(tr)", x: x, y: y, style: style, clip: clip)
        put("\(bl)\(horizontal)\(br)", x: x, y: y + height - 1, style: style, clip: clip)
        for row in (y + 1)..<(y + height - 1) {
            put(String(vt), x: x, y: row, style: style, clip: clip)
            put(String(vt), x: x + width - 1, y: row, style: style, clip: clip)
        }
        if let title, !title.isEmpty, inner >= 3 {
            put(" \(title) ", x: x + 1, y: y, style: style, clip: CellRect(x: x + 1, y: y, width: inner, height: 1).intersection(clip))
        }
    }
}

extension BorderStyle {
    /// top-left, top-right, bottom-left, bottom-right, horizontal, vertical
    var glyphs: (Character, Character, Character, Character, Character, Character)? {
        switch self {
        case .none: nil
        case .single: ("┌", "┐", "└", "┘", "─", "│")
        case .double: ("╔", "╗", "╚", "╝", "═", "║")
        case .rounded: ("╭", "╮", "╰", "╯", "─", "│")
        case .heavy: ("┏", "┓", "┗", "┛", "━", "┃")
        }
    }
}
