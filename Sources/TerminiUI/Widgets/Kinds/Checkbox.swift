import TerminiTemplate

/// `Checkbox`: `[x] label` or `[ ] label`, focusable; Enter, Space or a click calls `onToggle` with the new value.
extension CheckboxProps: WidgetBehavior {
    static var traits: WidgetTraits { [.focusable] }
    static var events: [WidgetEventDeclaration] {
        [WidgetEventDeclaration("onToggle", .toggle, when: "Enter, Space or a click",
                                detail: "`{value}`: the **new** checked state, a boolean")]
    }
    static var keys: [WidgetKeyDeclaration] { [WidgetKeyDeclaration("Enter, Space", "toggles it")] }

    func hasSameLayout(as other: CheckboxProps) -> Bool { label == other.label }

    func layout(_ e: Element, in pass: LayoutPass, maxWidth: Int, maxHeight: Int, minWidth: Int) -> (Int, Int) {
        (min(maxWidth, label.isEmpty ? 3 : 4 + TextWidth.of(label)), min(1, maxHeight))
    }

    func paint(_ e: Element, x: Int, y: Int, clip: CellRect, in pass: PaintPass) {
        let mark = checked ? "[x]" : "[ ]"
        let text = label.isEmpty ? mark : "\(mark) \(label)"
        pass.put(TextFit.truncate(text, width: max(e.box.width, 3)), x: x, y: y, style: pass.focusStyle(of: e), clip: clip)
    }

    func handleKey(_ key: Key, on e: Element, in router: PageInputRouter) -> [UIEvent]? {
        guard key == .enter || key == .space else { return nil }
        guard router.isOnScreen(e) else { return [] }
        return toggle(e, in: router)
    }

    func handlePress(_ mouse: MouseEvent, on e: Element, in router: PageInputRouter) -> [UIEvent]? {
        router.focus.focused = e
        return toggle(e, in: router)
    }

    private func toggle(_ e: Element, in router: PageInputRouter) -> [UIEvent] {
        router.event(e, handler: onToggle, type: .toggle, detail: .object(["value": .bool(!checked)]))
    }

    /// In a `Form`, whether it is on.
    func formValue(of e: Element) -> JSONValue? { .bool(checked) }
}
