import TerminiTemplate

/// One page's retained widget tree: data in, cells out.
///
/// The host drives it once per frame: `apply` patches from setData, then, when `needsBuild` is true, `build`
/// (rebuild dirty elements and lay out) and `paint` into the back buffer; input goes through `handle`, which
/// returns the events to deliver to page JavaScript. Not thread-safe: use it from the UI thread only.
///
/// ```swift
/// let page = PageView(template: file, data: initialData)
/// page.apply([(try DataPath(parsing: "todos[3].done"), true)])       // from setData
/// if page.needsBuild {
///     let stats = page.build(size: (width: 80, height: 24))           // BuildStats for FrameTiming / the HUD
///     page.paint(into: &back)                                          // then diff `back` against `front`
/// }
/// for event in page.handle(.key(.enter)) { callJS(event.handler, event.eventObject) }
/// ```
///
/// It composes the collaborators of docs/ARCHITECTURE.md ("The UI layer"): the `Reconciler` and its `PageData`,
/// `LayoutPass`, `PaintPass`, `FocusManager` and `PageInputRouter`. Hosts put it on screen as a `PageLayer` of a
/// `Compositor`, route keys through `handleKey` (which says whether the page used the key) and deliver
/// `takeEvents()` after each build.
public final class PageView {
    let pageData: PageData
    let needs = FrameNeeds()
    let tree: Reconciler
    let layoutPass: LayoutPass
    let focus: FocusManager
    let input: PageInputRouter
    let painter: PaintPass
    /// Spinner animation frame, advanced by `tick`.
    private var animationFrame = 0
    /// The page's compiled template.
    public private(set) var template: TemplateFile
    private var lastSize: (width: Int, height: Int)?
    /// Where input that outruns frames paints the tree it needs to be current (see `handle`).
    private var scratch = CellBuffer(width: 0, height: 0)
    private var needsPaint = true

    /// `components` are the app's components (`components/*.json`); `componentData` gives a component's initial
    /// data from its script, so a new instance shows it in its first frame, and nil for one without a script.
    public init(template: TemplateFile, data: JSONValue, components: [String: ComponentTemplate] = [:],
                componentData: @escaping (String) -> [String: JSONValue]? = { _ in nil })
    {
        self.template = template
        pageData = PageData(data)
        tree = Reconciler(template: template.root, data: pageData, needs: needs, components: components,
                          componentData: componentData)
        layoutPass = LayoutPass(tree: tree)
        focus = FocusManager(tree: tree, needs: needs)
        let regions = PaintedRegions()
        painter = PaintPass(regions: regions)
        input = PageInputRouter(focus: focus, needs: needs, painted: regions, data: pageData)
        tree.onDispose = { [unowned focus] element in if focus.focused === element { focus.focused = nil } }
    }

    /// A page from a bare root node, for previews and tests.
    public convenience init(root: TemplateNode, data: JSONValue) {
        self.init(template: TemplateFile(page: "page", title: nil, source: "", deps: [], root: root), data: data)
    }

    /// Component instances attached, changed and detached since the last call, in order, for their scripts.
    public func takeComponentEvents() -> [ComponentLifecycleEvent] { tree.takeComponentEvents() }

    /// The page data with every applied patch.
    public var data: JSONValue { pageData.value }

    /// Writes setData patches into the data and marks the elements whose bindings read an overlapping path.
    public func applySetData(_ patches: [DataPatch]) {
        tree.apply(patches)
    }

    /// Writes values at paths: `apply` with every patch a set.
    public func apply(_ patches: [(DataPath, JSONValue)]) {
        tree.apply(patches.map { DataPatch(path: $0.0, value: $0.1) })
    }

    /// Whether a frame is needed: dirty elements, a layout change (resize, scroll, edit), or a repaint (focus, spinner).
    public var needsBuild: Bool { tree.hasDirtyElements || needs.layout || needs.paint || needsPaint || lastSize == nil }

    /// Whether a widget has children to build ahead (a list's next page) once the page is built and the UI idle.
    public var hasWorkAhead: Bool { !layoutPass.buildAheadQueue.isEmpty }

    /// What building ahead did so far, kept apart from the frames' `BuildStats`: it happens between frames.
    public private(set) var builtAhead = BuildStats()

