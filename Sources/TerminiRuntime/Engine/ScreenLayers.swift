import TerminiFrames
import TerminiUI

/// The engine's own layers, composed above and around the top page by `FramePresenter`: each holds what it shows
/// in the current frame and the app's theme, and the compositor clips it and routes pointer events by its input
/// policy. The screens among them (bars, dialogs, toasts, the key help) are `EngineScreen`s, one file each.

/// A layer drawn in the app's theme, which `FramePresenter` hands it before each frame.
protocol ThemedLayer: AnyObject {
    var theme: Theme { get set }
}

/// The `--perf` frame-time panel: the screen's last row, which the page gives up for it (it never covers the page).
final class PerformanceHUDLayer: CompositorLayer {
    var hud: PerformanceHUD
    /// Its row, from `ScreenRegions`.
    var region = CellRect.none

    init(hud: PerformanceHUD) { self.hud = hud }

    func frame(in screen: CellRect) -> CellRect { region }
    func paint(into buffer: inout CellBuffer, frame: CellRect) { hud.paintRow(into: &buffer, y: frame.y) }
    var inputPolicy: LayerInputPolicy { .passThrough }
}

