import TerminiTemplate

/// `SelectionList`: one line per option, `[x] label` or `[ ] label`, with a current option in the theme's
/// `selected` style while focused. Space or a click toggles the current option and reports the whole new list of
/// chosen values with `onChange`; the boxes change at once, and a new `selected` from the page replaces them
/// (`ChoiceState`). Only the options in view are read and drawn, so 100,000 options cost what a screenful does.
extension SelectionListProps: StatefulWidget {
    static var traits: WidgetTraits { [.focusable, .scrollable, .fillsHeight] }
    static var events: [WidgetEventDeclaration] {
        [WidgetEventDeclaration("onChange", .change, when: "Space or a click toggled an option",
                                detail: "`{values}`: the whole new list of chosen values"),
         WidgetEventDeclaration("onSelect", .select, when: "the current option moved", detail: "`{index, value}`"),
         WidgetEventDeclaration("onActivate", .activate, when: "Enter", detail: "`{index, value}`")]
    }
    static var keys: [WidgetKeyDeclaration] {
        [WidgetKeyDeclaration("Up / Down, PageUp / PageDown, Home / End", "move the current option"),
         WidgetKeyDeclaration("Space", "toggles the current option"),
         WidgetKeyDeclaration("Enter", "activates the current option")]
    }

    typealias State = OptionRowsState

    func hasSameLayout(as other: SelectionListProps) -> Bool { options.count == other.options.count }

    /// The options are the data's own array, as a Table's rows: dropped before a patch changes them in place.
    func releaseDataLists(on e: Element) -> Bool {
        guard !options.isEmpty || !selected.isEmpty else { return false }
        var released = self
        released.options = []
        released.selected = []
        e.widget = released
        return true
    }

    func didMount(_ e: Element, in tree: Reconciler) {
        let state = Self.state(e)
        state.start(.array(selected))
        state.cursor.key = options.isEmpty ? nil : ChoiceOption.parse(options[0]).value
    }

    func didRefresh(_ e: Element, old: any WidgetBehavior, deep: Bool, configChanged: Bool, in tree: Reconciler) {
        guard configChanged else { return }
        let state = Self.state(e)
        state.follow(.array(selected))
        state.cursor.index = min(state.cursor.index, max(0, options.count - 1))
        state.cursor.key = options.isEmpty ? nil : ChoiceOption.parse(options[state.cursor.index]).value
    }

    func layout(_ e: Element, in pass: LayoutPass, maxWidth: Int, maxHeight: Int, minWidth: Int) -> (Int, Int) {
        let state = Self.state(e)
        let size = state.fit(options, mark: 4, maxWidth: maxWidth, maxHeight: maxHeight)
        if state.cursor.needsReport {
            if !options.isEmpty, let onSelect {
                pass.emit(UIEvent(handler: onSelect, type: .select, dataset: e.dataset, detail: detail(state),
                                  loc: e.node.loc, component: e.handlerOwner))
            }
            state.cursor.noteReported(count: options.count)
        }
        return size
    }

    func paint(_ e: Element, x: Int, y: Int, clip: CellRect, in pass: PaintPass) {
        let state = Self.state(e)
        let chosen = state.chosenSet()
        let focused = pass.isFocused(e)
        for row in 0..<state.visibleRows {
            let index = state.offset + row
            guard index < options.count else { break }
            let option = ChoiceOption.parse(options[index])
            let box = chosen.contains(option.value) ? "[x] " : "[ ] "
            pass.put(TextFit.fit(box + option.label, width: e.box.width), x: x, y: y + row,
                     style: pass.style(.plain, .disabled, of: e, when: option.disabled), clip: clip)
            if focused && index == state.cursor.index {
                pass.selected(CellRect(x: x, y: y + row, width: e.box.width, height: 1).intersection(clip), of: e)
            }
        }
        pass.scrollIndicator(for: e, x: x, y: y, offset: state.offset, viewport: e.box.height, total: options.count, clip: clip)
    }

    func handleKey(_ key: Key, on e: Element, in router: PageInputRouter) -> [UIEvent]? {
        let state = Self.state(e)
        guard !options.isEmpty else { return nil }
        if let target = RowCursor.target(of: key, from: state.cursor.index, count: options.count, page: state.visibleRows) {
            return moveCursor(to: target, on: e, in: router)
        }
        switch key {
        case .space: return toggle(on: e, in: router)
        case .enter:
            return router.event(e, handler: onActivate, type: .activate, detail: detail(state))
        default: return nil
        }
    }

    func handlePress(_ mouse: MouseEvent, on e: Element, in router: PageInputRouter) -> [UIEvent]? {
        let state = Self.state(e)
        router.focus.focused = e
        router.needs.paint = true
        guard let origin = router.paintedOrigin(of: e), let index = state.row(atY: mouse.y - origin.y) else { return [] }
        return moveCursor(to: index, on: e, in: router) + toggle(on: e, in: router)
    }

    func scroll(_ e: Element, by delta: Int) { Self.state(e).scroll(by: delta) }

    private func moveCursor(to index: Int, on e: Element, in router: PageInputRouter) -> [UIEvent] {
        let state = Self.state(e)
        router.needs.paint = true
        guard state.moveCursor(to: index, key: ChoiceOption.parse(options[index]).value, optionCount: options.count) else { return [] }
        return router.event(e, handler: onSelect, type: .select, detail: detail(state))
    }

    /// Adds the current option's value to the chosen ones, or takes it out, and reports the new list. A disabled
    /// option does not change.
    private func toggle(on e: Element, in router: PageInputRouter) -> [UIEvent] {
        let state = Self.state(e)
        guard state.cursor.index < options.count else { return [] }
        let option = ChoiceOption.parse(options[state.cursor.index])
        guard !option.disabled else { return [] }
        var values = state.shown.arrayValue.map(Array.init) ?? []
        if let i = values.firstIndex(of: option.value) { values.remove(at: i) } else { values.append(option.value) }
        let list = JSONValue.array(JSONArray(values))
        state.pick(list)
        router.needs.paint = true
        return router.event(e, handler: onChange, type: .change, detail: .object(["values": list]))
    }

    private func detail(_ state: OptionRowsState) -> JSONValue {
        .object(["index": .number(Double(state.cursor.index)), "value": state.cursor.key ?? .null])
    }
}
