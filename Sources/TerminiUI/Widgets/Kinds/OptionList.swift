import TerminiTemplate

/// `OptionList`: an always-open single-choice list, as Textual's. A `null` option draws a separator line and a
/// `{disabled: true}` one draws dim; the highlight, in the theme's `selected` style while focused, passes over
/// both. The highlight moves at once on a key and follows a new `selected` from the page (`ChoiceState`). Only
/// the options in view are read and drawn, so 100,000 options cost what a screenful does.
extension OptionListProps: StatefulWidget {
    static var traits: WidgetTraits { [.focusable, .scrollable, .fillsHeight] }
    static var events: [WidgetEventDeclaration] {
        [WidgetEventDeclaration("onSelect", .select, when: "the current option moved", detail: "`{index, value}`"),
         WidgetEventDeclaration("onActivate", .activate, when: "Enter, Space or a click", detail: "`{index, value}`")]
    }
    static var keys: [WidgetKeyDeclaration] {
        [WidgetKeyDeclaration("Up / Down, PageUp / PageDown, Home / End", "move the current option, passing over separators and disabled options"),
         WidgetKeyDeclaration("Enter, Space", "picks the current option")]
    }

    typealias State = OptionRowsState

    func hasSameLayout(as other: OptionListProps) -> Bool { options.count == other.options.count }

    /// The options are the data's own array, as a Table's rows: dropped before a patch changes them in place.
    func releaseDataLists(on e: Element) -> Bool {
        guard !options.isEmpty else { return false }
        var released = self
        released.options = []
        e.widget = released
        return true
    }

    func didMount(_ e: Element, in tree: Reconciler) {
        let state = Self.state(e)
        state.start(selected)
        highlightShown(state)
    }

    func didRefresh(_ e: Element, old: any WidgetBehavior, deep: Bool, configChanged: Bool, in tree: Reconciler) {
        guard configChanged else { return }
        let state = Self.state(e)
        let before = state.shown
        state.follow(selected)
        if state.shown != before { highlightShown(state) }
        state.cursor.index = min(state.cursor.index, max(0, options.count - 1))
        if !options.isEmpty, !isEnabled(state.cursor.index) { state.cursor.index = nearestEnabled(from: state.cursor.index, step: 1) }
        state.cursor.key = value(at: state.cursor.index)
    }

    /// Moves the highlight to the option whose value is the shown choice (a scan, only when the page set one).
    private func highlightShown(_ state: OptionRowsState) {
        if !state.shown.isNull, let i = options.indices.first(where: { value(at: $0) == state.shown }) {
            state.cursor.index = i
        } else if !options.isEmpty, !isEnabled(state.cursor.index) {
            state.cursor.index = nearestEnabled(from: 0, step: 1)
        }
        state.cursor.key = value(at: state.cursor.index)
    }

    private func value(at i: Int) -> JSONValue? {
        guard i >= 0, i < options.count, !options[i].isNull else { return nil }
        return ChoiceOption.parse(options[i]).value
    }

    /// Whether the option at `i` can be highlighted: neither a separator nor disabled.
    private func isEnabled(_ i: Int) -> Bool {
        guard i >= 0, i < options.count, !options[i].isNull else { return false }
        return !ChoiceOption.parse(options[i]).disabled
    }

    /// The first enabled option from `start` going by `step`, else the other way; `start` when there is none.
    private func nearestEnabled(from start: Int, step: Int) -> Int {
        var i = start
        while i >= 0 && i < options.count { if isEnabled(i) { return i }; i += step }
        i = start - step
        while i >= 0 && i < options.count { if isEnabled(i) { return i }; i -= step }
        return min(max(0, start), max(0, options.count - 1))
    }

    func layout(_ e: Element, in pass: LayoutPass, maxWidth: Int, maxHeight: Int, minWidth: Int) -> (Int, Int) {
        let state = Self.state(e)
        let size = state.fit(options, mark: 2, maxWidth: maxWidth, maxHeight: maxHeight)
        if state.cursor.needsReport {
            if !options.isEmpty, isEnabled(state.cursor.index), let onSelect {
                pass.emit(UIEvent(handler: onSelect, type: .select, dataset: e.dataset, detail: detail(state),
                                  loc: e.node.loc, component: e.handlerOwner))
            }
            state.cursor.noteReported(count: options.count)
        }
        return size
    }

    func paint(_ e: Element, x: Int, y: Int, clip: CellRect, in pass: PaintPass) {
        let state = Self.state(e)
        let focused = pass.isFocused(e)
        for row in 0..<state.visibleRows {
            let index = state.offset + row
            guard index < options.count else { break }
            if options[index].isNull {
                pass.put(String(repeating: "─", count: max(0, e.box.width)), x: x, y: y + row,
                         style: CellStyle(attributes: .dim), clip: clip)
                continue
            }
            let option = ChoiceOption.parse(options[index])
            let marked = index == state.cursor.index
            pass.put(TextFit.fit(" " + option.label, width: e.box.width), x: x, y: y + row,
                     style: pass.style(CellStyle(attributes: marked && !focused && !option.disabled ? .bold : []), .disabled, of: e, when: option.disabled), clip: clip)
            if focused && marked { pass.selected(CellRect(x: x, y: y + row, width: e.box.width, height: 1).intersection(clip), of: e) }
        }
        pass.scrollIndicator(for: e, x: x, y: y, offset: state.offset, viewport: e.box.height, total: options.count, clip: clip)
    }

    func handleKey(_ key: Key, on e: Element, in router: PageInputRouter) -> [UIEvent]? {
        let state = Self.state(e)
        guard !options.isEmpty else { return nil }
        if let target = RowCursor.target(of: key, from: state.cursor.index, count: options.count, page: state.visibleRows) {
            // Over separators and disabled options, in the direction of the key (Home looks down, End up).
            let step = key == .up || key == .pageUp || key == .end ? -1 : 1
            let enabled = nearestEnabled(from: target, step: step)
            return isEnabled(enabled) ? moveCursor(to: enabled, on: e, in: router) : []
        }
        switch key {
        case .enter, .space: return activate(on: e, in: router)
        default: return nil
        }
    }

    func handlePress(_ mouse: MouseEvent, on e: Element, in router: PageInputRouter) -> [UIEvent]? {
        let state = Self.state(e)
        router.focus.focused = e
        router.needs.paint = true
        guard let origin = router.paintedOrigin(of: e), let index = state.row(atY: mouse.y - origin.y), isEnabled(index) else { return [] }
        return moveCursor(to: index, on: e, in: router) + activate(on: e, in: router)
    }

    func scroll(_ e: Element, by delta: Int) { Self.state(e).scroll(by: delta) }

    private func moveCursor(to index: Int, on e: Element, in router: PageInputRouter) -> [UIEvent] {
        let state = Self.state(e)
        router.needs.paint = true
        guard state.moveCursor(to: index, key: value(at: index), optionCount: options.count) else { return [] }
        return router.event(e, handler: onSelect, type: .select, detail: detail(state))
    }

    /// Enter or a click: the highlighted option is the choice, shown at once and reported with `onActivate`.
    private func activate(on e: Element, in router: PageInputRouter) -> [UIEvent] {
        let state = Self.state(e)
        guard isEnabled(state.cursor.index), let value = value(at: state.cursor.index) else { return [] }
        state.pick(value)
        return router.event(e, handler: onActivate, type: .activate, detail: detail(state))
    }

    private func detail(_ state: OptionRowsState) -> JSONValue {
        .object(["index": .number(Double(state.cursor.index)), "value": state.cursor.key ?? .null])
    }
}
