import TerminiTemplate
import TerminiUI

/// `showToast`'s messages, up to three stacked, newest lowest: each a box of widgets in its level's colours, centred,
/// the newest two rows above the bottom edge (where it hides the least of a typical page). They show but never take
/// input.
final class ToastLayer: CompositorLayer, ThemedLayer {
    var toasts: [ToastOverlay] = []
    var theme = Theme()
    /// A screen per place in the stack, newest first, kept from frame to frame.
    private var screens: [EngineScreen] = []

    /// What a toast's screen shows: its expiry changes nothing on screen.
    private struct Shown: Equatable {
        var title: String
        var level: ToastLevel
    }

    func frame(in screen: CellRect) -> CellRect { toasts.isEmpty ? .none : screen }

    func paint(into buffer: inout CellBuffer, frame: CellRect) {
        guard frame.width >= 6, frame.height >= 3 else { return }
        while screens.count < toasts.count { screens.append(EngineScreen(surface: EngineSurface.overlay)) }
        for (depth, toast) in toasts.reversed().enumerated() {
            let y = frame.maxY - 4 - 3 * depth
            guard y >= frame.y else { break }
            let screen = screens[depth]
            screen.setTheme(theme)
            screen.show(Shown(title: toast.title, level: toast.level)) { shown in
                // One line: a long message ends in `…` rather than growing the box over the page.
                (ChromeNode.box(styleClass: ChromeNode.toastBox(shown.level),
                                [ChromeNode.text("title", styleClass: shown.level.surface, wrap: false)]),
                 ["title": .string(shown.title)])
            }
            let size = screen.layout(width: frame.width - 2, height: 3)
            screen.paint(into: &buffer, at: CellRect(x: frame.x + (frame.width - size.width) / 2, y: y, width: size.width, height: size.height))
        }
    }

    var inputPolicy: LayerInputPolicy { .passThrough }
}
