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
    public let bundle: LoadedBundle
    let options: EngineOptions
    let backend: any TerminalBackend
    let scheduler: FrameScheduler
    let runtime: ScriptRuntime
    let inbox: ScriptInbox
    let router: CommandRouter
    let watchdog: Watchdog
    private let clock = MonotonicClock.system

    /// The navigation stack, root first. Only the top page is built and painted.
    private(set) var stack: [PageEntry] = []
    /// A script error that belongs to no page (a syntax error in main.js, an error in App hooks).
    private(set) var appError: ScriptError?
    private var nextPageId = 1
    private var back: CellBuffer
    private var front: CellBuffer
    private var hud: PerformanceHUD
    private var timingLog: FrameTimingLog?
    private(set) var timings: [FrameTiming] = []
    private var frameIndex = 0
    private let publishedPageStack = Published<[String]>([])
    private let publishedSize: Published<(width: Int, height: Int)>
    /// Set when the app asked to close or the user quit.
    public private(set) var isFinished = false
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
        let router = try CommandRouter(commands + Self.services(bundle: bundle, options: options, size: publishedSize))
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
        let runtime = self.runtime
        watchdog.watch("js", busySince: { runtime.pulse().busySince })
        watchdog.start()
        runtime.load(script: bundle.script, fileName: bundle.scriptName)
        let launch = page ?? bundle.launchPage
        runtime.launchApp(options: .object(["path": .string(launch), "query": .object(query.mapValues { .string($0) })]))
        openPage(launch, query: query)
        scheduler.markDirty()
    }

    /// Stops the script thread, the watchdog and the timing log. The backend is the caller's to shut down.
    public func stop() {
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
        if let cap = maxWaitMilliseconds { wait = wait < 0 ? cap : min(wait, cap) }
        if !inbox.isEmpty { wait = 0 }
        watchdog.idle("ui")
        let input = backend.nextInput(timeoutMilliseconds: wait)
        watchdog.beat("ui")
        if let input { handle(input) }
        applyScriptMessages()
        if let top = stack.last {
            top.view.tick(now: Double(clock.now()) / 1e9)
            if top.view.needsBuild { scheduler.markDirty() }
        }
        if let frame = scheduler.beginFrameIfDue() { renderFrame(frame) }
    }

    /// Blocks the UI thread until the script is idle by `settle`'s rules; the watchdog knows it is waiting.
    func waitForScriptIdle(timeout: Duration) {
        watchdog.idle("ui")
        _ = runtime.waitUntilIdle(timeout: timeout, criteria: .settle)
        watchdog.beat("ui")
    }

    // MARK: - Script messages

    func applyScriptMessages() {
        let messages = inbox.drain()
        scriptQueueHighWater = max(scriptQueueHighWater, messages.count)
        for message in messages {
            switch message {
            case .pageCreated(let pageId, let name, let data):
                guard let template = bundle.pages[name] else { continue }
                let view = PageView(template: template, data: data)
                let entry = PageEntry(pageId: pageId, name: name, view: view, title: template.title)
                stack.append(entry)
                publishedPageStack.value = stack.map(\.name)
                scheduler.markDirty()
            case .setData(let pageId, let patches, let sequence):
                guard let entry = stack.first(where: { $0.pageId == pageId }) else { continue }
                entry.view.apply(patches.map { ($0.path, $0.value) })
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
        let entry = call.pageId.flatMap { id in stack.first(where: { $0.pageId == id }) }
        let context = CommandContext(appId: bundle.manifest.id, pageId: call.pageId, pageName: entry?.name,
                                     permissions: Set(bundle.manifest.permissions))
        let runtime = self.runtime
        router.invoke(call.name, params: call.params, context: context) { outcome in
            runtime.resolveInvoke(callbackId: call.callbackId, result: outcome.envelope, ok: outcome.ok)
        }
    }

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

    private func openPage(_ name: String, query: [String: String]) {
        let pageId = nextPageId
        nextPageId += 1
        runtime.createPage(pageId: pageId, name: name, query: query)
    }

    /// Leaves the top page (Esc): unloads it, or finishes the app when it is the root.
    func leaveTopPage() {
        if appError != nil || stack.count <= 1 {
            isFinished = true
            return
        }
        let top = stack.removeLast()
        router.cancelAll(pageId: top.pageId)
        runtime.callLifecycle(pageId: top.pageId, .unload)
        if let revealed = stack.last { runtime.callLifecycle(pageId: revealed.pageId, .show) }
        publishedPageStack.value = stack.map(\.name)
        front.clear()
        scheduler.markDirty()
    }

    // MARK: - Input

    func handle(_ input: InputEvent) {
        switch input {
        case .resize(let width, let height):
            publishedSize.value = (width, height)
            back.resize(width: width, height: height)
            front.resize(width: width, height: height)
            scheduler.markDirty()
        case .key(.control("c")), .key(.control("q")):
            isFinished = true
        case .key(.escape):
            leaveTopPage()
        default:
            guard appError == nil, let top = stack.last, top.error == nil else { return }
            let events = top.view.handle(input)
            if events.isEmpty, case .key(let key) = input { dispatchUnhandledKey(key, to: top) }  // Bench/UnhandledKeyHook
            for event in events {
                var object = event.eventObject
                if case .object(var o) = object {
                    o["timeStamp"] = .number((Double(clock.now()) / 1e6).rounded())
                    object = .object(o)
                }
                runtime.dispatchEvent(pageId: top.pageId, handler: event.handler, event: object, loc: event.loc)
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
        if let top, top.error == nil, appError == nil { top.view.build(size: size) }
        let buildEnd = clock.now()
        if let error = appError ?? top?.error {
            ErrorScreen.paint(error, into: &back)
        } else if let top {
            top.view.paint(into: &back)
        } else {
            back.clear()
        }
        if options.showPerformanceHUD { hud.paint(into: &back) }
        let written = backend.present(back, previous: front)
        swap(&back, &front)
        let timing = FrameTiming(vsyncStart: start.vsyncStart, buildStart: start.buildStart, buildEnd: buildEnd,
                                 rasterStart: buildEnd, rasterEnd: clock.now(), bytes: written.bytes, cells: written.cells)
        record(timing)
        // setData callbacks and onReady belong after the frame that shows the change.
        if let top {
            if let sequence = top.unpresentedSequence {
                top.unpresentedSequence = nil
                runtime.framePresented(pageId: top.pageId, upTo: sequence)
            }
            if !top.isReady {
                top.isReady = true
                runtime.callLifecycle(pageId: top.pageId, .ready)
            }
        }
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
final class Published<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var storage: Value
    init(_ value: Value) { storage = value }
    var value: Value {
        get { lock.lock(); defer { lock.unlock() }; return storage }
        set { lock.lock(); storage = newValue; lock.unlock() }
    }
}