    /// Builds up to `rows` children ahead of scrolling (see `WidgetBehavior.buildAhead`), for a host to call while
    /// no input waits; returns how many it built. It changes nothing shown, so it asks for no frame; on a page that
    /// needs a build it does nothing, since the rows it would add must follow the data as the build will leave it.
    @discardableResult
    public func buildAhead(rows: Int) -> Int {
        guard !needsBuild else { return 0 }
        let frameStats = tree.stats
        tree.stats = BuildStats()
        let built = layoutPass.buildAhead(budget: rows)
        builtAhead.add(tree.stats)
        tree.stats = frameStats
        // Mounting sets these for the frame that shows the rows; nothing is shown yet.
        needs.layout = false
        needs.paint = false
        return built
    }

    /// Frees the data that patches replaced and the elements that rebuilds disposed. A host calls it once the
    /// frame is written, so that work is not in the frame's latency; `build` calls it too, so memory stays
    /// bounded for hosts that never do.
    public func releaseRetired() {
        tree.releaseRetired()
    }

    /// Rebuilds dirty elements and lays the page out at `size` cells; returns what it did.
    @discardableResult
    public func build(size: (width: Int, height: Int)) -> BuildStats {
        tree.releaseRetired()
        let size = (width: max(0, size.width), height: max(0, size.height))
        if lastSize == nil || lastSize! != size { needs.layout = true; lastSize = size }
        tree.rebuildDirty()
        if needs.layout { layoutPass.layoutPage(width: size.width, height: size.height) }
        if initialFocusPending { placeInitialFocus(size: size) }
        let stats = tree.stats
        tree.stats = BuildStats()
        needsPaint = true
        return stats
    }

    /// The app's current theme, which `.styleClass` names look up; setting it repaints the page.
    public var theme: Theme {
        get { painter.theme }
        set {
            guard newValue != painter.theme else { return }
            painter.theme = newValue
            needsPaint = true
        }
    }

    /// Whether the page gives focus to its `.autoFocus()` widget, or its first focusable one, when it opens. The
    /// engine turns it on for every page it opens; a bare PageView (tests, embedders that manage focus) starts
    /// with nothing focused.
    public var placesInitialFocus = false {
        didSet { initialFocusPending = placesInitialFocus }
    }

    /// Until something has focus, each build offers it to the `.autoFocus()` widget or the first focusable one, so
    /// a page whose form arrives with its data still opens ready to type.
    private var initialFocusPending = false

    private func placeInitialFocus(size: (width: Int, height: Int)) {
        if focus.focused == nil {
            focus.focusInitial()
            // Revealing a widget below the fold moves a scroll offset: lay out again before painting.
            if needs.layout { layoutPass.layoutPage(width: size.width, height: size.height) }
        }
        if focus.focused != nil { initialFocusPending = false }
    }

    /// Paints the whole page into the back buffer (cleared first). Call after `build`.
    public func paint(into buffer: inout CellBuffer) {
        paint(into: &buffer, at: CellRect(x: 0, y: 0, width: buffer.width, height: buffer.height))
    }

    /// Paints the page into `frame` of `buffer`, clipped to it, without touching anything outside it; hit testing
    /// then takes coordinates relative to the frame's origin. The compositor paints a page below a title bar so.
    /// `clearing: false` skips blanking the frame first, for a buffer the caller has just cleared. `showsFocus:
    /// false` draws the focused widget like the others, for a page under a dialog that has the keyboard.
    public func paint(into buffer: inout CellBuffer, at frame: CellRect, clearing: Bool = true, showsFocus: Bool = true) {
        painter.run(tree.root.layoutChildren, into: &buffer, frame: frame, clearing: clearing,
                    focused: showsFocus ? focus.focused : nil, animationFrame: animationFrame)
        needsPaint = false
        needs.paint = false
    }

    /// Routes one input (focus, activation, editing, scrolling, clicks) and returns the events for JavaScript.
    ///
    /// Input is applied in order even when it arrives faster than frames: a key or click that finds the tree
    /// changed since the last frame (a Tab that scrolled a list, rows a patch added) first builds and paints it
    /// off screen, so focus moves over the rows the user would see and a click hits what is there.
    public func handle(_ event: InputEvent) -> [UIEvent] {
        if case .key(let key) = event { return handleKey(key).events }
        catchUp(before: event)
        let before = focus.focused
        let events = input.handle(event)
        // Only what the tree itself shows asks for a frame: focus here, and edits, cursor moves and scrolling inside
        // the tree. An event (a tap, a toggle) or a key left for the page's onKey changes nothing on screen until the
        // script answers; a frame for it would only compete with the one that shows the answer.
        if focus.focused !== before { needsPaint = true }
        return events
    }

