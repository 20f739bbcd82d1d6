import Foundation
import TerminiBridge
import TerminiFrames
import TerminiScript
import TerminiTemplate
import TerminiTerminal
import TerminiUI

/// Runs one mini-app: the JS thread's runtime, the UI thread's page stack and frame loop, and the terminal.
///
/// Threads: the caller's thread is the UI thread. It owns every `PageView`, the cell buffers and the backend. The
/// script runs on its own thread and talks to the UI thread only through `ScriptInbox`. A watchdog thread checks both.
public final class MiniAppEngine {
    public internal(set) var bundle: LoadedBundle  // internal(set): preview hot reload swaps templates (Preview/)
    let options: EngineOptions
    let backend: any TerminalBackend
    let scheduler: FrameScheduler
    let runtime: ScriptRuntime
    let inbox: ScriptInbox
    let router: CommandRouter
    let watchdog: Watchdog
    /// The first page's preload results, handed out by `getPreloadedData`.
    let preload: PreloadStore
    let clock = MonotonicClock.system

    /// The navigation stack, root first. Only the top page is built and painted: pages are opaque, and the ones
    /// below keep their widget trees and data (maintainState) until they are revealed.
    package internal(set) var stack: [PageEntry] = []
    /// The page being created for a navigation; see `PendingNavigation`.
    var navigation: PendingNavigation?
    /// Toast and modal above the pages.
    var overlays = OverlayState()
    /// A script error that belongs to no page (a syntax error in main.js, an error in App hooks).
    package internal(set) var appError: ScriptError?
    private var nextPageId = 1
    var back: CellBuffer
    private var front: CellBuffer
    /// Where a page under the title bar paints, one row shorter than the screen.
    private var pageBuffer = CellBuffer(width: 0, height: 0)
    private var hud: PerformanceHUD
    private var timingLog: FrameTimingLog?
    package private(set) var timings: [FrameTiming] = []
    private var frameIndex = 0
    let publishedPageStack = Published<[String]>([])
    private let publishedSize: Published<(width: Int, height: Int)>
    /// Set when the app asked to close or the user quit.
    public internal(set) var isFinished = false
    /// Called on the UI thread after every frame is on screen, with its timing.
    public var onFrame: ((FrameTiming) -> Void)?
    /// The most script messages that were waiting at once when the UI thread drained them: bounded when the UI
    /// thread keeps up with the script.
    public private(set) var scriptQueueHighWater = 0

    public init(bundle: LoadedBundle, backend: any TerminalBackend, options: EngineOptions,
                commands: [CommandRegistration] = []) throws
    {
        self.bundle = bundle
        self.options = options
        self.backend = backend
        let waker = (backend as? any WakeableInput)?.inputWaker
        scheduler = FrameScheduler(framesPerSecond: options.framesPerSecond, waker: waker)
        let size = backend.size
        publishedSize = Published((width: size.width, height: size.height))
        let preloadStore = PreloadStore()
        preload = preloadStore
        // The launch page's data is on its way before the JS thread even starts creating its context (DESIGN §6).
        Self.startPreload(for: bundle.launchPage, bundle: bundle, into: preloadStore)
        let preloadCommand = CommandRegistration(GetPreloadedDataCommand.self) {
            GetPreloadedDataCommand(context: $0, params: $1, store: preloadStore)
        }
        let router = try CommandRouter(commands + [preloadCommand]
            + Self.services(bundle: bundle, options: options, size: publishedSize))
        self.router = router
        let uiCommands = Self.uiThreadCommands
        let runtimeBox = Published<ScriptRuntime?>(nil)
        let appId = bundle.manifest.id
        let permissions = Set(bundle.manifest.permissions)
        inbox = ScriptInbox(wake: { waker?.wake() }, routeDirectly: { call in
            guard !uiCommands.contains(call.name), let runtime = runtimeBox.value else { return false }
            let context = CommandContext(appId: appId, pageId: call.pageId, pageName: nil, permissions: permissions)
            router.invoke(call.name, params: call.params, context: context) { outcome in
                runtime.resolveInvoke(callbackId: call.callbackId, result: outcome.envelope, ok: outcome.ok)
            }
            return true
        })
        runtime = ScriptRuntime(configuration: .init(scriptLimit: options.scriptLimit), delegate: inbox)
        runtimeBox.value = runtime
        let mirror = publishedPageStack
        let console = options.console
        watchdog = Watchdog(threshold: options.stallThreshold, pageStack: { mirror.value }, onStall: { report in
            console("[stall] \(report)")
        })
        back = CellBuffer(width: size.width, height: size.height)
        front = CellBuffer(width: size.width, height: size.height)
        hud = PerformanceHUD(framesPerSecond: options.framesPerSecond)
        if let path = options.timingsPath {
            timingLog = try FrameTimingLog(path: path, budgetNanoseconds: scheduler.budgetNanoseconds)
        }
    }

