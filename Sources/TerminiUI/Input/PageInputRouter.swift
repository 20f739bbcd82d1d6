import TerminiTemplate

/// Routes one input to the page: Tab moves focus, the focused widget gets keys first, then scrolling keys move the
/// nearest scrollable; a click goes to the innermost widget under the pointer that takes presses. Returns the
/// events for page JavaScript.
final class PageInputRouter {
    let focus: FocusManager
    let needs: FrameNeeds
    /// The last paint's regions, for hit testing and for "is it on screen".
    let painted: PaintedRegions

    /// The page's data, where a list reads the item it reports with `onActivate`.
    private let data: PageData

    init(focus: FocusManager, needs: FrameNeeds, painted: PaintedRegions, data: PageData) {
        self.focus = focus
        self.needs = needs
        self.painted = painted
        self.data = data
    }

    func handle(_ input: InputEvent) -> [UIEvent] {
        switch input {
        case .key(let key): return handleKey(key).events
        case .paste(let text, let clippedFrom): return handlePaste(text, clippedFrom: clippedFrom).events
        case .mouse(let mouse): return handleMouse(mouse)
        case .resize:
            needs.layout = true
            return []
        case .suspend, .resume, .terminalClosed:
            return []
        }
    }

    /// Routes a key: Tab moves focus, the focused widget gets it first, then scrolling keys move the nearest
    /// scrollable. `used` is false when nothing on the page took the key, so the host offers it to key bindings
    /// and the page's `onKey`.
    func handleKey(_ key: Key) -> KeyHandling {
        if key == .tab || key == .backTab {
            // The focused widget's own Tab first (a field accepting its suggestion, an open drop-down).
            let taken = focus.focused.map { $0.lifecycle == .active && $0.widget.takesTab($0, backward: key == .backTab) } ?? false
            if !taken {
                guard !focus.order.isEmpty else { return .unused }
                focus.move(forward: key == .tab)
                return KeyHandling(used: true, events: [])
            }
        }
        if let target = focus.focused, target.lifecycle == .active, !target.isDisabled {
            if let events = target.widget.handleKey(key, on: target, in: self) { return KeyHandling(used: true, events: events) }
            // Then the focused widget's ancestors: a list leads back from a widget in its current row.
            var ancestor = target.parent
            while let current = ancestor {
                if let events = current.widget.handleKey(key, from: target, on: current, in: self) {
                    return KeyHandling(used: true, events: events)
                }
                ancestor = current.parent
            }
            // Esc leaves a text input (focus goes to the page) instead of going back and losing what was typed; a
            // second Esc, with nothing focused, does what Esc does on the page.
            if key == .escape && target.widget.editsText {
                focus.focused = nil
                needs.paint = true
                return KeyHandling(used: true, events: [])
            }
            // Any widget with a tap handler is activated like a button.
            if (key == .enter || key == .space) && target.node.isTappable {
                return KeyHandling(used: true, events: isOnScreen(target) ? tap(from: target) : [])
            }
        }
        let delta: Int
        switch key {
        case .up: delta = -1
        case .down: delta = 1
        case .pageUp: delta = -(focus.scrollTarget(near: nil, painted: painted)?.box.height ?? 1)
        case .pageDown: delta = focus.scrollTarget(near: nil, painted: painted)?.box.height ?? 1
        case .home: delta = -LayoutPass.unbounded
        case .end: delta = LayoutPass.unbounded
        default: return .unused
        }
        guard focus.scrollTarget(near: nil, painted: painted) != nil else {
            // Nothing on the page scrolls: the page itself does, when it is taller than the screen.
            let pageDelta = key == .pageUp || key == .pageDown ? delta.signum() * max(1, focus.pageScroll.viewport - 1) : delta
            guard focus.pageScroll.scroll(by: pageDelta) else { return .unused }
            needs.layout = true
            return KeyHandling(used: true, events: [])
        }
        scroll(by: delta)
        return KeyHandling(used: true, events: [])
    }

    /// Gives pasted text to the focused widget as one edit. `used` is false when no focused widget takes text, so
    /// the host offers it to the page's `onPaste`: a paste never becomes keys, so it never fires a binding.
    func handlePaste(_ text: String, clippedFrom: Int?) -> KeyHandling {
        guard let target = focus.focused, target.lifecycle == .active, !target.isDisabled,
              let events = target.widget.handlePaste(text, clippedFrom: clippedFrom, on: target, in: self) else { return .unused }
        return KeyHandling(used: true, events: events)
    }

