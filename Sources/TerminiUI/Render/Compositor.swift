/// Something drawn on screen as one piece: a page, a title bar, a toast, a modal, the HUD, a preview's error box.
public protocol CompositorLayer: AnyObject {
    /// The cells the layer covers on a screen of `screen` size; an empty rectangle hides it.
    func frame(in screen: CellRect) -> CellRect
    /// Paints the layer within `frame` (already clipped to the screen). Cells outside the frame are not its own.
    func paint(into buffer: inout CellBuffer, frame: CellRect)
    /// How input over the layer is routed.
    var inputPolicy: LayerInputPolicy { get }
    /// The caret of a text input the layer painted, in screen coordinates: the terminal's cursor goes there.
    var caret: (x: Int, y: Int)? { get }
}

extension CompositorLayer {
    public var caret: (x: Int, y: Int)? { nil }
    /// Whether the layer hides the cursor of a layer below it within its frame (a dialog does; a toast or the HUD,
    /// which take no input, do not).
    var coversWhatIsBelow: Bool { inputPolicy != .passThrough }
}

/// How the compositor routes a pointer event that lands on a layer.
public enum LayerInputPolicy: Sendable {
    /// The layer shows but takes no input (a toast, the HUD): the layers below get it.
    case passThrough
    /// The layer takes input that lands in its frame.
    case inFrame
    /// The layer takes all input, wherever it lands (a modal): nothing below is reachable.
    case exclusive
}

/// The one owner of what is on screen. A host gives it the frame's layers in paint order (the page, its chrome,
/// the overlays above), and the compositor paints them into the back buffer, each clipped to its frame; it answers
/// which layer a pointer event belongs to and where that is in the layer's own coordinates; and it keeps the front
/// buffer, the screen as the terminal last showed it, which the next frame's changed cells are diffed against.
///
/// Run, snapshot, preview and the gallery all compose through it. A host that takes over a terminal another
/// engine drew on calls `invalidate()`, so the next frame writes every cell instead of trusting a blank front.
public final class Compositor {
    /// The frame being composed.
    public private(set) var back: CellBuffer
    /// What the terminal shows.
    public private(set) var front: CellBuffer
    private var frontIsKnown = true
    private var layers: [any CompositorLayer] = []
    private var frames: [CellRect] = []

    /// A compositor for a screen of `width` x `height` that starts blank, as a freshly cleared terminal.
    public init(width: Int, height: Int) {
        back = CellBuffer(width: width, height: height)
        front = CellBuffer(width: width, height: height)
    }

    public var width: Int { back.width }
    public var height: Int { back.height }

    /// Resizes both buffers; the terminal repaints everything after a resize, so the front is cleared too.
    public func resize(width: Int, height: Int) {
        guard width != back.width || height != back.height else { return }
        back.resize(width: width, height: height)
        front.resize(width: width, height: height)
    }

    /// The terminal's content is unknown (another program or engine drew on it): the next present writes every cell.
    public func invalidate() { frontIsKnown = false }

    /// Where the terminal's cursor belongs after the last compose: the caret of the topmost layer that has one,
    /// unless a layer painted above covers it; nil hides the cursor.
    public private(set) var cursor: (x: Int, y: Int)?

    /// Paints `layers`, bottom first, into the back buffer (cleared first) and remembers their frames for hit testing.
    public func compose(_ layers: [any CompositorLayer]) {
        back.clear()
        let screen = CellRect(x: 0, y: 0, width: back.width, height: back.height)
        self.layers = layers
        frames.removeAll(keepingCapacity: true)
        cursor = nil
        for layer in layers {
            let frame = layer.frame(in: screen).intersection(screen)
            frames.append(frame)
            guard !frame.isEmpty else { continue }
            layer.paint(into: &back, frame: frame)
            if let caret = layer.caret, frame.contains(x: caret.x, y: caret.y) {
                cursor = caret
            } else if let c = cursor, frame.contains(x: c.x, y: c.y), layer.coversWhatIsBelow {
                cursor = nil
            }
        }
    }

    /// The buffer the back buffer must be diffed against: the front, or, after `invalidate()`, a buffer that
    /// matches no real cell so that every cell is written.
    public var diffBasis: CellBuffer {
        guard !frontIsKnown else { return front }
        var unlike = CellBuffer(width: back.width, height: back.height)
        unlike.fill(x: 0, y: 0, width: back.width, height: back.height,
                    with: Cell(character: "\u{1}", style: .plain, isWideContinuation: false))
        return unlike
    }

    /// Call once the back buffer is on the terminal: it becomes the front.
    public func didPresent() {
        swap(&back, &front)
        frontIsKnown = true
    }

    /// The topmost layer that takes a pointer event at `x`, `y`, with the point in that layer's coordinates;
    /// nil when no layer takes it (an exclusive layer returns itself even outside its frame, with a point outside
    /// its bounds).
    public func layer(atX x: Int, y: Int) -> (layer: any CompositorLayer, x: Int, y: Int)? {
        var i = layers.count - 1
        while i >= 0 {
            let layer = layers[i], frame = frames[i]
            // A layer with nothing to show this frame (no modal open) takes nothing either.
            if frame.isEmpty {
                i -= 1
                continue
            }
            switch layer.inputPolicy {
            case .exclusive:
                return (layer, x - frame.x, y - frame.y)
            case .inFrame where frame.contains(x: x, y: y):
                return (layer, x - frame.x, y - frame.y)
            case .inFrame, .passThrough:
                break
            }
            i -= 1
        }
        return nil
    }

    /// The screen as text (the last presented frame).
    public var screenText: String { front.renderText() }
}

/// A page as a layer: painted into its frame by its own paint pass, with hit testing relative to the frame.
public final class PageLayer: CompositorLayer {
    public let view: PageView
    /// Whether something above has the keyboard (a dialog, the help): the page is drawn without its focus
    /// highlight, so nothing suggests that a key would reach it.
    public var inert = false
    /// Where the page sits on the screen: the rows between the bars, or a modal page's box
    /// (`navigateTo({modal: true})`); nil for a page that fills the screen.
    public var box: CellRect?

    public init(view: PageView, box: CellRect? = nil) {
        self.view = view
        self.box = box
    }

    public func frame(in screen: CellRect) -> CellRect { box ?? screen }

    /// The compositor has just cleared the buffer, so the page paints without blanking its frame again.
    public func paint(into buffer: inout CellBuffer, frame: CellRect) {
        view.paint(into: &buffer, at: frame, clearing: false, showsFocus: !inert)
    }

    public var caret: (x: Int, y: Int)? { inert ? nil : view.caret }

    public var inputPolicy: LayerInputPolicy { .inFrame }
}
