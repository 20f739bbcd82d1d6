import TerminiTemplate

/// `Tree`: nodes `{label, children?, expanded?}` drawn one per line, indented by depth, `▸` before a closed node
/// that has (or may load) children and `▾` before an open one. A node with a `children` member is expandable,
/// even while it is empty: Right opens it and calls `onExpand` with `{path, node}` (`path` the indices from the
/// top), so the script can load its children with setData. Left closes an open node or moves to the parent;
/// Up/Down/Home/End move; Enter (or a click) calls `onSelect` with `{path, node}`. A node's `expanded` sets how it
/// starts; what the user opens and closes afterwards is remembered by the node's `key` member, else its path.
extension TreeProps: StatefulWidget {
    static var traits: WidgetTraits { [.focusable, .scrollable, .keysItsRows, .fillsHeight] }
    static var events: [WidgetEventDeclaration] {
        [WidgetEventDeclaration("onExpand", .expand, when: "Right, or a click on `▸`",
                                detail: "`{path, node}`: the indexes from the top and the node, so its children can load with setData"),
         WidgetEventDeclaration("onSelect", .select, when: "Enter or a click on a label", detail: "`{path, node}`")]
    }
    static var keys: [WidgetKeyDeclaration] {
        [WidgetKeyDeclaration("Up / Down, Home / End", "move the highlight"),
         WidgetKeyDeclaration("Right / Left", "open the node (`onExpand`) / close it, or go to its parent"),
         WidgetKeyDeclaration("Enter", "selects the node")]
    }

    typealias State = TreeState

    /// One visible line: the node, its path and depth, whether it can open and whether it is open.
    struct Line {
        var node: JSONValue
        var path: [Int]
        var expandable: Bool
        var open: Bool
    }

    private func identity(_ node: JSONValue, path: [Int]) -> String {
        if let key, let value = node[key] { return "k:" + value.serialized() }
        return "p:" + path.map(String.init).joined(separator: ".")
    }

    func visibleLines(_ state: TreeState) -> [Line] {
        var lines: [Line] = []
        func walk(_ nodes: JSONArray, prefix: [Int]) {
            for (i, node) in nodes.enumerated() {
                let path = prefix + [i]
                let children = node["children"]
                let expandable = children != nil && !(children!.isNull)
                let id = identity(node, path: path)
                let open = expandable && (state.open[id] ?? node["expanded"]?.isTruthy ?? false)
                lines.append(Line(node: node, path: path, expandable: expandable, open: open))
                if open, let kids = children?.arrayValue { walk(kids, prefix: path) }
            }
        }
        walk(nodes, prefix: [])
        return lines
    }

    func layout(_ e: Element, in pass: LayoutPass, maxWidth: Int, maxHeight: Int, minWidth: Int) -> (Int, Int) {
        let state = Self.state(e)
        let lines = visibleLines(state)
        state.lines = lines.count
        let height = maxHeight >= LayoutPass.unbounded ? min(lines.count, LayoutPass.unboundedScrollHeight) : min(maxHeight, lines.count)
        state.height = height
        state.selected = min(state.selected, max(0, lines.count - 1))
        if state.selected < state.offset { state.offset = state.selected }
        if state.selected >= state.offset + height { state.offset = state.selected - height + 1 }
        state.offset = min(max(0, state.offset), max(0, lines.count - height))
        let widest = lines.map { 2 * ($0.path.count - 1) + 2 + TextWidth.of($0.node["label"]?.displayText ?? "") }.max() ?? 0
        return (min(maxWidth, widest), height)
    }

    func paint(_ e: Element, x: Int, y: Int, clip: CellRect, in pass: PaintPass) {
        let state = Self.state(e)
        let lines = visibleLines(state)
        let focused = pass.isFocused(e)
        for row in 0..<e.box.height {
            let i = state.offset + row
            guard i < lines.count else { break }
            let line = lines[i]
            let glyph = line.expandable ? (line.open ? "▾ " : "▸ ") : "  "
            let text = String(repeating: "  ", count: line.path.count - 1) + glyph + (line.node["label"]?.displayText ?? "")
            let current = i == state.selected
            let style = pass.style(CellStyle(attributes: current ? .bold : []), .selected, of: e, when: current && focused)
            pass.put(TextFit.truncate(text, width: e.box.width), x: x, y: y + row, style: style, clip: clip)
        }
    }

    func handleKey(_ key: Key, on e: Element, in router: PageInputRouter) -> [UIEvent]? {
        let state = Self.state(e)
        let lines = visibleLines(state)
        guard !lines.isEmpty else { return nil }
        let current = lines[min(state.selected, lines.count - 1)]
        switch key {
        case .up: move(state, to: state.selected - 1, count: lines.count, router)
        case .down: move(state, to: state.selected + 1, count: lines.count, router)
        case .home: move(state, to: 0, count: lines.count, router)
        case .end: move(state, to: lines.count - 1, count: lines.count, router)
        case .right:
            guard current.expandable, !current.open else { return [] }
            state.open[identity(current.node, path: current.path)] = true
            router.needs.layout = true
            return event(onExpand, .expand, current, e, router)
        case .left:
            if current.open {
                state.open[identity(current.node, path: current.path)] = false
                router.needs.layout = true
            } else if current.path.count > 1, let parent = lines.firstIndex(where: { $0.path == Array(current.path.dropLast()) }) {
                move(state, to: parent, count: lines.count, router)
            }
        case .enter:
            return event(onSelect, .select, current, e, router)
        default:
            return nil
        }
        return []
    }

    private func move(_ state: TreeState, to index: Int, count: Int, _ router: PageInputRouter) {
        let clamped = min(max(0, index), count - 1)
        if clamped != state.selected { state.selected = clamped; router.needs.layout = true }
    }

    private func event(_ handler: String?, _ type: UIEventType, _ line: Line, _ e: Element, _ router: PageInputRouter) -> [UIEvent] {
        router.event(e, handler: handler, type: type,
                     detail: .object(["path": .array(line.path.map { .number(Double($0)) }), "node": line.node]))
    }

    func handlePress(_ mouse: MouseEvent, on e: Element, in router: PageInputRouter) -> [UIEvent]? {
        let state = Self.state(e)
        router.focus.focused = e
        router.needs.paint = true
        guard let origin = router.paintedOrigin(of: e) else { return [] }
        let lines = visibleLines(state)
        let index = state.offset + mouse.y - origin.y
        guard index >= 0, index < lines.count else { return [] }
        state.selected = index
        let line = lines[index]
        // A click on the arrow opens or closes; on the label it selects.
        let arrowColumn = origin.x + 2 * (line.path.count - 1)
        if line.expandable && mouse.x >= arrowColumn && mouse.x < arrowColumn + 2 {
            let id = identity(line.node, path: line.path)
            state.open[id] = !line.open
            router.needs.layout = true
            return line.open ? [] : event(onExpand, .expand, line, e, router)
        }
        return event(onSelect, .select, line, e, router)
    }

    func scroll(_ e: Element, by delta: Int) {
        let state = Self.state(e)
        state.selected = min(max(0, state.selected.addingClamped(delta)), max(0, state.lines - 1))
    }
}

/// A Tree's view: which nodes the user opened or closed (by key or path), the selected line and the first shown.
final class TreeState: WidgetState {
    var open: [String: Bool] = [:]
    var selected = 0
    var offset = 0
    var lines = 0
    var height = 0
}
