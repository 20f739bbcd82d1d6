import TerminiClock
import TerminiFrames
import TerminiScript
import TerminiTerminal
import TerminiUI

/// Renders a frame when the scheduler says one is due: builds the top page, paints it (or its error screen) under
/// the title bar, the overlays and the HUD, presents the difference to the terminal, records the timing, and then
/// tells the script what the user now sees (setData callbacks, onReady).
///
/// The frame is composed by a `Compositor` from layers: the page (or its error screen), the title bar, the
/// overlays, the HUD and any layers the host adds (a preview's error box). Owns the frame timings. UI thread only.
final class FramePresenter {
    let compositor: Compositor
    let titleBar = TitleBarLayer()
    let errorScreen = ErrorScreenLayer()
    let modal = ModalLayer()
    let actionSheet = ActionSheetLayer()
    let loading = LoadingLayer()
    let toast = ToastLayer()
    let footer = FooterLayer()
    let tabStrip = TabBarLayer()
    let keyHelp = KeyHelpPresenter()
    let dimmer = DimLayer()
    let modalPageFrame = ModalPageFrameLayer()
    private let hud: PerformanceHUDLayer
    /// Layers a host puts above everything else (a preview's error box).
    var hostLayers: [any CompositorLayer] = []
    private var layers: [any CompositorLayer] = []
    private var timingLog: FrameTimingLog?
    private var startupLineTaken = false
    private(set) var timings: [FrameTiming] = []
    private var frameIndex = 0
    /// Called after every frame is on screen, with its timing.
    var onFrame: ((FrameTiming) -> Void)?
    /// What the next frame answers: the engine notes input and answers as it handles them, the frame takes it.
    var pendingCause = FrameCause()
    private let backend: any TerminalBackend
    private let scheduler: FrameScheduler
    private let clock: MonotonicClock
    private let runtime: ScriptRuntime
    private let navigator: Navigator
    private let overlays: OverlayPresenter
    private let showsHUD: Bool
    private let activity: EngineActivity

    init(backend: any TerminalBackend, scheduler: FrameScheduler, clock: MonotonicClock, runtime: ScriptRuntime,
         navigator: Navigator, overlays: OverlayPresenter, options: EngineOptions, activity: EngineActivity) throws
    {
        self.activity = activity
        self.backend = backend
        self.scheduler = scheduler
        self.clock = clock
        self.runtime = runtime
        self.navigator = navigator
        self.overlays = overlays
        showsHUD = options.showPerformanceHUD
        let size = backend.size
        compositor = Compositor(width: size.width, height: size.height)
        hud = PerformanceHUDLayer(hud: PerformanceHUD(framesPerSecond: options.framesPerSecond))
        if let path = options.timingsPath {
            timingLog = try FrameTimingLog(path: path, budgetNanoseconds: scheduler.budgetNanoseconds)
        }
    }

    /// The engine's layers that paint in the app's theme.
    private lazy var themedLayers: [any ThemedLayer] =
        [titleBar, modal, actionSheet, loading, toast, footer, tabStrip, keyHelp, modalPageFrame]

    /// The screen's size as the last resize or frame saw it (modal hit testing uses it).
    var screenSize: (width: Int, height: Int) { (compositor.width, compositor.height) }

    func resize(width: Int, height: Int) { compositor.resize(width: width, height: height) }

