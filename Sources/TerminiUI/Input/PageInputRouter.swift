import TerminiTemplate

/// Routes one input to the page: Tab moves focus, the focused widget gets keys first, then scrolling keys move the
/// nearest scrollable; a click goes to the innermost widget under the pointer that takes presses. Returns the
/// events for page JavaScript.
final class PageInputRouter {
    let focus: FocusManager
    let needs: FrameNeeds
    /// The last paint's regions, for hit testing and for "is it on screen".
    let painted: PaintedRegions

    init(focus: FocusManager, needs: FrameNeeds, painted: PaintedRegions) {
        self.focus = focus
        self.needs = needs
        self.painted = painted
    }

    func handle(_ input: InputEvent) -> [UIEvent] {
        switch input {
        case .key(let key): return handleKey(key)
        case .mouse(let mouse): return handleMouse(mouse)
        case .resize:
            needs.layout = true
            return []
        }
    }

    private func handleKey(_ key: Key) -> [UIEvent] {
        switch key {
        case .tab: focus.move(forward: true); return []
        case .backTab: focus.move(forward: false); return []
        default: break
        }
        if let target = focus.focused, target.lifecycle == .active,
           let events = target.widget.handleKey(key, on: target, in: self) { return events }
        switch key {
        case .up: scroll(by: -1); return []
        case .down: scroll(by: 1); return []
        case .pageUp: scroll(by: -(focus.scrollTarget(near: nil, painted: painted)?.box.height ?? 1)); return []
        case .pageDown: scroll(by: focus.scrollTarget(near: nil, painted: painted)?.box.height ?? 1); return []
        case .home: scroll(by: -LayoutPass.unbounded); return []
        case .end: scroll(by: LayoutPass.unbounded); return []
        case .escape: focus.focused = nil; return []
        default: return []
        }
    }

    private func handleMouse(_ mouse: MouseEvent) -> [UIEvent] {
        guard let hit = painted.hit(x: mouse.x, y: mouse.y) else { return [] }
        switch mouse.kind {
        case .scrollUp: scroll(by: -3, near: hit); return []
        case .scrollDown: scroll(by: 3, near: hit); return []
        case .release: return []
        case .press:
            var e: Element? = hit
            while let current = e {
                if let events = current.widget.handlePress(mouse, on: current, in: self) { return events }
                e = current.parent
            }
            return []
        }
    }

    func scroll(by delta: Int, near start: Element? = nil) {
        guard let target = focus.scrollTarget(near: start, painted: painted) else { return }
        target.widget.scroll(target, by: delta)
        needs.layout = true
    }

    // MARK: What widgets use

    /// Whether a focused widget can be activated: one hidden or gone since it took focus cannot.
    func isOnScreen(_ element: Element) -> Bool { element.lifecycle == .active && painted.isOnScreen(element) }

    /// The absolute column of the element's box in the last paint.
    func paintedOrigin(of element: Element) -> (x: Int, y: Int)? { painted.origin(of: element) }

    /// An event for the handler a template names, or none when it names none.
    func event(_ e: Element, handler: String?, type: String, detail: JSONValue) -> [UIEvent] {
        guard let handler, !handler.isEmpty else { return [] }
        return [UIEvent(handler: handler, type: type, dataset: e.dataset, detail: detail, loc: e.node.loc)]
    }
}
