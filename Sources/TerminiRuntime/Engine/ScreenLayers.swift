import TerminiFrames
import TerminiScript
import TerminiUI

/// The engine's own layers, composed above and around the top page by `FramePresenter`: each holds what it shows
/// in the current frame and the app's theme, and the compositor clips it and routes pointer events by its input
/// policy.

/// A layer drawn in the app's theme, which `FramePresenter` hands it before each frame.
protocol ThemedLayer: AnyObject {
    var theme: Theme { get set }
}

/// The navigation bar in row 0; a click on its back arrow goes back.
final class TitleBarLayer: CompositorLayer, ThemedLayer {
    var title = ""
    var canGoBack = false
    var theme = Theme()

    func frame(in screen: CellRect) -> CellRect { CellRect(x: 0, y: 0, width: screen.width, height: min(1, screen.height)) }
    func paint(into buffer: inout CellBuffer, frame: CellRect) { TitleBar.paint(title: title, canGoBack: canGoBack, theme: theme, into: &buffer) }
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
final class ModalLayer: CompositorLayer, ThemedLayer {
    var modal: ModalOverlay?
    var theme = Theme()

    func frame(in screen: CellRect) -> CellRect { modal == nil ? CellRect(x: 0, y: 0, width: 0, height: 0) : screen }
    func paint(into buffer: inout CellBuffer, frame: CellRect) { if let modal { OverlayPainter.paintModal(modal, look: OverlayLook(theme: theme), into: &buffer) } }
    var inputPolicy: LayerInputPolicy { .exclusive }
}

/// `showActionSheet`'s choices at the bottom: they take all input while open.
final class ActionSheetLayer: CompositorLayer, ThemedLayer {
    var sheet: ActionSheetOverlay?
    var theme = Theme()

    func frame(in screen: CellRect) -> CellRect { sheet == nil ? CellRect(x: 0, y: 0, width: 0, height: 0) : screen }
    func paint(into buffer: inout CellBuffer, frame: CellRect) { if let sheet { OverlayPainter.paintActionSheet(sheet, look: OverlayLook(theme: theme), into: &buffer) } }
    var inputPolicy: LayerInputPolicy { .exclusive }
}

/// `showLoading`'s spinner: the page under it takes no input until `hideLoading`.
final class LoadingLayer: CompositorLayer, ThemedLayer {
    var loading: LoadingOverlay?
    var theme = Theme()
    var spinnerFrame = 0

    func frame(in screen: CellRect) -> CellRect { loading == nil ? CellRect(x: 0, y: 0, width: 0, height: 0) : screen }
    func paint(into buffer: inout CellBuffer, frame: CellRect) {
        if let loading { OverlayPainter.paintLoading(loading, frame: spinnerFrame, look: OverlayLook(theme: theme), into: &buffer) }
    }
    var inputPolicy: LayerInputPolicy { .exclusive }
}

/// `showToast`'s messages, up to three stacked: they show but never take input.
final class ToastLayer: CompositorLayer, ThemedLayer {
    var toasts: [ToastOverlay] = []
    var theme = Theme()

    func frame(in screen: CellRect) -> CellRect { toasts.isEmpty ? CellRect(x: 0, y: 0, width: 0, height: 0) : screen }
    func paint(into buffer: inout CellBuffer, frame: CellRect) {
        OverlayPainter.paintToasts(toasts, look: OverlayLook(theme: theme), into: &buffer)
    }
    var inputPolicy: LayerInputPolicy { .passThrough }
}

/// The `--perf` frame-time panel: the screen's last row, which the page gives up for it (it never covers the page).
final class PerformanceHUDLayer: CompositorLayer {
    var hud: PerformanceHUD

    init(hud: PerformanceHUD) { self.hud = hud }

    func frame(in screen: CellRect) -> CellRect {
        screen.height > 0 ? CellRect(x: 0, y: screen.height - 1, width: screen.width, height: 1) : CellRect(x: 0, y: 0, width: 0, height: 0)
    }
    func paint(into buffer: inout CellBuffer, frame: CellRect) { hud.paintRow(into: &buffer, y: frame.y) }
    var inputPolicy: LayerInputPolicy { .passThrough }
}

/// The one-line footer under a page with labelled key bindings: `^R Refresh  d Archive  ? Help`.
final class FooterLayer: CompositorLayer, ThemedLayer {
    var bindings: KeyBindings?
    var theme = Theme()

    /// Rows kept free under the footer (the `--perf` panel's).
    var rowsBelow = 0

    func frame(in screen: CellRect) -> CellRect {
        guard bindings?.showsFooter == true, screen.height > 1 + rowsBelow else { return CellRect(x: 0, y: 0, width: 0, height: 0) }
        return CellRect(x: 0, y: screen.maxY - 1 - rowsBelow, width: screen.width, height: 1)
    }