    /// Loads main.js, launches the app and opens its first page with `query`.
    public func start(page: String? = nil, query: [String: String] = [:]) {
        let launch = page ?? bundle.launchPage
        if launch != bundle.launchPage { Self.startPreload(for: launch, bundle: bundle, into: preload) }
        let runtime = self.runtime
        watchdog.watch("js", busySince: { runtime.pulse().busySince })
        watchdog.start()
        runtime.load(script: bundle.script, fileName: bundle.scriptName)
        runtime.launchApp(options: .object(["path": .string(launch), "query": .object(query.mapValues { .string($0) })]))
        let pageId = openPage(launch, query: query)
        navigation = PendingNavigation(pageId: pageId, name: launch, kind: .launch, reply: nil)
        scheduler.markDirty()
    }

    private static func startPreload(for page: String, bundle: LoadedBundle, into store: PreloadStore) {
        store.start(bundle.manifest.preload[page] ?? [], appId: bundle.manifest.id,
                    permissions: Set(bundle.manifest.permissions), requestDomains: bundle.manifest.requestDomains)
    }

    /// Stops the script thread, the watchdog and the timing log. The backend is the caller's to shut down.
    public func stop() {
        preload.cancelAll()
        watchdog.stop()
        runtime.shutdown()
        timingLog?.close()
    }

    // MARK: - The UI loop

    /// Runs until the app exits or the user quits.
    public func runInteractive() {
        while !isFinished { step(maxWaitMilliseconds: nil) }
    }

    /// One loop iteration: wait for input (or a wake, or the next frame), handle it, apply script messages, and
    /// render a frame when one is due. `maxWaitMilliseconds` caps the wait (snapshot mode uses it for `wait`).
    /// Hosts that own their loop call this repeatedly on the UI thread instead of `runInteractive`.
    public func step(maxWaitMilliseconds: Int?) {
        watchdog.beat("ui")
        // Spinners advance 10 times a second; an idle page without one sleeps until input or a script message.
        let spinnerTick = 100
        var wait = scheduler.millisecondsUntilNextFrame() ?? -1
        if stack.last?.view.hasAnimations == true { wait = wait < 0 ? spinnerTick : min(wait, spinnerTick) }
        if let toastLeft = expireToast() { wait = wait < 0 ? toastLeft : min(wait, toastLeft) }
        if let cap = maxWaitMilliseconds { wait = wait < 0 ? cap : min(wait, cap) }
        if !inbox.isEmpty { wait = 0 }
        watchdog.idle("ui")
        let input = backend.nextInput(timeoutMilliseconds: wait)
        watchdog.beat("ui")
        if let input { handle(input) }
        applyScriptMessages()
        _ = expireToast()
        if let top = stack.last {
            top.view.tick(now: Double(clock.now()) / 1e9)
            if top.view.needsBuild { scheduler.markDirty() }
        }
        if let frame = scheduler.beginFrameIfDue() { renderFrame(frame) }
    }

    /// Blocks the UI thread until the script is idle by `settle`'s rules; the watchdog knows it is waiting.
    package func waitForScriptIdle(timeout: Duration) {
        watchdog.idle("ui")
        // Bridge calls are left out of the script's idle rule: navigation and modal calls wait for this very thread
        // (a modal for the user). The others are waited for here: one counts until the script has its answer,
        // including the moment between the router finishing it and the answer reaching the script.
        let deadline = ContinuousClock.now + timeout
        while true {
            _ = runtime.waitUntilIdle(timeout: timeout, criteria: Self.settleCriteria)
            if !inbox.isEmpty || runtime.pulse().pendingInvokes <= heldInvokes || ContinuousClock.now >= deadline { break }
            Thread.sleep(forTimeInterval: 0.001)
        }
        watchdog.beat("ui")
    }

    // MARK: - Script messages

    /// Whether the script has posted messages the UI thread has not applied yet (the bench polls it).
    package var hasScriptMessages: Bool { !inbox.isEmpty }

