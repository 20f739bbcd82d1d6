import TerminiTemplate
import TerminiUI

/// One of the engine's own screens (a toast, a dialog, the title bar) as a page of widgets, so that it is laid out,
/// painted and hit tested by the same passes as an app's page and takes its look from the theme as a page does.
///
/// Its template is written in Swift (`ChromeNode`) rather than compiled from an app, and its data comes from
/// Swift: the user's text is always data bound with `{{ }}`, never template text, so no title can read as a
/// binding. Events its widgets raise (a tap) come back from `handle` for the owner to act on; no script sees them.
///
/// A screen rebuilds only when what it shows changes: `show` compares the model with the last one before it
/// builds anything, and a changed model whose tree is the same only patches the data.
final class EngineScreen {
    private(set) var view: PageView
    /// The theme surface that fills the screen's box, as the `page` style fills a page; nil for none.
    private let surface: String?
    /// Whether the focused widget shows its focus (a bar's clicked label must not stay highlighted).
    private let showsFocus: Bool
    private var root: TemplateNode
    /// The data the last model gave, which the next is compared with: a value a widget changed since (`set`)
    /// stays until a model changes it.
    private var shownData: [String: JSONValue] = [:]
    private var model: (any Equatable)?
    private var appTheme: Theme?
    private var laidOutIn: (width: Int, height: Int)?

    /// `showsFocus`: a screen that takes the keyboard (a dialog) shows where its focus is, and gives it to its
    /// `autoFocus` widget when it opens.
    init(surface: String?, showsFocus: Bool = false) {
        self.surface = surface
        self.showsFocus = showsFocus
        root = Self.nothing
        view = PageView(root: root, data: [:])
    }

    private static let nothing = ChromeNode.node("Column")

    /// Forgets the model and its page: the next `show` starts a new page even for a model equal to the last.
    func restart() {
        model = nil
        root = Self.nothing
    }

    /// Shows `model`: when it differs from the last, `content` gives the tree and its data. A new tree starts a new
    /// page (a dialog that opens anew starts from scratch); the same tree only takes the data that changed.
    func show<Model: Equatable>(_ model: Model, _ content: (Model) -> (root: TemplateNode, data: [String: JSONValue])) {
        if let last = self.model as? Model, last == model { return }
        self.model = model
        let next = content(model)
        if next.root != root {
            root = next.root
            shownData = next.data
            let theme = view.theme
            view = PageView(root: root, data: .object(JSONObject(next.data)))
            view.theme = theme
            view.placesInitialFocus = showsFocus
            laidOutIn = nil
            return
        }
        var patches: [(DataPath, JSONValue)] = []
        for (key, value) in next.data where shownData[key] != value {
            shownData[key] = value
            if let path = try? DataPath(parsing: key) { patches.append((path, value)) }
        }
        if !patches.isEmpty { view.apply(patches) }
    }

    /// Sets one value of the data, as a page's setData does: a field's `onChange` keeps its bound value what was
    /// typed, so a later patch (a resize's new width) does not put the field back to its first text.
    func set(_ key: String, _ value: JSONValue) {
        guard let path = try? DataPath(parsing: key), view.data[key] != value else { return }
        view.apply([(path, value)])
    }

    /// The app's theme, as the screen's widgets see it (`look(of:)`); a theme equal to the last changes nothing.
    func setTheme(_ theme: Theme) {
        guard theme != appTheme else { return }
        appTheme = theme
        view.theme = Self.look(of: theme, surface: surface)
    }

    /// Lays the screen out within `width` x `height` when it changed or the size did; returns the content's size.
    @discardableResult
    func layout(width: Int, height: Int) -> (width: Int, height: Int) {
        if view.needsBuild || laidOutIn == nil || laidOutIn! != (width, height) {
            view.build(size: (width, height))
            laidOutIn = (width, height)
            paintedSinceLayout = false
        }
        return view.contentSize
    }

    /// Paints the laid-out screen into `rect` of `buffer`, blanking it first: what is under a dialog does not
    /// show through it.
    func paint(into buffer: inout CellBuffer, at rect: CellRect) {
        view.paint(into: &buffer, at: rect, clearing: true, showsFocus: showsFocus)
        paintedSinceLayout = true
    }

    private var paintedSinceLayout = false

