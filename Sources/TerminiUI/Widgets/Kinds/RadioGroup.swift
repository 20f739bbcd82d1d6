import TerminiTemplate

/// `RadioGroup`: one line per option, `(•) chosen` and `( ) other`. Focusable as one Tab stop; Up/Down move the
/// choice at once (as arrow keys do in a desktop radio group) and call `onSelect` with `detail.value`; a click
/// picks the option under it. The choice shows at once; a new `selected` from the page replaces it.
extension RadioGroupProps: StatefulWidget {
    static var traits: WidgetTraits { [.focusable] }
    static var events: [WidgetEventDeclaration] {
        [WidgetEventDeclaration("onSelect", .select, when: "a pick by key or click",
                                detail: "`{value}`: the option's value (a string option's value is its label)")]
    }
    static var keys: [WidgetKeyDeclaration] {
        [WidgetKeyDeclaration("Up / Down, Home / End", "pick the previous / next, first / last option"),
         WidgetKeyDeclaration("Enter, Space", "picks the marked option (the first when none is)")]
    }

    typealias State = ChoiceState

    func didMount(_ e: Element, in tree: Reconciler) { Self.state(e).start(selected) }

    /// In a `Form`, the value shown: the user's pick, or the page's `selected`.
    func formValue(of e: Element) -> JSONValue? { Self.state(e).shown }

    func didRefresh(_ e: Element, old: any WidgetBehavior, deep: Bool, configChanged: Bool, in tree: Reconciler) {
        Self.state(e).follow(selected)
    }

    func layout(_ e: Element, in pass: LayoutPass, maxWidth: Int, maxHeight: Int, minWidth: Int) -> (Int, Int) {
        let labels = ChoiceOption.parse(options).map(\.label)
        let widest = labels.map { TextWidth.of($0) + 4 }.max() ?? 0
        return (min(maxWidth, widest), min(labels.count, maxHeight))
    }

    func paint(_ e: Element, x: Int, y: Int, clip: CellRect, in pass: PaintPass) {
        let choices = ChoiceOption.parse(options)
        let chosen = ChoiceOption.index(of: Self.state(e).shown, in: choices)
        let focused = pass.isFocused(e)
        for (i, option) in choices.enumerated() where i < e.box.height {
            let on = i == chosen
            // The focused group shows its choice in the focus style (or its first line, while nothing is chosen).
            let marked = focused && i == (chosen ?? 0)
            let style = pass.style(CellStyle(attributes: on && !marked ? .bold : []), .focused, of: e, when: marked)
            pass.put(TextFit.truncate("\(on ? "(•)" : "( )") \(option.label)", width: e.box.width), x: x, y: y + i,
                     style: style, clip: clip)
        }
    }

    func handleKey(_ key: Key, on e: Element, in router: PageInputRouter) -> [UIEvent]? {
        let choices = ChoiceOption.parse(options)
        guard !choices.isEmpty else { return nil }
        let current = ChoiceOption.index(of: Self.state(e).shown, in: choices)
        let next: Int
        switch key {
        case .up: next = max(0, (current ?? 0) - 1)
        case .down: next = current.map { min(choices.count - 1, $0 + 1) } ?? 0
        case .home: next = 0
        case .end: next = choices.count - 1
        case .space, .enter: next = current ?? 0
        default: return nil
        }
        guard next != current else { return [] }
        return pick(choices[next], on: e, in: router)
    }

    func handlePress(_ mouse: MouseEvent, on e: Element, in router: PageInputRouter) -> [UIEvent]? {
        router.focus.focused = e
        let choices = ChoiceOption.parse(options)
        guard let origin = router.paintedOrigin(of: e) else { return [] }
        let row = mouse.y - origin.y
        guard row >= 0, row < choices.count else { return [] }
        return pick(choices[row], on: e, in: router)
    }

    private func pick(_ option: ChoiceOption, on e: Element, in router: PageInputRouter) -> [UIEvent] {
        Self.state(e).pick(option.value)
        router.needs.paint = true
        return router.event(e, handler: onSelect, type: .select, detail: .object(["value": option.value]))
    }
}
