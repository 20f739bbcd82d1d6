import TerminiTemplate

/// `Switch`: an on/off toggle drawn as a slider, `[━━●]` on and `[●━━]` off, followed by its label. Focusable;
/// Space, Enter or a click calls `onToggle` with the new value in `detail.value`.
extension SwitchProps: WidgetBehavior {
    static var traits: WidgetTraits { [.focusable] }
    static var events: [WidgetEventDeclaration] {
        [WidgetEventDeclaration("onToggle", .toggle, when: "Enter, Space or a click",
                                detail: "`{value}`: the **new** state, a boolean")]
    }
    static var keys: [WidgetKeyDeclaration] { [WidgetKeyDeclaration("Enter, Space", "toggles it")] }

    func hasSameLayout(as other: SwitchProps) -> Bool { label == other.label }

    func layout(_ e: Element, in pass: LayoutPass, maxWidth: Int, maxHeight: Int, minWidth: Int) -> (Int, Int) {
        (min(maxWidth, label.isEmpty ? 5 : 6 + TextWidth.of(label)), min(1, maxHeight))
    }

    func paint(_ e: Element, x: Int, y: Int, clip: CellRect, in pass: PaintPass) {
        let track = pass.focusStyle(CellStyle(foreground: isOn ? .index(2) : .default, attributes: isOn ? .bold : .dim), of: e)
        pass.put(isOn ? "[━━●]" : "[●━━]", x: x, y: y, style: track, clip: clip)
        if !label.isEmpty, e.box.width > 6 {
            pass.put(" " + TextFit.truncate(label, width: e.box.width - 6), x: x + 5, y: y, style: pass.focusStyle(of: e), clip: clip)
        }
    }

    func handleKey(_ key: Key, on e: Element, in router: PageInputRouter) -> [UIEvent]? {
        guard key == .enter || key == .space else { return nil }
        guard router.isOnScreen(e) else { return [] }
        return router.event(e, handler: onToggle, type: .toggle, detail: .object(["value": .bool(!isOn)]))
    }

    func handlePress(_ mouse: MouseEvent, on e: Element, in router: PageInputRouter) -> [UIEvent]? {
        router.focus.focused = e
        return router.event(e, handler: onToggle, type: .toggle, detail: .object(["value": .bool(!isOn)]))
    }

    /// In a `Form`, whether it is on.
    func formValue(of e: Element) -> JSONValue? { .bool(isOn) }
}
