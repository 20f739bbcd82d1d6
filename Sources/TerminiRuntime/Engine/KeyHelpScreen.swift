import TerminiTemplate
import TerminiUI

/// The `?` help: every key binding and the engine's own keys, in a box over the page. Esc, `?`, `q`, Enter or
/// Space closes it; other keys are ignored while it is open.
final class KeyHelpPresenter: CompositorLayer, ThemedLayer {
    private(set) var isOpen = false
    var theme = Theme()
    /// The host's own keys (`EngineOptions.hostKeys`), listed last.
    var hostKeys: [(key: String, action: String)] = []
    /// The keys and what they do, a line each, the keys in a column.
    private var body = ""
    private let screen = EngineScreen(surface: EngineSurface.overlay)

    func open(_ bindings: KeyBindings, tabs: Bool) {
        let lines = bindings.helpLines(refreshes: true, tabs: tabs) + hostKeys
        let keyWidth = lines.map { TextWidth.of($0.key) }.max() ?? 0
        body = lines.map { $0.key + String(repeating: " ", count: keyWidth - TextWidth.of($0.key)) + "  " + $0.action }
            .joined(separator: "\n")
        isOpen = true
    }

    func handle(_ key: Key) {
        switch key {
        case .escape, .enter, .character("?"), .character("q"), .space: isOpen = false
        default: break
        }
    }

    func frame(in screen: CellRect) -> CellRect { isOpen ? screen : .none }

    func paint(into buffer: inout CellBuffer, frame: CellRect) {
        screen.setTheme(theme)
        screen.show(body) { body in
            (ChromeNode.box([ChromeNode.column([ChromeNode.text("heading", style: ["bold"], wrap: false),
                                                ChromeNode.text("body", wrap: false)])]),
             ["heading": "Keys", "body": .string("\n" + body + "\n\nEsc closes this help")])
        }
        let size = screen.layout(width: frame.width, height: frame.height)
        screen.paint(into: &buffer, at: frame.centring(size))
    }

    var inputPolicy: LayerInputPolicy { .exclusive }
}
