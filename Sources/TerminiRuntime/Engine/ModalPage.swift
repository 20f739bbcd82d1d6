import TerminiBridge
import TerminiTemplate
import TerminiUI

/// The size a modal page asked for (`navigateTo({url, modal: true, width, height})`), in cells inside its border;
/// what is left out comes from the screen (the width) and the page's content (the height).
struct ModalPageSize: Equatable {
    var width: Int?
    var height: Int?

    /// Reads `modal`, `width` and `height` from navigateTo's params; nil for a full page.
    init?(params: JSONValue) throws(CommandError) {
        guard try params.optionalBool("modal") == true else {
            if params["width"] != nil || params["height"] != nil {
                throw CommandError(.invalidParameter, "parameters 'width' and 'height' size a modal page: pass modal: true with them")
            }
            return nil
        }
        width = try Self.cells("width", params)
        height = try Self.cells("height", params)
    }

    private static func cells(_ key: String, _ params: JSONValue) throws(CommandError) -> Int? {
        guard let n = try params.optionalNumber(key) else { return nil }
        guard n == n.rounded(), n >= 1, n <= 1_000 else {
            throw CommandError(.invalidParameter, "parameter '\(key)' must be a whole number of cells from 1 to 1000, got \(n)")
        }
        return Int(n)
    }

    /// Where the page sits inside `area` (the screen minus the footer): centred, its border one cell outside it.
    /// Without a declared height it is as tall as its content, which `layout` lays out at the tallest that fits.
    func placement(in area: CellRect, layout: (_ width: Int, _ maxHeight: Int) -> Int) -> (outer: CellRect, inner: CellRect) {
        let maxWidth = max(1, area.width - 4), maxHeight = max(1, area.height - 2)
        let width = min(maxWidth, width ?? min(maxWidth, Self.defaultWidth))
        let content = layout(width, height.map { min($0, maxHeight) } ?? maxHeight)
        let height = min(maxHeight, self.height ?? max(1, content))
        let x = area.x + max(0, (area.width - width - 2) / 2)
        let y = area.y + max(0, (area.height - height - 2) / 2)
        return (CellRect(x: x, y: y, width: width + 2, height: height + 2), CellRect(x: x + 1, y: y + 1, width: width, height: height))
    }

    /// A dialog's width when the page declares none: readable, and narrower than most terminals.
    static let defaultWidth = 60
}

/// What lies under a modal page: the page that opened it, dimmed. It takes the clicks that miss the modal page, so
/// nothing under it is reachable (the modal page traps the focus as a dialog does).
final class DimLayer: CompositorLayer {
    var isShown = false

    func frame(in screen: CellRect) -> CellRect { isShown ? screen : CellRect(x: 0, y: 0, width: 0, height: 0) }
    func paint(into buffer: inout CellBuffer, frame: CellRect) {
        for y in frame.y..<frame.maxY {
            for x in frame.x..<frame.maxX { buffer[x, y].style.attributes.insert(.dim) }
        }
    }
    var inputPolicy: LayerInputPolicy { .exclusive }
}

/// A modal page's box: a Box of the theme's overlay look the size of the page plus its border, with the page's
/// title in the top edge. The page itself is painted inside it by its own layer.
final class ModalPageFrameLayer: CompositorLayer, ThemedLayer {
    var theme = Theme()
    var outer: CellRect?
    var title = ""
    private let screen = EngineScreen(surface: EngineSurface.overlay)

    /// What the box shows: its size is the page's, so a resize patches it.
    private struct Shown: Equatable {
        var title: String
        var width: Int
        var height: Int
    }

    func frame(in screen: CellRect) -> CellRect { outer ?? .none }

    func paint(into buffer: inout CellBuffer, frame: CellRect) {
        screen.setTheme(theme)
        screen.show(Shown(title: title, width: frame.width, height: frame.height)) { shown in
            (ChromeNode.node("Box", ["border": "rounded", "styleClass": .string(EngineSurface.overlay), "title": "{{title}}",
                                     "width": "{{width}}", "height": "{{height}}"]),
             ["title": .string(shown.title), "width": .number(Double(shown.width)), "height": .number(Double(shown.height))])
        }
        screen.layout(width: frame.width, height: frame.height)
        screen.paint(into: &buffer, at: frame)
    }

    var inputPolicy: LayerInputPolicy { .passThrough }
}
