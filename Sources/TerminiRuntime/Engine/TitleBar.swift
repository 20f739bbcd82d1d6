import TerminiTemplate
import TerminiUI

/// The one-line navigation bar above a page, in the theme's `titleBar` style (reverse video by default).
///
/// It appears on every page above the root (with `‹`, which a click or Esc follows back), and on the root when
/// its page declares a `title:` or the app calls `setNavigationBarTitle`: a page says what it is from the first
/// screen, a pushed page also how to leave, and a root page without a title keeps all its rows.
final class TitleBarLayer: CompositorLayer, ThemedLayer {
    var title = ""
    var canGoBack = false
    var theme = Theme()
    private let screen = EngineScreen(surface: EngineSurface.titleBar)

    static func isShown(for entry: PageEntry, depth: Int) -> Bool { depth > 1 || entry.titleSetByApp || entry.title != nil }

    /// What the bar shows, compared frame to frame so that an unchanged bar builds nothing.
    private struct Shown: Equatable {
        var title: String
        var canGoBack: Bool
    }

    /// The back arrow's tap handler.
    private static let back = "back"

    /// Its row, from `ScreenRegions`.
    var region = CellRect.none

    func frame(in screen: CellRect) -> CellRect { region }

    func paint(into buffer: inout CellBuffer, frame: CellRect) {
        screen.setTheme(theme)
        screen.show(Shown(title: title, canGoBack: canGoBack)) { shown in
            let title = ChromeNode.text("title", wrap: false)
            guard shown.canGoBack else { return (ChromeNode.row([title]), ["title": .string(" " + shown.title)]) }
            return (ChromeNode.row([ChromeNode.node("Text", ["p1": " ‹ ", "wrap": false, "onTap": .string(Self.back)]), title]),
                    ["title": .string(shown.title)])
        }
        screen.layout(width: frame.width, height: frame.height)
        screen.paint(into: &buffer, at: frame)
    }

    /// A mouse event on the bar, in its coordinates: whether it pressed the back arrow.
    func pressesBack(_ mouse: MouseEvent) -> Bool {
        screen.handle(.mouse(mouse)).contains { $0.handler == Self.back }
    }

    var inputPolicy: LayerInputPolicy { .inFrame }
}
