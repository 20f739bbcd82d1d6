import TerminiTemplate
import TerminiUI

/// `showActionSheet`'s choices at the bottom of the screen, a Text a row in an overlay box with Cancel under a
/// rule; the current one in the theme's `OptionList:selected` look. It takes all input while open.
final class ActionSheetLayer: CompositorLayer, ThemedLayer {
    var sheet: ActionSheetOverlay?
    var theme = Theme()
    private let screen = EngineScreen(surface: EngineSurface.overlay)
    /// Where the sheet was last painted, in screen coordinates.
    private var box = CellRect.none

    /// What the sheet shows, compared frame to frame so that an unchanged sheet builds nothing.
    private struct Shown: Equatable {
        var items: [String]
        var focused: Int
    }

    /// What a click picked.
    enum Pick: Equatable { case item(Int), cancel }

    private static let cancel = "cancel"
    private static let current = "sheet.current"
    private static let dimmed = "sheet.cancel"

    func frame(in screen: CellRect) -> CellRect { sheet == nil ? .none : screen }

    func paint(into buffer: inout CellBuffer, frame: CellRect) {
        guard let sheet else { return }
        var look = theme
        // The current choice as an OptionList's, bold too so it stands out in any theme; Cancel as a placeholder.
        var current = theme.style(.selected, kind: "OptionList")
        current.attributes.insert(.bold)
        look.styles[Self.current] = current
        look.styles[Self.dimmed] = theme.style(.placeholder, kind: "Button")
        screen.setTheme(look)
        screen.show(Shown(items: sheet.items, focused: sheet.focused)) { shown in
            var rows: [TemplateNode] = []
            var data: [String: JSONValue] = ["cancel": .string(ActionSheetOverlay.cancelLabel)]
            for (index, item) in shown.items.enumerated() {
                rows.append(ChromeNode.text("item\(index)", styleClass: index == shown.focused ? Self.current : nil, wrap: false,
                                            extra: ["onTap": .string("item\(index)")]))
                data["item\(index)"] = .string(" \(item) ")
            }
            rows.append(ChromeNode.node("Divider", ["styleClass": .string(EngineSurface.border)]))
            rows.append(ChromeNode.column(align: "center", [
                ChromeNode.text("cancel", styleClass: Self.dimmed, wrap: false, extra: ["onTap": .string(Self.cancel)]),
            ]))
            // As wide as its longest choice (a stretched column alone would take the whole screen).
            let widest = (shown.items + [ActionSheetOverlay.cancelLabel]).map { TextWidth.of($0) }.max() ?? 0
            data["width"] = .number(Double(widest + 6))
            var box = ChromeNode.box([ChromeNode.column(align: "stretch", rows)])
            box.props["width"] = "{{width}}"
            return (box, data)
        }
        let size = screen.layout(width: frame.width, height: frame.height)
        box = CellRect(x: frame.x + (frame.width - size.width) / 2, y: frame.maxY - min(size.height, frame.height),
                       width: size.width, height: min(size.height, frame.height))
        screen.paint(into: &buffer, at: box)
    }

    /// What a press at screen cell (`mouse.x`, `mouse.y`) picks: a choice, or Cancel, which a click outside the
    /// sheet is too (as a tap on the mask is in WeChat); nil for the sheet's border and rule.
    func pick(at mouse: MouseEvent) -> Pick? {
        guard box.contains(x: mouse.x, y: mouse.y) else { return .cancel }
        let local = MouseEvent(x: mouse.x - box.x, y: mouse.y - box.y, kind: mouse.kind)
        for event in screen.handle(.mouse(local)) {
            if event.handler == Self.cancel { return .cancel }
            if let index = Int(event.handler.dropFirst(4)) { return .item(index) }
        }
        return nil
    }

    var inputPolicy: LayerInputPolicy { .exclusive }
}
