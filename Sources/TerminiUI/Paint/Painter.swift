/// A rectangle of cells; empty when either side is 0.
struct CellRect: Equatable {
    var x: Int, y: Int, width: Int, height: Int
    var maxX: Int { x + width }
    var maxY: Int { y + height }
    var isEmpty: Bool { width <= 0 || height <= 0 }

    func intersection(_ o: CellRect) -> CellRect {
        let x0 = max(x, o.x), y0 = max(y, o.y)
        let x1 = min(maxX, o.maxX), y1 = min(maxY, o.maxY)
        return CellRect(x: x0, y: y0, width: max(0, x1 - x0), height: max(0, y1 - y0))
    }

    func contains(x px: Int, y py: Int) -> Bool { px >= x && px < maxX && py >= y && py < maxY }
}

/// Painting: walks the laid-out tree and draws each widget into the back buffer, clipped to its own box and
/// its ancestors' boxes. Records each element's on-screen box for hit testing.
extension ElementTree {
    static let spinnerFrames: [Character] = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]

    func paintPage(into buffer: inout CellBuffer) {
        buffer.clear()
        paintOrder.removeAll(keepingCapacity: true)
        let clip = CellRect(x: 0, y: 0, width: buffer.width, height: buffer.height)
        for child in root.layoutChildren { paint(child, originX: 0, originY: 0, clip: clip, into: &buffer) }
    }

    private func paint(_ e: Element, originX: Int, originY: Int, clip: CellRect, into buffer: inout CellBuffer) {
        let ax = originX + e.x, ay = originY + e.y
        e.absX = ax
        e.absY = ay
        let visible = CellRect(x: ax, y: ay, width: e.width, height: e.height).intersection(clip)
        e.visibleRect = visible
        guard !visible.isEmpty else { return }
        paintOrder.append(e)
        let isFocused = focused === e
        switch e.config {
        case .text(_, let style, _):
            for (i, line) in e.lines.enumerated() where i < e.height {
                put(line, x: ax, y: ay + i, style: style, clip: visible, into: &buffer)
            }
        case .button(let label, _):
            put("[ \(label) ]", x: ax, y: ay, style: CellStyle(attributes: isFocused ? .reverse : []), clip: visible, into: &buffer)
        case .checkbox(let checked, let label, _):
            let mark = checked ? "[x]" : "[ ]"
            let text = label.isEmpty ? mark : "\(mark) \(label)"
            put(text, x: ax, y: ay, style: CellStyle(attributes: isFocused ? .reverse : []), clip: visible, into: &buffer)
        case .textField(_, let placeholder, _, _):
            paintTextField(e, placeholder: placeholder, focused: isFocused, x: ax, y: ay, clip: visible, into: &buffer)
        case .progressBar(let value):
            let filled = Int((value * Double(e.width)).rounded())
            let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: max(0, e.width - filled))
            put(bar, x: ax, y: ay, style: .plain, clip: visible, into: &buffer)
        case .divider:
            put(String(repeating: "─", count: e.width), x: ax, y: ay, style: .plain, clip: visible, into: &buffer)
        case .spinner:
            let frame = ElementTree.spinnerFrames[spinnerFrame % ElementTree.spinnerFrames.count]
            put(String(frame), x: ax, y: ay, style: .plain, clip: visible, into: &buffer)
        case .box(let border, let title, _, _):
            if border != .none {
                drawBorder(border, title: title, style: .plain, x: ax, y: ay, width: e.width, height: e.height, clip: visible,
                           into: &buffer)
            }
            paintChildren(e.layoutChildren, originX: ax, originY: ay, clip: visible, into: &buffer)
        case .error:
            let red = CellStyle(foreground: .index(1))
            drawBorder(.single, title: "error", style: red, x: ax, y: ay, width: e.width, height: e.height, clip: visible,
                       into: &buffer)
            for (i, line) in e.lines.enumerated() where i + 2 < e.height || e.height < 3 {
                put(line, x: ax + 1, y: ay + 1 + i, style: red, clip: visible, into: &buffer)
            }
        case .listView:
            for row in e.children {
                paintChildren(row.layoutChildren, originX: ax + row.x, originY: ay + row.y, clip: visible, into: &buffer)
            }
        case .column, .row, .stack, .padding, .expanded, .scrollView, .ifControl, .forEach, .item:
            paintChildren(e.layoutChildren, originX: ax, originY: ay, clip: visible, into: &buffer)
        case .spacer:
            break
        }
    }

    private func paintChildren(_ children: [Element], originX: Int, originY: Int, clip: CellRect, into buffer: inout CellBuffer) {
        for child in children { paint(child, originX: originX, originY: originY, clip: clip, into: &buffer) }
    }

    private func paintTextField(_ e: Element, placeholder: String, focused: Bool, x: Int, y: Int, clip: CellRect,
                                into buffer: inout CellBuffer)
    {
        let underline = CellStyle(attributes: focused ? .underline : [])
        buffer.fill(x: clip.x, y: y, width: clip.width, height: y >= clip.y && y < clip.maxY ? 1 : 0,
                    with: Cell(character: " ", style: underline))
        // Keep the cursor in view: scroll the text left when it runs past the field's width.
        let cursorColumn = TextWidth.of(String(e.editText[..<min(e.cursor, e.editText.count)]))
        let shift = max(0, cursorColumn - max(0, e.width - 1))
        if e.editText.isEmpty {
            var dim = underline
            dim.attributes.insert(.dim)
            put(placeholder, x: x, y: y, style: dim, clip: clip, into: &buffer)
        } else {
            put(String(e.editText), x: x - shift, y: y, style: underline, clip: clip, into: &buffer)
        }
        if focused {
            let cx = x + cursorColumn - shift
            var cell = buffer[cx, y]
            if clip.contains(x: cx, y: y) {
                if cell.isWideContinuation { cell = Cell(character: " ") }
                cell.style.attributes.insert(.reverse)
                buffer[cx, y] = cell
            }
        }
    }

    /// Writes one line of text clipped to `clip`, dropping the columns left of it.
    func put(_ text: String, x: Int, y: Int, style: CellStyle, clip: CellRect, into buffer: inout CellBuffer) {
        guard y >= clip.y, y < clip.maxY, x < clip.maxX else { return }
        if x >= clip.x {
            buffer.write(text, x: x, y: y, style: style, maxWidth: clip.maxX - x)
            return
        }
        var column = x
        var rest = Substring(text)
        while column < clip.x, let c = rest.first {
            column += TextWidth.of(c)
            rest = rest.dropFirst()
        }
        if column < clip.maxX { buffer.write(String(rest), x: column, y: y, style: style, maxWidth: clip.maxX - column) }
    }

    private func drawBorder(_ border: BorderKind, title: String?, style: CellStyle, x: Int, y: Int, width: Int, height: Int,
                            clip: CellRect, into buffer: inout CellBuffer)
    {
        guard let (tl, tr, bl, br, hz, vt) = border.glyphs, width >= 2, height >= 2 else { return }
        let inner = width - 2
        let horizontal = String(repeating: hz, count: inner)
        put("\(tl)\(horizontal)\(tr)", x: x, y: y, style: style, clip: clip, into: &buffer)
        put("\(bl)\(horizontal)\(br)", x: x, y: y + height - 1, style: style, clip: clip, into: &buffer)
        for row in (y + 1)..<(y + height - 1) {
            put(String(vt), x: x, y: row, style: style, clip: clip, into: &buffer)
            put(String(vt), x: x + width - 1, y: row, style: style, clip: clip, into: &buffer)
        }
        if let title, !title.isEmpty, inner >= 3 {
            put(" \(title) ", x: x + 1, y: y, style: style, clip: CellRect(x: x + 1, y: y, width: inner, height: 1).intersection(clip),
                into: &buffer)
        }
    }
}
