import TerminiTemplate

/// `Select`: `[ Chosen label ▾ ]` (or the dim placeholder). Enter, Space or a click opens its options in a list
/// drawn over the page below it (above it when there is no room): Up/Down/PageUp/PageDown/Home/End move,
/// typing jumps to the first label that starts with what was typed, Enter or a click picks (calling `onSelect`
/// with `detail.value`), Esc closes without a change. The pick shows at once; a new `selected` from the page
/// replaces it.
extension SelectProps: StatefulWidget {
    static var traits: WidgetTraits { [.focusable] }
    static var events: [WidgetEventDeclaration] {
        [WidgetEventDeclaration("onSelect", .select, when: "a pick by key or click",
                                detail: "`{value}`: the option's value (a string option's value is its label)")]
    }
    static var keys: [WidgetKeyDeclaration] {
        [WidgetKeyDeclaration("Enter, Space, Down", "open the list"),
         WidgetKeyDeclaration("Up / Down, PageUp / PageDown, Home / End", "in the open list: move the highlight"),
         WidgetKeyDeclaration("a letter", "in the open list: to the first option whose label starts with what was typed"),
         WidgetKeyDeclaration("Enter, Space / Esc", "in the open list: pick the highlighted option / close it")]
    }

    typealias State = SelectState

    func didMount(_ e: Element, in tree: Reconciler) { Self.state(e).start(selected) }

    /// In a `Form`, the value shown: the user's pick, or the page's `selected`.
    func formValue(of e: Element) -> JSONValue? { Self.state(e).shown }

    func didRefresh(_ e: Element, old: any WidgetBehavior, deep: Bool, configChanged: Bool, in tree: Reconciler) {
        Self.state(e).follow(selected)
    }

    /// The most options the open list shows at once; more scroll.
    static let listRows = 8

    func layout(_ e: Element, in pass: LayoutPass, maxWidth: Int, maxHeight: Int, minWidth: Int) -> (Int, Int) {
        let widest = (ChoiceOption.parse(options).map { TextWidth.of($0.label) } + [TextWidth.of(placeholder)]).max() ?? 0
        return (min(maxWidth, widest + 6), min(1, maxHeight))
    }

    func paint(_ e: Element, x: Int, y: Int, clip: CellRect, in pass: PaintPass) {
        let state = Self.state(e)
        let choices = ChoiceOption.parse(options)
        let focused = pass.isFocused(e)
        if !focused { state.open = false }
        let chosen = ChoiceOption.index(of: state.shown, in: choices)
        let inner = max(0, e.box.width - 6)
        let label = chosen.map { choices[$0].label } ?? placeholder
        let style = pass.focusStyle(of: e)
        pass.put("[ " + TextFit.fit(label, width: inner) + " ▾ ]", x: x, y: y, style: style, clip: clip)
        if chosen == nil && !label.isEmpty {
            pass.put(TextFit.fit(label, width: inner), x: x + 2, y: y, style: pass.style(style, .placeholder, of: e), clip: clip)
        }
        guard state.open, !choices.isEmpty else { return }
        let width = e.box.width
        pass.paintAbove { pass in
            let page = pass.pageClip
            // In a box of the theme's overlay colours and border, so the list stands apart from the page under it:
            // below the field when the page has room, else above it, else on the roomier side with fewer rows.
            let wanted = min(Self.listRows, choices.count)
            let roomBelow = page.maxY - (y + 1), roomAbove = y - page.y
            let below = roomBelow >= wanted + 2 || (roomAbove < wanted + 2 && roomBelow >= roomAbove)
            let rows = max(1, min(wanted, (below ? roomBelow : roomAbove) - 2))
            let boxHeight = rows + 2
            let boxTop = below ? y + 1 : y - boxHeight
            let top = boxTop + 1
            state.listTop = top - y
            state.listRows = rows
            state.scroll = min(max(0, state.scroll), max(0, choices.count - rows))
            if state.highlight < state.scroll { state.scroll = state.highlight }
            if state.highlight >= state.scroll + rows { state.scroll = state.highlight - rows + 1 }
            let rect = CellRect(x: x, y: boxTop, width: width, height: boxHeight)
            let visible = rect.intersection(page)
            let surface = pass.theme.surface(EngineSurface.overlay).applied(to: .plain)
            pass.buffer.fill(x: visible.x, y: visible.y, width: visible.width, height: visible.height,
                             with: Cell(character: " ", style: surface))
            pass.drawBorder(.rounded, title: nil, style: pass.theme.surface(EngineSurface.border).applied(to: surface),
                            x: x, y: boxTop, width: width, height: boxHeight, clip: page)
            let inner = max(0, width - 2)
            for row in 0..<rows {
                let i = state.scroll + row
                let marker = i == chosen ? "• " : "  "
                pass.put(TextFit.fit(marker + choices[i].label, width: inner), x: x + 1, y: top + row,
                         style: pass.style(surface, .selected, of: e, when: i == state.highlight), clip: page)
            }
            pass.recordRegion(e, originX: x, originY: y, rect: rect)
        }
    }

