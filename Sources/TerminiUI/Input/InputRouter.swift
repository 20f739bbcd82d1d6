import TerminiTemplate

/// Focus and input routing: Tab order, activation, text editing, scrolling and mouse hit testing.
extension ElementTree {
    /// Handles one input and returns the events it produced for page JavaScript.
    func handle(_ input: InputEvent) -> [UIEvent] {
        switch input {
        case .key(let key): return handleKey(key)
        case .mouse(let mouse): return handleMouse(mouse)
        case .resize:
            needsLayout = true
            return []
        }
    }

    /// Focusable widgets in document order, including those scrolled out of a ScrollView (Tab scrolls them into
    /// view); hidden subtrees are skipped. ListView rows count only while built.
    var focusOrder: [Element] {
        var order: [Element] = []
        var stack: [Element] = [root]
        while let e = stack.popLast() {
            if e.hidden || e.lifecycle != .active || e.config.isError { continue }
            if e.type.isFocusable { order.append(e) }
            stack.append(contentsOf: e.children.reversed())
        }
        return order
    }

    func moveFocus(forward: Bool) {
        let order = focusOrder
        guard !order.isEmpty else { focused = nil; return }
        if let current = focused, let i = order.firstIndex(where: { $0 === current }) {
            focused = order[(i + (forward ? 1 : order.count - 1)) % order.count]
        } else {
            focused = forward ? order.first : order.last
        }
        if let focused { scrollIntoView(focused) }
    }

    /// Scrolls every ScrollView and ListView around `element` so that it is inside their viewports.
    func scrollIntoView(_ element: Element) {
        var offset = element.y  // the element's top relative to the current ancestor's content origin
        var child = element
        var e = element.parent
        while let ancestor = e {
            if ancestor.type == .scrollView {
                // Positions are from the last layout; the offset may have moved since (several Tabs, one frame).
                let top = offset + ancestor.laidOutScrollOffset
                if top < ancestor.scrollOffset {
                    ancestor.scrollOffset = max(0, top)
                    needsLayout = true
                } else if top + element.height > ancestor.scrollOffset + ancestor.height {
                    ancestor.scrollOffset = top + element.height - ancestor.height
                    needsLayout = true
                }
            } else if ancestor.type == .listView, let row = ancestor.list?.elements.firstIndex(where: { $0 === child }) {
                if offset < 0 || offset + element.height > ancestor.height {
                    ancestor.scrollOffset = offset < 0 ? row : max(0, row - max(0, ancestor.height - 1))
                    needsLayout = true
                }
            }
            offset += ancestor.y  // fragments sit at 0, except ListView rows, which sit at their row's offset
            child = ancestor
            e = ancestor.parent
        }
    }

    private func handleKey(_ key: Key) -> [UIEvent] {
        switch key {
        case .tab: moveFocus(forward: true); return []
        case .backTab: moveFocus(forward: false); return []
        default: break
        }
        if let field = focused, field.lifecycle == .active, case .textField = field.config,
           let events = editText(field, key: key) { return events }
        switch key {
        case .enter, .space:
            // A widget that is hidden or gone since it took focus cannot be activated.
            guard let target = focused, target.lifecycle == .active, paintOrder.contains(where: { $0 === target }) else {
                return []
            }
            return activate(target)
        case .up: scroll(by: -1); return []
        case .down: scroll(by: 1); return []
        case .pageUp: scroll(by: -(scrollTarget()?.height ?? 1)); return []
        case .pageDown: scroll(by: scrollTarget()?.height ?? 1); return []
        case .home: scroll(by: -ElementTree.unbounded); return []
        case .end: scroll(by: ElementTree.unbounded); return []
        case .escape: focused = nil; return []
        default: return []
        }
    }

    /// Taps a button, toggles a checkbox, submits a text field.
    func activate(_ target: Element) -> [UIEvent] {
        switch target.config {
        case .button(_, let onTap):
            return event(target, handler: onTap, type: "tap", detail: .object([:]))
        case .checkbox(let checked, _, let onToggle):
            return event(target, handler: onToggle, type: "toggle", detail: .object(["value": .bool(!checked)]))
        case .textField(_, _, _, let onSubmit):
            return event(target, handler: onSubmit, type: "submit", detail: .object(["value": .string(String(target.editText))]))
        default:
            return []
        }
    }

    private func event(_ e: Element, handler: String?, type: String, detail: JSONValue) -> [UIEvent] {
        guard let handler, !handler.isEmpty else { return [] }
        return [UIEvent(handler: handler, type: type, dataset: e.dataset, detail: detail, loc: e.node.loc)]
    }