    /// Routes a key and says whether the page used it (focus, a widget, scrolling); an unused key is the host's
    /// to offer to key bindings and the page's `onKey`.
    public func handleKey(_ key: Key) -> KeyHandling {
        catchUp(before: .key(key))
        let before = focus.focused
        let handling = input.handleKey(key)
        if focus.focused !== before { needsPaint = true }
        return handling
    }

    /// Routes a paste to the focused widget as one edit; unused when no focused widget takes text, so the host
    /// offers it to the page's `onPaste`.
    public func handlePaste(_ text: String, clippedFrom: Int?) -> KeyHandling {
        catchUp(before: .paste(text, clippedFrom: clippedFrom))
        return input.handlePaste(text, clippedFrom: clippedFrom)
    }

    /// Text a widget copied while handling the last input (a selection), for the host to put on the clipboard.
    public func takeCopiedText() -> String? {
        defer { input.copiedText = nil }
        return input.copiedText
    }

    /// Whether the focused widget edits text (`multiline`: several lines, as a TextArea), so the keys it types and
    /// edits with are its own and bindings on them cannot fire.
    public var textInputFocus: (focused: Bool, multiline: Bool) {
        guard let focused = focus.focused, focused.lifecycle == .active, focused.widget.editsText else { return (false, false) }
        return (true, focused.widget.editsLines)
    }

    private func catchUp(before event: InputEvent) {
        guard let size = lastSize, tree.hasDirtyElements || needs.layout, !event.isResize else { return }
        build(size: size)
        if scratch.width != size.width || scratch.height != size.height {
            scratch = CellBuffer(width: size.width, height: size.height)
        }
        paint(into: &scratch)
        needsPaint = true  // the real frame is still owed
    }

    /// Hot reload: swaps in a recompiled template and keeps the data and the state of every element whose kind
    /// and key still match (typed text, scroll offsets, focus). Diagnostics restart with the new template.
    public func replaceTemplate(_ template: TemplateFile) {
        self.template = template
        tree.replaceTemplate(template.root)
        needsPaint = true
    }

    /// Events that building produced (a list scrolled or reached its end), to deliver like input events; the host
    /// takes them after each build.
    public func takeEvents() -> [UIEvent] { focus.takeEvents() + layoutPass.takeEvents() }

    /// Scrolls the ListView marked `.id(id)` to the row with `key`, or at `index`; throws what is wrong (no such
    /// widget, not a list, no such row).
    public func scrollTo(id: String, key: JSONValue?, index: Int?) throws(ScrollToError) {
        guard let e = element(withId: id) else { throw ScrollToError("no widget on the page has the id '\(id)'") }
        try e.widget.scrollTo(e, key: key, index: index)
        needs.layout = true
    }

    /// The live element marked `.id(id)`, searched in build order.
    private func element(withId id: String) -> Element? {
        var stack = [tree.root]
        while let e = stack.popLast() {
            if e.elementId == id, e.lifecycle == .active, !e.widget.isError { return e }
            stack.append(contentsOf: e.children)
        }
        return nil
    }

    /// A widget with the id in a list row that is not built yet: the list scrolls to the row and builds it.
    private func elementInUnbuiltRow(withId id: String) -> Element? {
        guard let size = lastSize else { return nil }
        var stack = [tree.root]
        while let e = stack.popLast() {
            if e.lifecycle == .active, !e.hidden, let row = e.widget.unbuiltRow(holdingId: id, in: e, tree: tree) {
                try? e.widget.scrollTo(e, key: nil, index: row)
                needs.layout = true
                build(size: size)
                return element(withId: id)
            }
            stack.append(contentsOf: e.children)
        }
        return nil
    }

    /// Checks the `Form` marked `.id(id)` as a submit does, every field showing its message (the page script's
    /// `this.validate(id)`): `{valid, values, errors}`. Throws what is wrong: no such widget, or not a form.
    public func validateForm(id: String) throws(FocusError) -> JSONValue {
        guard let e = element(withId: id) else { throw FocusError("no widget on the page has the id '\(id)'") }
        guard e.kind.traits.contains(.form) else { throw FocusError("the widget with the id '\(id)' (\(e.node.cls)) is not a Form") }
        return FormProps.check(e, showing: true, needs: needs)
    }