    func paint(into buffer: inout CellBuffer, frame: CellRect) {
        guard let bindings else { return }
        let style = theme.surface(EngineSurface.footer).applied(to: .plain)
        buffer.fill(x: frame.x, y: frame.y, width: frame.width, height: 1, with: Cell(character: " ", style: style))
        buffer.write(" " + bindings.footerText(width: max(0, frame.width - 1)), x: frame.x, y: frame.y, style: style,
                     maxWidth: frame.width)
    }

    var inputPolicy: LayerInputPolicy { .passThrough }
}

/// The tab strip (app.json `tabBar`) under a tab page: ` Inbox │ Settings `, in the theme's `tabBar` style and the
/// shown tab in its `tabBar:selected` (by default reverse video, and the shown tab bold, underlined and not reversed).
/// A click on a label switches to that tab; `[` and `]` switch to the previous and next.
final class TabBarLayer: CompositorLayer, ThemedLayer {
    var theme = Theme()
    var tabs: [TabBar.Item] = []
    var selected = ""
    /// Rows between the strip and the bottom of the screen (the footer's).
    var rowsBelow = 0
    /// Each tab's columns as last painted, for clicks.
    private var columns: [(range: Range<Int>, page: String)] = []

    func frame(in screen: CellRect) -> CellRect {
        guard !tabs.isEmpty, screen.height > rowsBelow + 1 else { return CellRect(x: 0, y: 0, width: 0, height: 0) }
        return CellRect(x: 0, y: screen.maxY - 1 - rowsBelow, width: screen.width, height: 1)
    }

    func paint(into buffer: inout CellBuffer, frame: CellRect) {
        let style = theme.surface(EngineSurface.tabBar).applied(to: .plain)
        let selectedStyle = theme.surface(EngineSurface.tabBar, state: .selected).applied(to: .plain)
        buffer.fill(x: frame.x, y: frame.y, width: frame.width, height: 1, with: Cell(character: " ", style: style))
        columns = []
        var x = frame.x + 1
        for (index, tab) in tabs.enumerated() {
            if index > 0 { x += buffer.write(" │ ", x: x, y: frame.y, style: style, maxWidth: max(0, frame.maxX - x)) }
            let label = " \(tab.text) "
            let width = buffer.write(label, x: x, y: frame.y, style: tab.page == selected ? selectedStyle : style,
                                     maxWidth: max(0, frame.maxX - x))
            columns.append((x..<(x + width), tab.page))
            x += width
        }
    }

    /// The tab under column `x` of the strip.
    func tab(atColumn x: Int) -> String? { columns.first { $0.range.contains(x) }?.page }

    var inputPolicy: LayerInputPolicy { .inFrame }
}

/// The `?` help: every key binding and the engine's own keys, in a box over the page. Any key closes it.
final class KeyHelpPresenter: CompositorLayer, ThemedLayer {
    private(set) var isOpen = false
    var theme = Theme()
    private var lines: [(key: String, action: String)] = []
    /// The host's own keys (`EngineOptions.hostKeys`), listed last.
    var hostKeys: [(key: String, action: String)] = []

    func open(_ bindings: KeyBindings, tabs: Bool) {
        lines = bindings.helpLines(refreshes: true, tabs: tabs) + hostKeys
        isOpen = true
    }

    /// Esc, `?`, `q` or Enter closes the help; other keys are ignored while it is open.
    func handle(_ key: Key) {
        switch key {
        case .escape, .enter, .character("?"), .character("q"), .space: isOpen = false
        default: break
        }
    }

    func frame(in screen: CellRect) -> CellRect { isOpen ? screen : CellRect(x: 0, y: 0, width: 0, height: 0) }

    func paint(into buffer: inout CellBuffer, frame: CellRect) {
        let keyWidth = lines.map { TextWidth.of($0.key) }.max() ?? 0
        let rows = ["Keys", ""] + lines.map { $0.key + String(repeating: " ", count: keyWidth - TextWidth.of($0.key)) + "  " + $0.action }
            + ["", "Esc closes this help"]
        let width = min(frame.width, (rows.map { TextWidth.of($0) }.max() ?? 0) + 4)
        let height = min(frame.height, rows.count + 2)
        guard width >= 4, height >= 3 else { return }
        let x = (frame.width - width) / 2, y = (frame.height - height) / 2
        let look = OverlayLook(theme: theme)
        OverlayPainter.drawBox(x: x, y: y, width: width, height: height, look: look, into: &buffer)
        for (i, row) in rows.prefix(height - 2).enumerated() {
            buffer.write(row, x: x + 2, y: y + 1 + i, style: i == 0 ? look.bold : look.box, maxWidth: width - 4)
        }
    }

    var inputPolicy: LayerInputPolicy { .exclusive }
}