    package func applyScriptMessages() {
        let messages = inbox.drain()
        scriptQueueHighWater = max(scriptQueueHighWater, messages.count)
        for message in messages {
            switch message {
            case .pageCreated(let pageId, let name, let data):
                pageCreated(pageId: pageId, name: name, data: data)
            case .setData(let pageId, let patches, let sequence):
                guard let entry = stack.first(where: { $0.pageId == pageId }) else { continue }
                entry.view.applySetData(patches)
                entry.unpresentedSequence = sequence
                scheduler.markDirty()
            case .invoke(let call):
                route(call)
            case .error(let error):
                report(error)
            case .log(let level, let text):
                options.console("[\(level.rawValue)] \(text)")
            case .warning(let text):
                options.console("[warn] \(text)")
            }
        }
    }

    private func report(_ error: ScriptError) {
        options.console("[error] \(error)")
        if navigationFailed(error) { return }
        if let pageId = error.pageId, let entry = stack.first(where: { $0.pageId == pageId }) {
            if entry.error == nil { entry.error = error }
        } else if let top = stack.last, error.kind != .syntax {
            if top.error == nil { top.error = error }
        } else if appError == nil {
            appError = error
        }
        scheduler.markDirty()
    }

    private func route(_ call: BridgeCall) {
        if Self.uiThreadCommands.contains(call.name) {
            handleUICommand(call)
            return
        }
        let entry = call.pageId.flatMap { id in stack.first(where: { $0.pageId == id }) }
        let context = CommandContext(appId: bundle.manifest.id, pageId: call.pageId, pageName: entry?.name,
                                     permissions: Set(bundle.manifest.permissions))
        let runtime = self.runtime
        router.invoke(call.name, params: call.params, context: context) { outcome in
            runtime.resolveInvoke(callbackId: call.callbackId, result: outcome.envelope, ok: outcome.ok)
        }
    }

    /// `settle`'s rule for the script: jobs and timers due within 50 ms, not intervals, not pending bridge calls.
    static let settleCriteria = IdleCriteria(timersDueWithin: .milliseconds(50), ignoresRepeatingTimers: true,
                                             includesBridgeCalls: false)

    /// Commands that change what the UI thread owns (the page stack, overlays); every other command is answered
    /// straight from the JS thread.
    static let uiThreadCommands: Set<String> = [
        "navigateTo", "redirectTo", "navigateBack", "reLaunch", "showToast", "hideToast", "showModal",
        "setNavigationBarTitle", "exitMiniApp",
    ]

    /// The native services every app gets: storage (when a store is configured), request and getSystemInfo.
    static func services(bundle: LoadedBundle, options: EngineOptions,
                         size: Published<(width: Int, height: Int)>) throws -> [CommandRegistration]
    {
        guard let store = options.storeDirectory else { return [] }
        let storage = try StorageStore(directory: URL(fileURLWithPath: store))
        let domains = bundle.manifest.requestDomains
        let appVersion = bundle.manifest.version
        let colors = ProcessInfo.processInfo.environment["TERM"]?.contains("256") == true ? 256 : 8
        let environment = CommandEnvironment(
            storage: storage, requestDomains: { _ in domains },
            systemInfo: { _ in
                let s = size.value
                return SystemInfo(terminalWidth: s.width, terminalHeight: s.height, colors: colors,
                                  engineVersion: TerminiEngine.version.description, appVersion: appVersion)
            })
        return BuiltinCommands.registrations(environment: environment)
    }

    // MARK: - Navigation

    /// Asks the script for a page instance; it joins the stack when the script reports it created.
    @discardableResult
    func openPage(_ name: String, query: [String: String]) -> Int {
        let pageId = nextPageId
        nextPageId += 1
        runtime.createPage(pageId: pageId, name: name, query: query)
        return pageId
    }

    /// Leaves the top page (Esc): unloads it, or finishes the app when it is the root.
    func leaveTopPage() {
        if appError != nil || (stack.count <= 1 && navigation == nil) {
            isFinished = true
            return
        }
        // A page being opened replaces what the user sees in a moment; leaving now would pop the wrong page.
        guard navigation == nil else { return }
        popPages(1)
    }

    // MARK: - Input

