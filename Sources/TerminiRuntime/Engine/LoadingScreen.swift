import TerminiTemplate
import TerminiUI

/// `showLoading`'s box: a Spinner and the title in the middle of the screen. The page under it takes no input until
/// `hideLoading`.
final class LoadingLayer: CompositorLayer, ThemedLayer {
    var loading: LoadingOverlay?
    var theme = Theme()
    /// The spinner's frame (ten a second), which `OverlayPresenter.tickLoading` advances.
    var spinnerFrame = 0
    private let screen = EngineScreen(surface: EngineSurface.overlay)

    func frame(in screen: CellRect) -> CellRect { loading == nil ? .none : screen }

    func paint(into buffer: inout CellBuffer, frame: CellRect) {
        guard let loading, frame.width >= 6, frame.height >= 3 else { return }
        screen.setTheme(theme)
        screen.show(loading.title.isEmpty ? "Loading" : loading.title) { title in
            (ChromeNode.box(padding: 2, [ChromeNode.row(spacing: 1, [ChromeNode.node("Spinner"),
                                                                     ChromeNode.text("title", style: ["bold"], wrap: false)])]),
             ["title": .string(title)])
        }
        screen.tick(frame: spinnerFrame)
        let size = screen.layout(width: frame.width, height: 3)
        screen.paint(into: &buffer, at: frame.centring(size))
    }

    var inputPolicy: LayerInputPolicy { .exclusive }
}