    private func handleMouse(_ mouse: MouseEvent) -> [UIEvent] {
        guard let hit = painted.hit(x: mouse.x, y: mouse.y) else { return [] }
        switch mouse.kind {
        case .scrollUp:
            // A wheel-up at the top of a list is the terminal's pull-to-refresh.
            if let target = focus.scrollTarget(near: hit, painted: painted), target.widget.isScrolledToTop(target) {
                return [UIEvent(handler: Self.pullDownRefreshHandler, type: .pullDownRefresh, dataset: .object([:]),
                                detail: .object([:]), loc: target.node.loc, ifDefined: true)]
            }
            scroll(by: -3, near: hit)
            return []
        case .scrollDown: scroll(by: 3, near: hit); return []
        case .release: return []
        case .press:
            // A disabled widget is deaf to clicks, and so is what it contains; the click goes nowhere else either.
            if hit.isDisabled { return [] }
            pressTarget = hit
            defer { pressTarget = nil }
            var e: Element? = hit
            while let current = e {
                if let events = current.widget.handlePress(mouse, on: current, in: self) {
                    return pressed(hit, inside: current, tapped: false) + events
                }
                // A click taps without moving focus to a widget that has no focus behaviour of its own.
                if current.node.isTappable { return pressed(hit, inside: current, tapped: true) + tap(from: hit) }
                e = current.parent
            }
            return []
        }
    }

    /// Tells the ancestors of `handler`, which took a press on `hit`, about it (a list moves its current row there);
    /// their events, outermost first, go before the press's own.
    private func pressed(_ hit: Element, inside handler: Element, tapped: Bool) -> [UIEvent] {
        var events: [UIEvent] = []
        var e = handler.parent
        while let current = e {
            events = current.widget.descendantPressed(hit, tapped: tapped, on: current, in: self) + events
            e = current.parent
        }
        return events
    }

    /// The page hook a pull-to-refresh calls, as in WeChat.
    static let pullDownRefreshHandler = "onPullDownRefresh"

    /// The taps any widget gets from `.onTap` and `.catchTap` (`Button(onTap:)` declares its own).
    static let tapEvents = [
        WidgetEventDeclaration(".onTap(_:)", .tap, when: "Enter, Space or a click on any widget", detail: "`{}`", bubbles: true),
        WidgetEventDeclaration(".catchTap(_:)", .tap, when: "as `.onTap`, and the tap goes no further out", detail: "`{}`"),
    ]

    func scroll(by delta: Int, near start: Element? = nil) {
        guard let target = focus.scrollTarget(near: start, painted: painted) else {
            if focus.pageScroll.scroll(by: delta) { needs.layout = true }
            return
        }
        target.widget.scroll(target, by: delta)
        needs.layout = true
    }

    /// The element under the pointer while a press is being dispatched: the tap's `target`.
    private(set) var pressTarget: Element?

    /// A tap at `target`: its handler, then its ancestors' handlers outwards, until a `.catchTap` stops it. Each
    /// event names the element whose handler runs (`currentTarget`) and the target.
    func tap(from target: Element) -> [UIEvent] {
        var events: [UIEvent] = []
        var e: Element? = target
        while let current = e {
            let node = current.node
            if let handler = node.onTap {
                events.append(UIEvent(handler: handler, type: .tap, dataset: current.dataset,
                                      targetDataset: target.dataset, detail: .object([:]), loc: node.loc,
                                      component: current.handlerOwner))
            }
            if let handler = node.catchTap {
                events.append(UIEvent(handler: handler, type: .tap, dataset: current.dataset,
                                      targetDataset: target.dataset, detail: .object([:]), loc: node.loc,
                                      component: current.handlerOwner))
                break
            }
            e = current.parent
        }
        return events
    }

    // MARK: What widgets use

    /// Whether a focused widget can be activated: one hidden or gone since it took focus cannot.
    func isOnScreen(_ element: Element) -> Bool { element.lifecycle == .active && painted.isOnScreen(element) }

    /// Copies `text` to the user's clipboard (the host sends it to the terminal with OSC 52 after this input).
    func copy(_ text: String) { copiedText = text }

    /// Text a widget copied during the last input, for the host to send to the terminal's clipboard.
    var copiedText: String?

    /// The absolute column of the element's box in the last paint.
    func paintedOrigin(of element: Element) -> (x: Int, y: Int)? { painted.origin(of: element) }

    /// The page data at `path` (a list item's), or nil.
    func value(at path: DataPath) -> JSONValue? { data.value.value(at: path) }

    /// Moves the focus to `element` from a widget's own keys (into a list's current row and back), showing it.
    func moveFocus(to element: Element) {
        focus.focused = element
        focus.scrollIntoView(element)
        needs.paint = true
    }

    /// An event for the handler a template names, or none when it names none.
    func event(_ e: Element, handler: String?, type: UIEventType, detail: JSONValue) -> [UIEvent] {
        guard let handler, !handler.isEmpty else { return [] }
        return [UIEvent(handler: handler, type: type, dataset: e.dataset, detail: detail, loc: e.node.loc,
                        component: e.handlerOwner)]
    }
}