    /// Paints the screen off screen at `rect` when no frame has shown its last layout yet: a key typed ahead of a
    /// dialog's first frame then presses the button the frame will show (a widget takes input only where painted).
    func catchUp(at rect: CellRect) {
        guard !paintedSinceLayout else { return }
        var scratch = CellBuffer(width: rect.maxX, height: rect.maxY)
        paint(into: &scratch, at: rect)
    }

    /// Routes an input (a mouse event in the coordinates of the screen's box) and returns its widgets' events.
    func handle(_ input: InputEvent) -> [UIEvent] { view.handle(input) }

    /// Advances a Spinner to animation frame `frame` (ten a second).
    func tick(frame: Int) { view.tick(now: (Double(frame) + 0.5) / 10) }

    /// The theme the screens are drawn in: the app's, with every engine surface named (its own or the engine's
    /// default), `page` the screen's surface, and the classes the screens' boxes use: `overlay` with its border in
    /// the theme's `border` style, and a toast box per level whose border takes the level's colour.
    static func look(of theme: Theme, surface: String?) -> Theme {
        var look = theme
        for name in EngineSurface.all { look.styles[name] = theme.surface(name) }
        look.styles[Theme.pageStyle] = surface.map { theme.surface($0) }
        look.styles[ChromeNode.tabSelected] = theme.surface(EngineSurface.tabBar, state: .selected)
        let border = theme.surface(EngineSurface.border)
        look.styles[EngineSurface.overlay + Theme.borderSuffix] = border
        for level in ToastLevel.allCases {
            let colour = theme.surface(level.surface).foreground ?? border.foreground
            look.styles[ChromeNode.toastBox(level) + Theme.borderSuffix] =
                ThemeStyle(foreground: colour, background: border.background, attributes: border.attributes)
        }
        return look
    }
}

/// Template nodes for the engine's screens, written in Swift as an app's are written in JSON.
enum ChromeNode {
    /// The style class of the shown tab in the tab strip (the theme's `tabBar:selected`).
    static let tabSelected = "tabBar.selected"

    /// The style class of a toast's box of `level`.
    static func toastBox(_ level: ToastLevel) -> String { "toast." + level.rawValue }

    static func node(_ cls: String, _ props: [String: JSONValue] = [:], _ children: [TemplateNode] = []) -> TemplateNode {
        TemplateNode(cls: cls, loc: "engine:" + cls, props: props, children: children)
    }

    /// A Text showing the data at `key`; `wrap: false` ends a line that does not fit in `…`.
    static func text(_ key: String, style: [String] = [], styleClass: String? = nil, wrap: Bool = true,
                     extra: [String: JSONValue] = [:]) -> TemplateNode
    {
        var props: [String: JSONValue] = ["p1": .string("{{\(key)}}"), "wrap": .bool(wrap)]
        if !style.isEmpty { props["style"] = .array(JSONArray(style.map { .string($0) })) }
        if let styleClass { props["styleClass"] = .string(styleClass) }
        for (k, v) in extra { props[k] = v }
        return node("Text", props)
    }

    /// A rounded box in the theme's `overlay` look (or `styleClass`), its content one cell in from the border.
    static func box(styleClass: String = EngineSurface.overlay, padding: Int = 1, _ children: [TemplateNode]) -> TemplateNode {
        node("Box", ["border": "rounded", "styleClass": .string(styleClass)],
             [node("Padding", ["p1": ["cls": "EdgeInsets", "cmd": "symmetric", "h": .number(Double(padding))]], children)])
    }

    static func column(align: String = "start", _ children: [TemplateNode]) -> TemplateNode {
        node("Column", ["align": ["cls": "Alignment", "cmd": .string(align)]], children)
    }

    static func row(spacing: Int = 0, _ children: [TemplateNode]) -> TemplateNode {
        node("Row", ["spacing": .number(Double(spacing))], children)
    }
}

extension CellRect {
    /// A box of `size` centred in the rectangle.
    func centring(_ size: (width: Int, height: Int)) -> CellRect {
        let width = min(size.width, self.width), height = min(size.height, self.height)
        return CellRect(x: x + (self.width - width) / 2, y: y + (self.height - height) / 2, width: width, height: height)
    }

    static let none = CellRect(x: 0, y: 0, width: 0, height: 0)
}
