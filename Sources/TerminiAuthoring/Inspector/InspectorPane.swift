import TerminiRuntime
import TerminiTemplate
import TerminiUI

/// The inspector pane of `termini preview` (F12): a column at the right of the terminal with one section at a time
/// (tree, data, bridge, storage, frames; Tab or 1–5 switch), and the tree's selected widget highlighted on the
/// app's screen. It shows the same JSON as the inspector socket, laid out for reading. UI thread only.
final class InspectorPane {
    /// Whether keys go to the pane (true) or to the app (false) while it is open.
    var hasKeyboard = true
    private(set) var sectionIndex = 0
    /// The selected row of the tree section.
    private(set) var selectedRow = 0
    /// The first row shown, per section.
    private var scroll = [Int](repeating: 0, count: InspectorSection.all.count)
    /// The tree's rows as last read, for selection and the highlight.
    private var treeRows: [(depth: Int, widget: InspectedWidget)] = []
    /// The rows the pane shows for the current section, as last read.
    private var rows: [String] = []
    /// Rows the body had at the last paint (for paging).
    private var bodyHeight = 1

    /// Black on cyan, underlined so that it shows under `NO_COLOR` too.
    static let highlight = CellStyle(foreground: .index(0), background: .index(6), attributes: [.underline])
    private static let headerStyle = CellStyle(attributes: [.reverse])
    private static let tabStyle = CellStyle(attributes: [.bold])
    private static let selectedStyle = CellStyle(attributes: [.reverse])
    private static let hintStyle = CellStyle(attributes: [.dim])

    var section: InspectorSection { InspectorSection.all[sectionIndex] }
    /// Whether the shown section is the widget tree, whose rows select widgets instead of scrolling.
    private var showsTree: Bool { section.lines == nil }

    /// The pane's width for a terminal `width` columns wide (its separator column included): two fifths, at least
    /// 44 (the section tabs) and at most 72 columns, and never so wide that the app has fewer than 10.
    static func width(forTerminal width: Int) -> Int { max(0, min(min(72, max(44, width * 2 / 5)), width - 10)) }

    /// Reads the current section from `source`.
    func refresh(from source: InspectorSource) {
        if let lines = section.lines {
            rows = lines(section.json(source))
        } else {
            treeRows = []
            if let page = source.engine.inspectedPage { flatten(page.tree, depth: 0) }
            selectedRow = min(selectedRow, max(0, treeRows.count - 1))
            rows = treeRows.map { Self.treeLine($0.widget, depth: $0.depth) }
        }
    }

    private func flatten(_ widget: InspectedWidget, depth: Int) {
        treeRows.append((depth, widget))
        for child in widget.children { flatten(child, depth: depth + 1) }
    }

    /// `Text #title key=ValueKey(2) 0,1 20×1 focused "Hello"`.
    static func treeLine(_ widget: InspectedWidget, depth: Int) -> String {
        var line = String(repeating: " ", count: min(depth, 12)) + (widget.component ?? widget.kind)
        if let id = widget.id { line += " #" + id }
        if let key = widget.key { line += " " + key }
        if let box = widget.box { line += " \(box.x),\(box.y) \(box.width)×\(box.height)" } else { line += " (not painted)" }
        if widget.focused { line += " *focused*" }
        if let text = widget.text { line += " \"" + String(text.prefix(40)) + "\"" }
        return line
    }

    /// The selected widget's box on the app's screen, when the tree section is shown.
    var highlightedBox: CellRect? {
        guard showsTree, treeRows.indices.contains(selectedRow) else { return nil }
        return treeRows[selectedRow].widget.box
    }

    /// Handles a key while the pane has the keyboard; false for keys it leaves to the app (Ctrl-C).
    func handle(_ key: Key) -> Bool {
        let sections = InspectorSection.all.count
        switch key {
        case .control("c"), .control("q"): return false
        case .escape: hasKeyboard = false
        case .tab: sectionIndex = (sectionIndex + 1) % sections
        case .backTab: sectionIndex = (sectionIndex + sections - 1) % sections
        case .character(let c) where c.wholeNumberValue.map({ (1...sections).contains($0) }) == true:
            sectionIndex = c.wholeNumberValue! - 1
        case .up, .character("k"): move(by: -1)
        case .down, .character("j"): move(by: 1)
        case .pageUp: move(by: -bodyHeight)
        case .pageDown: move(by: bodyHeight)
        case .home: move(by: -rows.count)
        case .end: move(by: rows.count)
        default: break
        }
        return true
    }

    private func move(by rowCount: Int) {
        if showsTree {
            selectedRow = max(0, min(treeRows.count - 1, selectedRow + rowCount))
        } else {
            scroll[sectionIndex] = max(0, min(max(0, rows.count - bodyHeight), scroll[sectionIndex] + rowCount))
        }
    }

    /// Paints the pane into `frame` of `buffer`: a separator column, the section tabs, the rows, the key hints.
    func paint(into buffer: inout CellBuffer, frame: CellRect) {
        guard frame.width > 2, frame.height > 2 else { return }
        buffer.fill(x: frame.x, y: frame.y, width: frame.width, height: frame.height, with: .blank)
        for y in frame.y..<frame.maxY { _ = buffer.write("│", x: frame.x, y: y, style: Self.hintStyle) }
        let x = frame.x + 1, width = frame.width - 1
        buffer.fill(x: x, y: frame.y, width: width, height: 1, with: Cell(character: " ", style: Self.headerStyle))
        var column = x
        for (index, section) in InspectorSection.all.enumerated() {
            let label = " \(index + 1) \(section.name)"
            let style = index == sectionIndex ? Self.tabStyle : Self.headerStyle
            column += buffer.write(label, x: column, y: frame.y, style: style, maxWidth: max(0, x + width - column))
        }
        bodyHeight = max(1, frame.height - 2)
        let selection = showsTree ? selectedRow : nil
        if let selection {
            // The selected row stays in view.
            let top = scroll[sectionIndex]
            if selection < top { scroll[sectionIndex] = selection }
            if selection >= top + bodyHeight { scroll[sectionIndex] = selection - bodyHeight + 1 }
        }
        scroll[sectionIndex] = max(0, min(scroll[sectionIndex], max(0, rows.count - 1)))
        let first = scroll[sectionIndex]
        for (offset, row) in rows.dropFirst(first).prefix(bodyHeight).enumerated() {
            let y = frame.y + 1 + offset
            let style = first + offset == selection ? Self.selectedStyle : CellStyle.plain
            if style != .plain { buffer.fill(x: x, y: y, width: width, height: 1, with: Cell(character: " ", style: style)) }
            _ = buffer.write(row, x: x + 1, y: y, style: style, maxWidth: width - 1)
        }
        let hint = hasKeyboard ? "Tab/1-5 section  ↑↓ move  Esc app  F12 close" : "F12 inspect  (keys go to the app)"
        _ = buffer.write(hint, x: x + 1, y: frame.maxY - 1, style: Self.hintStyle, maxWidth: width - 1)
    }

    /// Restyles the cells of `box` (clipped to `frame`) so the selected widget stands out on the app's screen.
    static func highlight(_ box: CellRect, in buffer: inout CellBuffer, within frame: CellRect) {
        let left = max(box.x, frame.x), right = min(box.maxX, frame.maxX)
        let top = max(box.y, frame.y), bottom = min(box.maxY, frame.maxY)
        guard left < right, top < bottom else { return }
        for y in top..<bottom {
            for x in left..<right {
                var cell = buffer[x, y]
                cell.style = highlight
                buffer[x, y] = cell
            }
        }
    }
}