    func render(_ start: FrameScheduler.FrameStart) {
        let size = backend.size
        compositor.resize(width: size.width, height: size.height)
        let stack = navigator.stack
        let appError = navigator.appError
        let top = stack.last
        // A modal page is drawn in a box over the page that opened it (the base), which keeps its title bar but is
        // dimmed and takes no input; the footer lists the modal page's keys, since they go to it.
        let modalTop = top?.modal != nil && stack.count > 1 ? top : nil
        let base = modalTop == nil ? top : stack[stack.count - 2]
        let baseDepth = modalTop == nil ? stack.count : stack.count - 1
        let titled = base.map { TitleBarLayer.isShown(for: $0, depth: baseDepth) } ?? false
        footer.bindings = top.map { $0.keyBindings(app: navigator.bundle.manifest.keys) }
        let regions = ScreenRegions(width: size.width, height: size.height, title: titled, tabStrip: navigator.showsTabBar,
                                    footer: footer.bindings?.showsFooter == true, performancePanel: showsHUD)
        if let base, base.error == nil, appError == nil {
            base.view.build(size: (regions.page.width, regions.page.height))
            deliverBuildEvents(of: base)
        }
        var modalBox: (outer: CellRect, inner: CellRect)?
        if let modalTop, let requested = modalTop.modal, modalTop.error == nil, appError == nil {
            modalBox = requested.placement(in: regions.modalArea) { width, maxHeight in
                modalTop.view.build(size: (width, maxHeight))
                return modalTop.view.contentHeight
            }
            deliverBuildEvents(of: modalTop)
        }
        if let top, top.error == nil, appError == nil {
            // The build may have moved the focus (a page's first frame focuses its first field): the footer lists
            // what can fire from where the focus is now.
            footer.bindings?.textInput = top.view.textInputFocus
        }
        let buildEnd = clock.now()
        layers.removeAll(keepingCapacity: true)
        errorScreen.error = appError ?? top?.error ?? base?.error
        if errorScreen.error != nil {
            layers.append(errorScreen)
        } else if let base {
            base.layer.box = regions.page
            base.layer.inert = modalTop != nil || overlays.capturesInput || keyHelp.isOpen
            layers.append(base.layer)
            if let region = regions.title {
                titleBar.region = region
                titleBar.title = base.title ?? base.name
                titleBar.canGoBack = baseDepth > 1
                layers.append(titleBar)
            }
            if let region = regions.tabStrip, let tabBar = navigator.tabBar {
                tabStrip.region = region
                tabStrip.tabs = tabBar.list
                tabStrip.selected = base.name
                layers.append(tabStrip)
            }
            dimmer.isShown = modalBox != nil
            modalPageFrame.outer = modalBox?.outer
            if let modalTop, let modalBox {
                layers.append(dimmer)
                modalPageFrame.title = modalTop.title ?? ""
                layers.append(modalPageFrame)
                modalTop.layer.box = modalBox.inner
                modalTop.layer.inert = overlays.capturesInput || keyHelp.isOpen
                layers.append(modalTop.layer)
            }
            if let region = regions.footer {
                footer.region = region
                layers.append(footer)
            }
        }
        modal.modal = overlays.state.modal
        actionSheet.sheet = overlays.state.actionSheet
        loading.loading = overlays.state.loading
        loading.spinnerFrame = overlays.loadingFrame
        toast.toasts = overlays.state.toasts
        let theme = navigator.theme
        for layer in themedLayers { layer.theme = theme }
        layers.append(loading)
        layers.append(actionSheet)
        layers.append(modal)
        layers.append(toast)
        layers.append(keyHelp)
        if let region = regions.performancePanel {
            hud.region = region
            layers.append(hud)
        }
        layers.append(contentsOf: hostLayers)
        compositor.compose(layers)
        backend.cursor = compositor.cursor
        let written = backend.present(compositor.back, previous: compositor.diffBasis)
        if written.cells == 0 { scheduler.frameChangedNothing() }
        var timing = FrameTiming(vsyncStart: start.vsyncStart, buildStart: start.buildStart, buildEnd: buildEnd,
                                 rasterStart: buildEnd, rasterEnd: clock.now(), bytes: written.bytes, cells: written.cells)
        timing.cause = pendingCause
        pendingCause = FrameCause()
        if activity.isObserved {
            let frame = FrameActivity(number: frameIndex + 1, timing: timing, screen: compositor.back)
            activity.each { $0.framePresented(frame) }
        }
        compositor.didPresent()
        record(timing)
        // setData callbacks and onReady belong after the frame that shows the change. A hidden page's data (below
        // the top, or a parked tab) is applied to its tree already (it shows when revealed), so its callbacks do
        // not wait for that.
        let loaded = navigator.loadedPages
        for entry in loaded {
            if let sequence = entry.unpresentedSequence {
                entry.unpresentedSequence = nil
                runtime.framePresented(pageId: entry.pageId, upTo: sequence)
            }
        }
        if let top {
            if !top.isReady {
                top.isReady = true
                runtime.callLifecycle(pageId: top.pageId, .ready)
            }
        }
        // Instances this frame's build created or removed reach their scripts after the frame, outside its latency,
        // and before any input of the next iteration can reach them.
        deliverComponentEvents()
        // The frame is out: now free what this frame's patches and rebuilds replaced.
        for entry in loaded { entry.view.releaseRetired() }
    }

    /// Component instances that building created, changed or removed, to their scripts, one hand-off per page.
    func deliverComponentEvents() {
        for entry in navigator.loadedPages {
            let events = entry.view.takeComponentEvents()
            guard !events.isEmpty else { continue }
            runtime.componentEvents(pageId: entry.pageId, .array(events.map(\.scriptForm)))
        }
    }

    /// Events that building produced (a list scrolled, or reached its end) go to the page's script.
    private func deliverBuildEvents(of top: PageEntry) {
        for event in top.view.takeEvents() {
            runtime.dispatchEvent(pageId: top.pageId, handler: event.handler, event: event.eventObject, loc: event.loc,
                                  ifDefined: event.ifDefined, component: event.component)
        }
    }

    private func record(_ timing: FrameTiming) {
        timings.append(timing)
        if timings.count > 10_000 { timings.removeFirst(5_000) }
        if let timingLog {
            // The start ends with the first frame that shows the launch page (the frames before it are blank). Asked
            // once: later frames pay for neither the timeline's lock nor the script loop's.
            if !startupLineTaken, navigator.top != nil {
                startupLineTaken = true
                if let startup = StartupTimeline.process.takeJSONLine(firstFrame: timing, scriptStart: runtime.startupDuration) {
                    timingLog.appendLine(startup)
                }
            }
            timingLog.append(timing)
        }
        hud.hud.record(timing)
        frameIndex += 1
        onFrame?(timing)
    }

    /// The screen as text (the last presented frame).
    var screenText: String { compositor.screenText }

    /// Closes the timing log.
    func close() { timingLog?.close() }
}
