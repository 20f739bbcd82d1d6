import TerminiTemplate

/// `Button`: `[ label ]`, focusable; Enter, Space or a click calls `onTap`.
extension ButtonProps: WidgetBehavior {
    static var traits: WidgetTraits { [.focusable] }

    func hasSameLayout(as other: ButtonProps) -> Bool { label == other.label }

    func layout(_ e: Element, in pass: LayoutPass, maxWidth: Int, maxHeight: Int, minWidth: Int) -> (Int, Int) {
        (min(maxWidth, TextWidth.of(label) + 4), min(1, maxHeight))
    }

    func paint(_ e: Element, x: Int, y: Int, clip: CellRect, in pass: PaintPass) {
        // Narrower than its label, it keeps its brackets and cuts the label with `…`.
        let text = e.box.width >= TextWidth.of(label) + 4 ? label : TextFit.truncate(label, width: max(1, e.box.width - 4))
        pass.put("[ \(text) ]", x: x, y: y, style: CellStyle(attributes: pass.isFocused(e) ? .reverse : []), clip: clip)
    }

    func handleKey(_ key: Key, on e: Element, in router: PageInputRouter) -> [UIEvent]? {
        guard key == .enter || key == .space else { return nil }
        guard router.isOnScreen(e) else { return [] }
        return router.tap(from: e)
    }

    /// The tap bubbles from the button to its ancestors' `.onTap` handlers.
    func handlePress(_ mouse: MouseEvent, on e: Element, in router: PageInputRouter) -> [UIEvent]? {
        router.focus.focused = e
        return router.tap(from: router.pressTarget ?? e)
    }
}
