import TerminiFrames
import TerminiScript
import TerminiUI

/// The engine's own layers, composed above and around the top page by `FramePresenter`: each holds what it shows
/// in the current frame, and the compositor clips it and routes pointer events by its input policy.

/// The navigation bar in row 0; a click on its back arrow goes back.
final class TitleBarLayer: CompositorLayer {
    var title = ""
    var canGoBack = false

    func frame(in screen: CellRect) -> CellRect { CellRect(x: 0, y: 0, width: screen.width, height: min(1, screen.height)) }
    func paint(into buffer: inout CellBuffer, frame: CellRect) { TitleBar.paint(title: title, canGoBack: canGoBack, into: &buffer) }
    var inputPolicy: LayerInputPolicy { .inFrame }
}

/// The red box that replaces a page whose script failed.
final class ErrorScreenLayer: CompositorLayer {
    var error: ScriptError?

    func frame(in screen: CellRect) -> CellRect { error == nil ? CellRect(x: 0, y: 0, width: 0, height: 0) : screen }
    func paint(into buffer: inout CellBuffer, frame: CellRect) { if let error { ErrorScreen.paint(error, into: &buffer) } }
    /// Leaving an error screen is Esc's job; clicks on it do nothing.
    var inputPolicy: LayerInputPolicy { .exclusive }
}

/// `showModal`'s dialog: it takes all input while open, so nothing below it is reachable.
final class ModalLayer: CompositorLayer {
    var modal: ModalOverlay?

    func frame(in screen: CellRect) -> CellRect { modal == nil ? CellRect(x: 0, y: 0, width: 0, height: 0) : screen }
    func paint(into buffer: inout CellBuffer, frame: CellRect) { if let modal { OverlayPainter.paintModal(modal, into: &buffer) } }
    var inputPolicy: LayerInputPolicy { .exclusive }
}

/// `showToast`'s message: it shows but never takes input.
final class ToastLayer: CompositorLayer {
    var toast: ToastOverlay?

    func frame(in screen: CellRect) -> CellRect { toast == nil ? CellRect(x: 0, y: 0, width: 0, height: 0) : screen }
    func paint(into buffer: inout CellBuffer, frame: CellRect) { if let toast { OverlayPainter.paintToast(toast, into: &buffer) } }
    var inputPolicy: LayerInputPolicy { .passThrough }
}

/// The `--perf` frame-time panel in the top-right corner.
final class PerformanceHUDLayer: CompositorLayer {
    var hud: PerformanceHUD

    init(hud: PerformanceHUD) { self.hud = hud }

    func frame(in screen: CellRect) -> CellRect {
        let w = min(hud.width, screen.width), h = min(PerformanceHUD.height, screen.height)
        return CellRect(x: screen.width - w, y: 0, width: w, height: h)
    }
    func paint(into buffer: inout CellBuffer, frame: CellRect) { hud.paint(into: &buffer) }
    var inputPolicy: LayerInputPolicy { .passThrough }
}
