import TerminiTemplate

/// `Button`: `[ label ]`, focusable; Enter, Space or a click calls `onTap`. With `formType`, it also submits or
/// resets the `Form` around it; a submit button of a form that `disablesSubmitUntilValid` is dim and skipped while
/// a field fails.
extension ButtonProps: WidgetBehavior {
    static var traits: WidgetTraits { [.focusable] }
    static var events: [WidgetEventDeclaration] {
        [WidgetEventDeclaration("onTap", .tap, when: "Enter, Space or a click", detail: "`{}`", bubbles: true)]
    }
    static var keys: [WidgetKeyDeclaration] { [WidgetKeyDeclaration("Enter, Space", "taps it")] }

    func hasSameLayout(as other: ButtonProps) -> Bool { label == other.label }

    func layout(_ e: Element, in pass: LayoutPass, maxWidth: Int, maxHeight: Int, minWidth: Int) -> (Int, Int) {
        (min(maxWidth, TextWidth.of(label) + 4), min(1, maxHeight))
    }

    func paint(_ e: Element, x: Int, y: Int, clip: CellRect, in pass: PaintPass) {
        // Narrower than its label, it keeps its brackets and cuts the label with `…`.
        let text = e.box.width >= TextWidth.of(label) + 4 ? label : TextFit.truncate(label, width: max(1, e.box.width - 4))
        let style = pass.isFocused(e) ? pass.focusStyle(of: e) : pass.style(.plain, .disabled, of: e, when: isHeld(e))
        pass.put("[ \(text) ]", x: x, y: y, style: style, clip: clip)
    }

    func handleKey(_ key: Key, on e: Element, in router: PageInputRouter) -> [UIEvent]? {
        guard key == .enter || key == .space else { return nil }
        guard router.isOnScreen(e), !isHeld(e) else { return [] }
        return router.tap(from: e) + formAction(e, in: router)
    }

    /// The tap bubbles from the button to its ancestors' `.onTap` handlers.
    func handlePress(_ mouse: MouseEvent, on e: Element, in router: PageInputRouter) -> [UIEvent]? {
        guard !isHeld(e) else { return [] }
        router.focus.focused = e
        return router.tap(from: router.pressTarget ?? e) + formAction(e, in: router)
    }

    func takesFocus(_ e: Element) -> Bool { !isHeld(e) }

    /// A submit button its form holds back while a field fails.
    private func isHeld(_ e: Element) -> Bool {
        guard formType == .submit, let form = FormProps.enclosing(e) else { return false }
        return FormProps.holdsSubmit(form)
    }

    private func formAction(_ e: Element, in router: PageInputRouter) -> [UIEvent] {
        guard let formType, let form = FormProps.enclosing(e) else { return [] }
        switch formType {
        case .submit: return FormProps.submit(form, in: router)
        case .reset:
            FormProps.reset(form, needs: router.needs)
            return []
        }
    }
}