    /// The page script's `this.loadMoreDone()`: every list or table on the page (or the one marked `.id(id)`) calls
    /// `onReachBottom` again the next time its view is at the end, for a page that retries a failed load itself.
    public func loadMoreDone(id: String?) {
        var stack = [tree.root]
        while let e = stack.popLast() {
            if e.lifecycle == .active, !e.widget.isError, id == nil || e.elementId == id { e.widget.loadMoreDone(e) }
            stack.append(contentsOf: e.children)
        }
        needs.layout = true
    }

    /// Moves the keyboard focus to the widget marked `.id(id)` and scrolls it into view (the page script's
    /// `this.focus(id)`); throws what is wrong: no such widget, or one that cannot take focus (hidden, disabled, or
    /// of a kind that never does).
    public func focus(id: String) throws(FocusError) {
        guard let e = element(withId: id) ?? elementInUnbuiltRow(withId: id) else {
            throw FocusError("no widget on the page has the id '\(id)'")
        }
        // A list makes the row that holds the widget current and its widgets focusable, as Right would.
        var ancestor = e.parent
        while let current = ancestor {
            if current.widget.willFocus(e, on: current) { needs.layout = true }
            ancestor = current.parent
        }
        guard focus.order.contains(where: { $0 === e }) else {
            throw FocusError("the widget with the id '\(id)' (\(e.node.cls)) cannot take focus: it is hidden, "
                             + "disabled, or not an input, a button or a scroll container")
        }
        focus.focused = e
        focus.scrollIntoView(e)
        needs.paint = true
    }

    /// Takes the focus off the focused widget, if any (the page script's `this.blur()`): keys go to the page's
    /// bindings, as after Esc in a text field.
    public func blur() {
        guard focus.focused != nil else { return }
        focus.focused = nil
        needs.paint = true
    }

    /// Problems found so far (unknown widgets, bad props, duplicate keys), each with its template loc.
    public var diagnostics: [RenderDiagnostic] { tree.diagnostics.all }

    /// Advances animations to the frame for time `now` (seconds); marks a repaint when one is on screen.
    public func tick(now: Double) {
        guard now.isFinite else { return }
        let frame = Int((now * 10).truncatingRemainder(dividingBy: 1_000_000).rounded(.down))
        guard frame != animationFrame else { return }
        animationFrame = max(0, frame)
        if hasAnimations { needsPaint = true }
    }

    /// Whether the last frame showed an animation (a Spinner): the host should keep calling `tick` and framing.
    public var hasAnimations: Bool { input.painted.containsAnimation }

    /// How many rows the page's content took in the last layout: all of the height it was given when it holds a
    /// widget that fills it (a list), else its content's own (a modal page is sized to it).
    public var contentHeight: Int {
        tree.pageScroll.enabled ? tree.pageScroll.contentHeight : lastSize?.height ?? 0
    }

    /// The size the content took in the last layout: the widest and the tallest of the page's top widgets. A host
    /// that draws a page in a box of its own size (the engine's dialogs and toasts) sizes the box to it.
    public var contentSize: (width: Int, height: Int) {
        tree.root.layoutChildren.reduce((0, 0)) { (max($0.0, $1.box.x + $1.box.width), max($0.1, $1.box.y + $1.box.height)) }
    }

    /// The `loc` of the focused widget, if any.
    public var focusedLoc: String? { focus.focused?.node.loc }

    /// The `.id("…")` of the focused widget, if it has focus and an id (`termini test`'s `expect focus`).
    public var focusedId: String? { focus.focused?.elementId }

    /// The focused text input's caret in the last paint, in the coordinates of the buffer painted into; nil when
    /// no text input has focus or its caret is not visible.
    public var caret: (x: Int, y: Int)? { painter.caret }

    /// Where the focused widget's box starts in the last paint, relative to the page; nil when it is not on screen.
    public var focusedOrigin: (x: Int, y: Int)? { focus.focused.flatMap { input.painted.origin(of: $0) } }

    /// Whether the focused widget edits text, so printable keys, Space and Backspace belong to it rather than to
    /// the page's bindings or Backspace's going back.
    public var focusEditsText: Bool { textInputFocus.focused }

    /// Builds, paints into a fresh buffer of `width` x `height` and returns the screen as text.
    public func renderText(width: Int, height: Int) -> String {
        build(size: (width, height))
        var buffer = CellBuffer(width: width, height: height)
        paint(into: &buffer)
        return buffer.renderText()
    }
}