    /// An open list keeps the focus: Tab and Shift-Tab do nothing until Enter picks or Esc closes it.
    func takesTab(_ e: Element, backward: Bool) -> Bool { Self.state(e).open }

    /// Focus taken away from code (`this.focus`) closes the list without a change.
    func didLoseFocus(_ e: Element, needs: FrameNeeds) {
        let state = Self.state(e)
        guard state.open else { return }
        state.open = false
        needs.paint = true
    }

    func handleKey(_ key: Key, on e: Element, in router: PageInputRouter) -> [UIEvent]? {
        let state = Self.state(e)
        let choices = ChoiceOption.parse(options)
        guard state.open else {
            guard key == .enter || key == .space || key == .down else { return nil }
            guard !choices.isEmpty else { return [] }
            open(state, choices: choices)
            router.needs.paint = true
            return []
        }
        let page = Self.listRows
        if case .character = key {} else { state.typed = "" }
        switch key {
        case .up: state.highlight = max(0, state.highlight - 1)
        case .down: state.highlight = min(choices.count - 1, state.highlight + 1)
        case .pageUp: state.highlight = max(0, state.highlight - page)
        case .pageDown: state.highlight = min(choices.count - 1, state.highlight + page)
        case .home: state.highlight = 0
        case .end: state.highlight = choices.count - 1
        case .escape: state.open = false
        case .enter, .space:
            state.open = false
            router.needs.paint = true
            return pick(choices[min(state.highlight, choices.count - 1)], state: state, on: e, in: router)
        case .character(let c):
            // Type-ahead: the typed prefix grows while it matches a label; a letter that matches nothing starts anew.
            let grown = state.typed + String(c)
            if let i = Self.firstMatch(grown, in: choices) { state.typed = grown; state.highlight = i }
            else if let i = Self.firstMatch(String(c), in: choices) { state.typed = String(c); state.highlight = i }
        default:
            return []   // the open list keeps every other key (Backspace, arrows across) from the page
        }
        router.needs.paint = true
        return []
    }

    static func firstMatch(_ prefix: String, in choices: [ChoiceOption]) -> Int? {
        let lowered = prefix.lowercased()
        return choices.firstIndex { $0.label.lowercased().hasPrefix(lowered) }
    }

    private func open(_ state: SelectState, choices: [ChoiceOption]) {
        state.open = true
        state.typed = ""
        state.highlight = ChoiceOption.index(of: state.shown, in: choices) ?? 0
    }

    func handlePress(_ mouse: MouseEvent, on e: Element, in router: PageInputRouter) -> [UIEvent]? {
        let state = Self.state(e)
        let choices = ChoiceOption.parse(options)
        router.focus.focused = e
        router.needs.paint = true
        guard let origin = router.paintedOrigin(of: e) else { return [] }
        if state.open {
            let row = mouse.y - origin.y - state.listTop
            state.open = false
            guard mouse.y != origin.y, row >= 0, row < state.listRows, state.scroll + row < choices.count else { return [] }
            return pick(choices[state.scroll + row], state: state, on: e, in: router)
        }
        if !choices.isEmpty { open(state, choices: choices) }
        return []
    }

    private func pick(_ option: ChoiceOption, state: SelectState, on e: Element, in router: PageInputRouter) -> [UIEvent] {
        state.pick(option.value)
        return router.event(e, handler: onSelect, type: .select, detail: .object(["value": option.value]))
    }
}

/// A Select's choice (see `ChoiceState`) and its open list: the highlighted option, the first one shown, where
/// the list was drawn relative to the field, and the type-ahead prefix.
final class SelectState: ChoiceState {
    var open = false
    var highlight = 0
    var scroll = 0
    var listTop = 1
    /// How many options the open list showed: a click on its border picks none.
    var listRows = 0
    var typed = ""
}