    /// Edits the focused text field; nil when the key is not an editing key (so Tab, Enter and scrolling still work).
    private func editText(_ field: Element, key: Key) -> [UIEvent]? {
        guard case .textField(_, _, let onChange, let onSubmit) = field.config else { return nil }
        field.cursor = min(max(0, field.cursor), field.editText.count)
        var changed = false
        switch key {
        case .character(let c):
            field.editText.insert(c, at: field.cursor); field.cursor += 1; changed = true
        case .space:
            field.editText.insert(" ", at: field.cursor); field.cursor += 1; changed = true
        case .backspace:
            guard field.cursor > 0 else { return [] }
            field.editText.remove(at: field.cursor - 1); field.cursor -= 1; changed = true
        case .delete:
            guard field.cursor < field.editText.count else { return [] }
            field.editText.remove(at: field.cursor); changed = true
        case .left, .control("b"): return moveCursor(of: field, to: field.cursor - 1)
        case .right, .control("f"): return moveCursor(of: field, to: field.cursor + 1)
        case .home, .control("a"): return moveCursor(of: field, to: 0)
        case .end, .control("e"): return moveCursor(of: field, to: field.editText.count)
        case .control("u"):  // readline: delete to the start of the line
            guard field.cursor > 0 else { return [] }
            field.editText.removeFirst(field.cursor); field.cursor = 0; changed = true
        case .control("k"):  // readline: delete to the end of the line
            guard field.cursor < field.editText.count else { return [] }
            field.editText.removeLast(field.editText.count - field.cursor); changed = true
        case .enter:
            return event(field, handler: onSubmit, type: "submit", detail: .object(["value": .string(String(field.editText))]))
        default: return nil
        }
        if changed {
            needsLayout = true
            // Remember what was reported, so its echo from the page is not mistaken for a new value.
            if onChange != nil {
                field.reportedEdits.append(String(field.editText))
                if field.reportedEdits.count > 256 { field.reportedEdits.removeFirst(128) }
            }
            return event(field, handler: onChange, type: "change", detail: .object(["value": .string(String(field.editText))]))
        }
        return []
    }

    /// Moves a text field's cursor; only a move that happened needs a repaint.
    private func moveCursor(of field: Element, to position: Int) -> [UIEvent] {
        let clamped = min(max(0, position), field.editText.count)
        if clamped != field.cursor {
            field.cursor = clamped
            needsPaint = true
        }
        return []
    }

    /// The focused scroll container, the nearest one around the focused widget, or the first one on screen.
    func scrollTarget(near start: Element? = nil) -> Element? {
        var e = start ?? focused
        while let current = e {
            if current.type == .scrollView || current.type == .listView { return current }
            e = current.parent
        }
        if start != nil { return nil }
        return paintOrder.first { $0.type == .scrollView || $0.type == .listView }
    }

    func scroll(by delta: Int, near start: Element? = nil) {
        guard let target = scrollTarget(near: start) else { return }
        // Clamping happens in layout, which knows the content and viewport sizes.
        target.scrollOffset = max(0, target.scrollOffset.addingClamped(delta))
        if target.type == .scrollView { target.scrollOffset = min(target.scrollOffset, max(0, target.contentHeight - target.height)) }
        if target.type == .listView { target.scrollOffset = min(target.scrollOffset, max(0, (target.list?.count ?? 0) - 1)) }
        needsLayout = true
    }

    /// The topmost painted element under the cell.
    func hitTest(x: Int, y: Int) -> Element? {
        var i = paintOrder.count - 1
        while i >= 0 {
            let e = paintOrder[i]
            // Elements removed by a build since the last paint are no longer there to hit.
            if e.lifecycle == .active && e.visibleRect.contains(x: x, y: y) { return e }
            i -= 1
        }
        return nil
    }

    private func handleMouse(_ mouse: MouseEvent) -> [UIEvent] {
        guard let hit = hitTest(x: mouse.x, y: mouse.y) else { return [] }
        switch mouse.kind {
        case .scrollUp: scroll(by: -3, near: hit); return []
        case .scrollDown: scroll(by: 3, near: hit); return []
        case .release: return []
        case .press:
            var e: Element? = hit
            while let current = e {
                switch current.config {
                case .button, .checkbox:
                    focused = current
                    return activate(current)
                case .textField:
                    focused = current
                    // Put the cursor at the clicked column.
                    var column = current.absX
                    var index = 0
                    while index < current.editText.count && column + TextWidth.of(current.editText[index]) <= mouse.x {
                        column += TextWidth.of(current.editText[index]); index += 1
                    }
                    current.cursor = index
                    return []
                case .scrollView, .listView:
                    focused = current
                    return []
                default:
                    e = current.parent
                }
            }
            return []
        }
    }
}
