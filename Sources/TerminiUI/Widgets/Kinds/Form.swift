import TerminiTemplate

/// `Form`: a `Column` whose fields make one form. The fields are the widgets inside it that report a value
/// (`formValue`: text fields, switches, checkboxes, choices), in reading order. Enter in a text field moves to the
/// next text field, and in the last one submits; so does a `Button(formType: .submit)`. A submit checks every field (each
/// shows its message) and calls `onSubmit` with `{valid, values, errors}`, keyed by the fields' `.id`s.
///
/// Why a container rather than a page-level list of fields: which fields belong together is where they sit on the
/// page, as in HTML and WeChat's `<form>`, so a page with two forms needs no bookkeeping of its own.
extension FormProps: WidgetBehavior {
    static var traits: WidgetTraits { [.templateChildren, .form] }
    static var events: [WidgetEventDeclaration] {
        [WidgetEventDeclaration("onSubmit", .submit,
                                when: "Enter in its last text field, or a `Button(formType: .submit)`, with every field passing its checks",
                                detail: "`{valid, values, errors}`: the values and messages keyed by each field's `.id`")]
    }

    func layout(_ e: Element, in pass: LayoutPass, maxWidth: Int, maxHeight: Int, minWidth: Int) -> (Int, Int) {
        pass.flex(e.layoutChildren, vertical: true, spacing: max(0, spacing), maxW: maxWidth, maxH: maxHeight,
                  minCross: minWidth)
    }

    func paint(_ e: Element, x: Int, y: Int, clip: CellRect, in pass: PaintPass) {
        pass.paintChildren(e.layoutChildren, originX: x, originY: y, clip: clip)
    }

    // MARK: What fields and buttons inside use

    /// The nearest form around `element`.
    static func enclosing(_ element: Element) -> Element? {
        var e = element.parent
        while let current = e {
            if current.kind.traits.contains(.form) { return current }
            e = current.parent
        }
        return nil
    }

    /// The form's fields in reading order, hidden ones left out; a form inside it keeps its own.
    static func fields(of form: Element) -> [Element] {
        var fields: [Element] = []
        var stack = Array(form.children.reversed())
        while let e = stack.popLast() {
            if e.hidden || e.lifecycle != .active || e.widget.isError { continue }
            if e.widget.formValue(of: e) != nil { fields.append(e) }
            if !e.kind.traits.contains(.form) { stack.append(contentsOf: e.children.reversed()) }
        }
        return fields
    }

    /// Checks every field: `{valid, values, errors}`, the values and messages keyed by each field's `.id` (a field
    /// without one is checked, and counts for `valid`, but is not named). `showing` draws each message.
    static func check(_ form: Element, showing: Bool, needs: FrameNeeds) -> JSONValue {
        var values: [(String, JSONValue)] = [], errors: [(String, JSONValue)] = []
        var valid = true
        for field in fields(of: form) {
            let failure = field.isDisabled ? nil : field.widget.validateField(field, showing: showing, needs: needs)
            if failure != nil { valid = false }
            guard let id = field.elementId, !values.contains(where: { $0.0 == id }) else { continue }
            values.append((id, field.widget.formValue(of: field) ?? .null))
            if let failure { errors.append((id, .string(failure))) }
        }
        return .object(["valid": .bool(valid), "values": .object(JSONObject(uniqueKeysWithValues: values)),
                        "errors": .object(JSONObject(uniqueKeysWithValues: errors))])
    }

    /// Submits `form`: every field shows its message, and `onSubmit` hears the result.
    static func submit(_ form: Element, in router: PageInputRouter) -> [UIEvent] {
        let result = check(form, showing: true, needs: router.needs)
        // Focus goes to the first field that failed, as a browser's form does, so the user can fix it at once.
        if result["valid"] == .bool(false), let first = fields(of: form).first(where: { field in
            field.widget.validateField(field, showing: false, needs: router.needs) != nil
                && router.focus.order.contains { $0 === field }
        }) {
            router.focus.focused = first
            router.focus.scrollIntoView(first)
        }
        guard let props = form.widget as? FormProps else { return [] }
        return router.event(form, handler: props.onSubmit, type: .submit, detail: result)
    }

    /// Puts every field back to its bound value and clears their messages.
    static func reset(_ form: Element, needs: FrameNeeds) {
        for field in fields(of: form) { field.widget.resetField(field, needs: needs) }
    }

    /// Enter in a form's text field: focus moves to the next text field, or, from the last one, the form is
    /// submitted (switches and choices between are reached with Tab). Nil when the field is in no form.
    static func advance(from field: Element, in router: PageInputRouter) -> [UIEvent]? {
        guard let form = enclosing(field) else { return nil }
        let order = router.focus.order
        let later = fields(of: form).drop { $0 !== field }.dropFirst().filter { next in order.contains { $0 === next } }
        guard let next = later.first(where: { $0.widget.editsText }) else { return submit(form, in: router) }
        router.focus.focused = next
        router.focus.scrollIntoView(next)
        router.needs.paint = true
        return []
    }

    /// Whether a submit button inside `form` is held back: the form asks for it while any field fails.
    static func holdsSubmit(_ form: Element) -> Bool {
        guard let props = form.widget as? FormProps, props.disablesSubmitUntilValid else { return false }
        return check(form, showing: false, needs: FrameNeeds())["valid"] == .bool(false)
    }
}
