import TerminiTemplate
import TerminiUI

/// The one-line footer under a page with labelled key bindings: `^R Refresh  d Archive  ? Help`, in the theme's
/// `footer` style.
final class FooterLayer: CompositorLayer, ThemedLayer {
    var bindings: KeyBindings?
    var theme = Theme()
    /// Its row, from `ScreenRegions`.
    var region = CellRect.none
    private let screen = EngineScreen(surface: EngineSurface.footer)

    func frame(in screen: CellRect) -> CellRect { region }

    func paint(into buffer: inout CellBuffer, frame: CellRect) {
        guard let bindings else { return }
        screen.setTheme(theme)
        screen.show(" " + bindings.footerText(width: max(0, frame.width - 1))) { text in
            (ChromeNode.text("keys", wrap: false), ["keys": .string(text)])
        }
        screen.layout(width: frame.width, height: 1)
        screen.paint(into: &buffer, at: frame)
    }

    var inputPolicy: LayerInputPolicy { .passThrough }
}

/// The tab strip (app.json `tabBar`) under a tab page: ` Inbox │ Settings `, a Row of Texts in the theme's
/// `tabBar` style and the shown tab in its `tabBar:selected` (by default reverse video, and the shown tab bold,
/// underlined and not reversed). A click on a label switches to that tab; `[` and `]` switch to the previous and
/// next.
final class TabBarLayer: CompositorLayer, ThemedLayer {
    var theme = Theme()
    var tabs: [TabBar.Item] = []
    var selected = ""
    /// Its row, from `ScreenRegions`.
    var region = CellRect.none
    private let screen = EngineScreen(surface: nil)

    /// What the strip shows, compared frame to frame so that an unchanged strip builds nothing.
    private struct Shown: Equatable {
        var labels: [String]
        var selected: Int?
    }

    func frame(in screen: CellRect) -> CellRect { region }

    func paint(into buffer: inout CellBuffer, frame: CellRect) {
        screen.setTheme(theme)
        screen.show(Shown(labels: tabs.map(\.text), selected: tabs.firstIndex { $0.page == selected })) { shown in
            // Each piece in its style rather than the strip in one: the shown tab is not reversed as the strip is.
            let bar = EngineSurface.tabBar
            var items = [ChromeNode.node("Text", ["p1": " ", "wrap": false, "styleClass": .string(bar)])]
            var data: [String: JSONValue] = [:]
            for (index, label) in shown.labels.enumerated() {
                if index > 0 { items.append(ChromeNode.node("Text", ["p1": " │ ", "wrap": false, "styleClass": .string(bar)])) }
                items.append(ChromeNode.text("tab\(index)", styleClass: index == shown.selected ? ChromeNode.tabSelected : bar,
                                             wrap: false, extra: ["onTap": .string("tab\(index)")]))
                data["tab\(index)"] = .string(" \(label) ")
            }
            items.append(ChromeNode.node("Expanded", ["styleClass": .string(bar)], [ChromeNode.node("Text", ["p1": ""])]))
            return (ChromeNode.row(items), data)
        }
        screen.layout(width: frame.width, height: 1)
        screen.paint(into: &buffer, at: frame)
    }

    /// The tab a mouse event on the strip (in its coordinates) pressed.
    func tab(pressedBy mouse: MouseEvent) -> String? {
        for event in screen.handle(.mouse(mouse)) {
            if let index = Int(event.handler.dropFirst(3)), tabs.indices.contains(index) { return tabs[index].page }
        }
        return nil
    }

    var inputPolicy: LayerInputPolicy { .inFrame }
}