    package func handle(_ input: InputEvent) {
        switch input {
        case .resize(let width, let height):
            publishedSize.value = (width, height)
            back.resize(width: width, height: height)
            front.resize(width: width, height: height)
            scheduler.markDirty()
        case .key(.control("c")), .key(.control("q")):
            isFinished = true
        case _ where overlays.modal != nil:
            handleModalInput(input)
        case .key(.escape):
            leaveTopPage()
        case .key(.backspace) where stack.count > 1 && stack.last?.focusEditsText == false:
            leaveTopPage()
        default:
            // Page input waits for no one: while a navigation is in flight it is dropped, so a double tap cannot
            // reach the old page a second time.
            guard navigation == nil, appError == nil, let top = stack.last, top.error == nil else { return }
            var input = input
            if TitleBar.isShown(for: top, depth: stack.count), case .mouse(var mouse) = input {
                if mouse.y == 0 {
                    if mouse.kind == .press, TitleBar.backColumns.contains(mouse.x), stack.count > 1 { leaveTopPage() }
                    return
                }
                mouse.y -= 1
                input = .mouse(mouse)
            }
            let events = top.view.handle(input)
            if events.isEmpty, case .key(let key) = input { dispatchUnhandledKey(key, to: top) }  // Bench/UnhandledKeyHook
            for event in events {
                // The runtime adds `timeStamp` (ms since the page opened), as for every event it dispatches.
                runtime.dispatchEvent(pageId: top.pageId, handler: event.handler, event: event.eventObject, loc: event.loc)
            }
            if top.view.needsBuild { scheduler.markDirty() }
        }
    }

    // MARK: - Frames

    func renderFrame(_ start: FrameScheduler.FrameStart) {
        let size = backend.size
        if back.width != size.width || back.height != size.height {
            back.resize(width: size.width, height: size.height)
            front.resize(width: size.width, height: size.height)
        }
        let top = stack.last
        let titled = top.map { TitleBar.isShown(for: $0, depth: stack.count) } ?? false
        let pageSize = titled ? (width: size.width, height: max(0, size.height - 1)) : size
        if let top, top.error == nil, appError == nil { top.view.build(size: pageSize) }
        let buildEnd = clock.now()
        if let error = appError ?? top?.error {
            ErrorScreen.paint(error, into: &back)
        } else if let top, titled {
            if pageBuffer.width != pageSize.width || pageBuffer.height != pageSize.height {
                pageBuffer.resize(width: pageSize.width, height: pageSize.height)
            }
            top.view.paint(into: &pageBuffer)
            TitleBar.paint(title: top.title ?? top.name, canGoBack: stack.count > 1, page: pageBuffer, into: &back)
        } else if let top {
            top.view.paint(into: &back)
        } else {
            back.clear()
        }
        OverlayPainter.paint(overlays, into: &back)
        if options.showPerformanceHUD { hud.paint(into: &back) }
        let written = backend.present(back, previous: front)
        if written.cells == 0 { scheduler.frameChangedNothing() }
        swap(&back, &front)
        let timing = FrameTiming(vsyncStart: start.vsyncStart, buildStart: start.buildStart, buildEnd: buildEnd,
                                 rasterStart: buildEnd, rasterEnd: clock.now(), bytes: written.bytes, cells: written.cells)
        record(timing)
        // setData callbacks and onReady belong after the frame that shows the change. A hidden page's data is
        // applied to its tree already (it shows when revealed), so its callbacks do not wait for that.
        for entry in stack {
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
        // The frame is out: now free what this frame's patches and rebuilds replaced.
        for entry in stack { entry.view.releaseRetired() }
    }

    private func record(_ timing: FrameTiming) {
        timings.append(timing)
        if timings.count > 10_000 { timings.removeFirst(5_000) }
        timingLog?.append(timing)
        hud.record(timing)
        frameIndex += 1
        onFrame?(timing)
    }

    /// The screen as text (the last presented frame).
    public var screenText: String { front.renderText() }

    /// Flutter-style summary of every frame rendered so far.
    public var timingSummary: FrameTimingSummary {
        FrameTimingSummary(timings: timings, budgetNanoseconds: scheduler.budgetNanoseconds)
    }
}

/// A value the UI thread publishes for other threads: the page stack for stall reports, the terminal size for
/// `getSystemInfo`.
package final class Published<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var storage: Value
    package init(_ value: Value) { storage = value }
    package var value: Value {
        get { lock.lock(); defer { lock.unlock() }; return storage }
        set { lock.lock(); storage = newValue; lock.unlock() }
    }
}
