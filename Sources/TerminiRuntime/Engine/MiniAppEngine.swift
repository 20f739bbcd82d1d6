import Foundation
import TerminiBridge
import TerminiClock
import TerminiFrames
import TerminiScript
import TerminiTemplate
import TerminiTerminal
import TerminiUI

/// Runs one mini-app: the JS thread's runtime, the UI thread's page stack and frame loop, and the terminal.
///
/// Threads: the caller's thread is the UI thread. It owns every `PageView`, the cell buffers and the backend. The
/// script runs on its own thread and talks to the UI thread only through `ScriptInbox`. A watchdog thread checks both.
///
/// The engine wires its collaborators and runs the loop; each has one job:
/// - `ScriptBridge`: the script runtime, the inbox to the UI thread, and the `CommandRouter` every command goes through;
/// - `Navigator`: the page stack and the navigation commands;
/// - `OverlayPresenter`: the toast, the dialogs and the loading indicator, and their commands;
/// - `InputRouter` (Input/): where each key, click and resize goes, including the page's `onKey`;
/// - `FramePresenter`: building, painting and presenting a frame, and the frame timings.
public final class MiniAppEngine {
    /// The app being run (preview's hot reload swaps its templates).
    public var bundle: LoadedBundle { navigator.bundle }
    let options: EngineOptions
    let backend: any TerminalBackend
    let scheduler: FrameScheduler
    let bridge: ScriptBridge
    let navigator: Navigator
    let overlays: OverlayPresenter
    let frames: FramePresenter
    let input: InputRouter
    /// Input held while the script answers an earlier one, for the dialog that answer may open.
    private let typeAhead = TypeAhead()
    let watchdog: Watchdog
    /// The first page's preload results, handed out by `getPreloadedData`.
    let preload: PreloadStore
    /// `onUpdateReady` and `applyUpdate` (Engine/AppUpdateHandoff.swift).
    let updates: AppUpdateHandoff
    let clock = MonotonicClock.system
    /// The app's storage (nil without a store folder); the commands and the synchronous calls share it.
    let storage: StorageStore?
    /// Who is told of each input, patch, bridge call and frame (`EngineOptions.activityObservers`).
    let activity: EngineActivity
    /// The seed of this run's `Math.random`.
    public let randomSeed: UInt32
    private let publishedSize: Locked<(width: Int, height: Int)>

    var runtime: ScriptRuntime { bridge.runtime }
    var inbox: ScriptInbox { bridge.inbox }
    var router: CommandRouter { bridge.router }
    /// The navigation stack, root first.
    package var stack: [PageEntry] { navigator.stack }
    /// A script error that belongs to no page (a syntax error in main.js, an error in App hooks).
    package var appError: ScriptError? { navigator.appError }
    package var timings: [FrameTiming] { frames.timings }
    /// Set when the app asked to close or the user quit.
    public internal(set) var isFinished: Bool {
        get { navigator.isFinished }
        set { navigator.isFinished = newValue }
    }
    /// Called on the UI thread after every frame is on screen, with its timing.
    public var onFrame: ((FrameTiming) -> Void)? {
        get { frames.onFrame }
        set { frames.onFrame = newValue }
    }
    /// The most script messages that were waiting at once when the UI thread drained them: bounded when the UI
    /// thread keeps up with the script.
    public private(set) var scriptQueueHighWater = 0

    /// Prepares the process for JavaScriptCore (its main thread and run loop, which its garbage collection timers
    /// use). Call it first thing on the main thread of a host; the first engine does it otherwise, from its script
    /// thread. Idempotent.
    public static func prepareProcess() { ScriptRuntime.prepareProcess() }

    /// Starts JavaScriptCore's process-wide start in the background, to overlap the host's own start; `wait()` on
    /// the result before the process may exit (`ScriptRuntime.warmUp`).
    public static func warmUpScriptEngine() -> ScriptEngineWarmUp { ScriptRuntime.warmUp() }

    /// `commands` are the host's own commands, registered with the built-in ones (a duplicate name throws).
    public init(bundle: LoadedBundle, backend: any TerminalBackend, options: EngineOptions,
                commands: [CommandRegistration] = []) throws
    {
        self.options = options
        self.backend = backend
        let activity = EngineActivity(observers: options.activityObservers)
        self.activity = activity
        let randomSeed = options.randomSeed ?? UInt32.random(in: .min ... .max)
        self.randomSeed = randomSeed
        let waker = (backend as? any WakeableInput)?.inputWaker
        let scheduler = FrameScheduler(framesPerSecond: options.framesPerSecond, waker: waker)
        self.scheduler = scheduler
        let size = backend.size
        let publishedSize = Locked((width: size.width, height: size.height))
        self.publishedSize = publishedSize
        let preloadStore = PreloadStore()
        preload = preloadStore
        // The launch page's data is on its way before the JS thread even starts creating its context, so the first
        // frame can show it (docs/DATA-FLOW.md).
        Self.startPreload(for: bundle.launchPage, bundle: bundle, into: preloadStore, fixtures: options.requestFixtures)
        let overlays = OverlayPresenter(scheduler: scheduler, clock: clock)
        self.overlays = overlays
        let updates = AppUpdateHandoff()
        self.updates = updates
        // One store for the storage commands and getStorageSync/setStorageSync: its in-memory copy is how each sees
        // the other's writes. Made before the runtime, whose script thread reads it from the first line of main.js.
        let storage = options.storeDirectory.map { StorageStore(directory: URL(fileURLWithPath: $0)) }
        self.storage = storage
        let fixedClock = options.fixedClockStart.map(FixedScriptClock.init(start:))
        let script = ScriptBridge.start(manifest: bundle.manifest, storageId: bundle.storageId, scriptLimit: options.scriptLimit,
                                        scriptMemoryLimit: options.scriptMemoryLimit,
                                        fixedClock: fixedClock,
                                        dateNow: Self.dateNow(options: options, fixedClock: fixedClock, activity: activity),
                                        randomSeed: randomSeed, activity: activity,
                                        recordedAnswers: options.recordedAnswers,
                                        syncStorage: storage.map { AppSyncStorage(store: $0, appId: bundle.storageId) },
                                        wake: { waker?.wake() })
        let leaveGuard = LeaveGuard(runtime: script.runtime, clock: .system, timeLimit: options.scriptLimit, console: options.console)
        let pages = Navigator(bundle: bundle, runtime: script.runtime, overlays: overlays, scheduler: scheduler,
                              leaveGuard: leaveGuard)
        let services = EngineServices(navigator: pages, overlays: overlays, backend: backend, scheduler: scheduler,
                                      preload: preloadStore, updates: updates, bundle: bundle,
                                      environment: Self.environment(bundle: bundle, storage: storage, options: options,
                                                                    size: publishedSize))
        let router: CommandRouter
        do {
            router = try CommandRouter(commands + EngineCommandTable.definitions.compactMap { $0.registration(with: services) })
        } catch {
            script.runtime.shutdown()  // a start-up error (a duplicate command name) leaves no JS thread behind
            throw error
        }
        bridge = ScriptBridge(script, manifest: bundle.manifest, storageId: bundle.storageId, router: router,
                              activity: activity)
        self.navigator = pages
        pages.screenResized(width: backend.size.width, height: backend.size.height, callsHooks: false)
        let inbox = bridge.inbox
        pages.componentData = { inbox.initialData(of: $0) }
        pages.onRetire = { [unowned router] pageId in router.cancelAll(pageId: pageId) }
        do {
            frames = try FramePresenter(backend: backend, scheduler: scheduler, clock: clock, runtime: bridge.runtime,
                                        navigator: pages, overlays: overlays, options: options,
                                        activity: activity)
        } catch {
            bridge.runtime.shutdown()
            throw error
        }
        input = InputRouter(runtime: bridge.runtime, navigator: pages, overlays: overlays, frames: frames,
                            scheduler: scheduler, publishedSize: publishedSize)
        frames.keyHelp.hostKeys = options.hostKeys
        input.copyToClipboard = { [unowned backend] in backend.copyToClipboard($0) }
        let mirror = pages.publishedPageStack
        let console = options.console
        watchdog = Watchdog(threshold: options.stallThreshold, pageStack: { mirror.value }, onStall: { report in
            console("[stall] \(report)")
        })
        StartupTimeline.process.mark(.engineCreated)
    }

    /// Loads main.js, launches the app and opens its first page with `query`.
    public func start(page: String? = nil, query: [String: String] = [:]) {
        StartupTimeline.process.mark(.pageRequested)
        let launch = page ?? bundle.launchPage
        let size = backend.size
        let start = EngineStartActivity(appId: bundle.manifest.id, appVersion: bundle.manifest.version, page: launch,
                                        query: query, width: size.width, height: size.height, randomSeed: randomSeed,
                                        startedAt: clock.now())
        activity.each { $0.engineStarted(start) }
        if launch != bundle.launchPage {
            Self.startPreload(for: launch, bundle: bundle, into: preload, fixtures: options.requestFixtures)
        }
        let runtime = self.runtime
        watchdog.watch("js", busySince: { runtime.pulse().busySince })
        watchdog.start()
        runtime.load(script: bundle.script, fileName: bundle.scriptName, modules: bundle.scriptModules)
        runtime.launchApp(options: .object(["path": .string(launch), "query": .object(query.mapValues { .string($0) })]))
        navigator.launch(launch, query: query)
        updates.attach(runtime)
        scheduler.markDirty()
    }

    /// What the script's `Date.now()` tells: the host's choice, else the fixed clock, else the real time; routed
    /// through the host only when someone observes the reads (or the host chose), so other runs keep JSC's own `Date`.
    private static func dateNow(options: EngineOptions, fixedClock: FixedScriptClock?,
                                activity: EngineActivity) -> (@Sendable () -> Double)?
    {
        guard activity.isObserved else { return options.dateNow }
        let told: @Sendable () -> Double
        if let chosen = options.dateNow {
            told = chosen
        } else if let fixedClock {
            told = { fixedClock.now }
        } else {
            // Whole milliseconds, as JavaScriptCore's own Date.now() tells.
            told = { (Date().timeIntervalSince1970 * 1000).rounded(.down) }
        }
        return {
            let now = told()
            activity.each { $0.scriptClockRead(milliseconds: now) }
            return now
        }
    }

    private static func startPreload(for page: String, bundle: LoadedBundle, into store: PreloadStore,
                                     fixtures: RequestFixtures?)
    {
        store.start(bundle.manifest.preload[page] ?? [], appId: bundle.manifest.id,
                    permissions: Set(bundle.manifest.permissions), requestDomains: bundle.manifest.requestDomains,
                    fixtures: fixtures)
    }

    /// Stops the script thread, the watchdog and the timing log. The backend is the caller's to shut down.
    public func stop() {
        preload.cancelAll()
        router.cancelEverything()
        watchdog.stop()
        runtime.shutdown()
        frames.close()
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
        if navigator.top?.view.hasAnimations == true || overlays.state.loading != nil {
            wait = wait < 0 ? spinnerTick : min(wait, spinnerTick)
        }
        if let toastLeft = overlays.expireToast() { wait = wait < 0 ? toastLeft : min(wait, toastLeft) }
        if let guardLeft = navigator.leaveGuard.expire(paused: overlays.capturesInput) {
            wait = wait < 0 ? guardLeft : min(wait, guardLeft)
        }
        if let cap = maxWaitMilliseconds { wait = wait < 0 ? cap : min(wait, cap) }
        // With rows to build ahead (a list's next page) the loop only polls for input, and builds them if none came.
        let worksAhead = navigator.top.map { $0.view.hasWorkAhead && !$0.view.needsBuild } ?? false
        if !inbox.isEmpty || worksAhead { wait = 0 }
        // Held input waits for the script to finish, which posts nothing when it only computes: look again soon.
        if typeAhead.isHolding { wait = wait < 0 ? 1 : min(wait, 1) }
        watchdog.idle("ui")
        let event = backend.nextInput(timeoutMilliseconds: wait)
        let readAt = event == nil ? nil : clock.now()
        watchdog.beat("ui")
        advance(after: event, readAt: readAt, worksAhead: worksAhead)
    }

    /// One loop iteration with `event` as the input the poll returned: the benches hand keys in this way, so that
    /// they are handled as the loop handles a user's.
    package func step(handling event: InputEvent) {
        watchdog.beat("ui")
        advance(after: event, readAt: nil, worksAhead: false)
    }

    /// The rest of a step once the poll returned: handle `event`, apply script messages, and render a frame when
    /// one is due, or else build rows ahead.
    /// `readAt`: when the poll returned `event` (its frame's `FrameCause`).
    private func advance(after event: InputEvent?, readAt: UInt64?, worksAhead: Bool) {
        // The frame an input asks for is written before the script hears of the input (a tap, a selection):
        // the script's answer takes a later frame anyway.
        runtime.holdingEventWakes {
            if let event { handle(event, readAt: readAt) }
            applyScriptMessages()
            releaseTypeAhead()
            _ = overlays.expireToast()
            _ = navigator.leaveGuard.expire(paused: overlays.capturesInput)
            if overlays.tickLoading(now: clock.now()) { scheduler.markDirty() }
            if let top = navigator.top {
                top.view.tick(now: Double(clock.now()) / 1e9)
                if top.view.needsBuild { scheduler.markDirty() }
            }
            if let frame = scheduler.beginFrameIfDue() {
                frames.render(frame)
            } else if worksAhead, event == nil, inbox.isEmpty, let top = navigator.top {
                top.view.buildAhead(rows: Self.rowsBuiltAheadPerStep)
            }
        }
    }

    /// Rows built ahead between two polls for input: a row takes 13–18 µs (a page scroll built its 39 rows in
    /// 0.51–0.71 ms, `termini bench --ops scroll`), so a key waits at most about 50–70 µs.
    static let rowsBuiltAheadPerStep = 4

    /// The script's heap after a full collection (the bench's memory per row).
    package func measureScriptHeap() -> ScriptHeapStatistics? { runtime.measureHeap() }

    /// Handles one input as the loop would, without waiting (the bench drives keys this way).
    /// `readAt`: when the loop's poll returned it (nil for input handed in otherwise: now is taken).
    package func handle(_ event: InputEvent, readAt: UInt64? = nil) {
        switch event {
        case .suspend: suspend()
        case .resume: invalidateScreen()
        case .terminalClosed: isFinished = true
        default:
            if typeAhead.holds(event) { return }
            if activity.isObserved {
                let now = clock.now()
                activity.each { $0.inputHandled(event, at: now) }
            }
            input.handle(event)
            if frames.pendingCause.inputRead == nil {
                let now = clock.now()
                frames.pendingCause.inputRead = readAt ?? now
                frames.pendingCause.inputRouted = now
            }
            if input.startedScriptReaction {
                input.startedScriptReaction = false
                typeAhead.begin(now: clock.now(), page: navigator.top?.pageId)
            }
        }
    }

    /// Whether input is held for the script's answer to an earlier one (a snapshot is not settled while it is).
    package var isHoldingInput: Bool { typeAhead.isHolding }

    /// Handles an input a trace recorded as the app received it: the type-ahead hold already happened in the run.
    package func handleRecorded(_ event: InputEvent) {
        if case .resize(let width, let height) = event, let headless = backend as? HeadlessBackend {
            headless.resize(width: width, height: height)
        }
        if activity.isObserved {
            let now = clock.now()
            activity.each { $0.inputHandled(event, at: now) }
        }
        input.handle(event)
        input.startedScriptReaction = false
    }

    /// Script messages waiting for the UI thread.
    package var waitingScriptMessages: Int { inbox.count }

    /// Renders a frame now, whatever the frame rate allows (a replay renders where the recording did).
    package func renderFrameNow() {
        while true {
            scheduler.markDirty()
            if let frame = scheduler.beginFrameIfDue() {
                frames.render(frame)
                return
            }
            Thread.sleep(forTimeInterval: 0.0002)
        }
    }

    /// Handles the input held while the script answered an earlier one, once it has (`TypeAhead`).
    private func releaseTypeAhead() {
        while let held = typeAhead.release(scriptAnswered: inbox.isEmpty && !scriptIsWorking,
                                           shownPage: navigator.blocksPageInput ? nil : navigator.top?.pageId,
                                           now: clock.now()) {
            // Input meant for a page the answer navigated away from is dropped, as input during a navigation is:
            // a double tap on a button that opens a page opens it once.
            if navigator.blocksPageInput || navigator.top?.pageId != held.page { continue }
            for event in held.events { handle(event) }
            applyScriptMessages()
        }
    }

    /// Whether the script is running a job or has jobs queued (pending timers and bridge calls aside).
    package var scriptIsWorking: Bool {
        let pulse = runtime.pulse()
        return !pulse.isStopped && (pulse.busySince != nil || pulse.queuedJobs > 0)
    }

    /// Blocks the UI thread until the script is idle by `settle`'s rules; the watchdog knows it is waiting.
    package func waitForScriptIdle(timeout: Duration) {
        watchdog.idle("ui")
        // Bridge calls are left out of the script's idle rule: navigation and modal calls wait for this very thread
        // (a modal for the user). The others are waited for here: one counts until the script has its answer,
        // including the moment between the router finishing it and the answer reaching the script.
        let deadline = clock.now() &+ MonotonicClock.nanoseconds(timeout)
        while true {
            _ = runtime.waitUntilIdle(timeout: timeout, criteria: Self.settleCriteria)
            if !inbox.isEmpty || runtime.pulse().pendingInvokes <= heldInvokes || clock.now() >= deadline { break }
            Thread.sleep(forTimeInterval: 0.001)
        }
        watchdog.beat("ui")
    }

    /// Bridge calls this thread holds unanswered: a navigation waiting for its page, an open modal.
    var heldInvokes: Int { (navigator.holdsReply ? 1 : 0) + overlays.heldDialogs }

    /// `settle`'s rule for the script: jobs and timers due within 50 ms, not intervals, not pending bridge calls.
    static let settleCriteria = IdleCriteria(timersDueWithin: .milliseconds(50), ignoresRepeatingTimers: true,
                                             includesBridgeCalls: false)

    // MARK: - Script messages

    /// Whether the script has posted messages the UI thread has not applied yet (the bench polls it).
    package var hasScriptMessages: Bool { !inbox.isEmpty }

    package func applyScriptMessages() { applyScriptMessages(limit: nil) }

    /// Applies the oldest `limit` waiting messages (all when nil): a replay applies the recording's batches.
    package func applyScriptMessages(limit: Int?) {
        let messages = inbox.drain(limit: limit)
        scriptQueueHighWater = max(scriptQueueHighWater, messages.count)
        if !messages.isEmpty { activity.each { $0.scriptMessagesApplied(count: messages.count) } }
        for message in messages {
            switch message {
            case .pageCreated(let pageId, let name, let data, let bindable):
                activity.each { $0.pageCreated(pageId: pageId, name: name, data: data) }
                navigator.pageCreated(pageId: pageId, name: name, data: data, bindable: bindable)
            case .setData(let pageId, let patches, let sequence, let answersInput, let postedAt):
                if answersInput && frames.pendingCause.answerPosted == nil { frames.pendingCause.answerPosted = postedAt }
                let entry = navigator.entry(pageId: pageId)
                if activity.isObserved {
                    let applied = SetDataActivity(pageId: pageId, pageName: entry?.name, patches: patches,
                                                  sequence: sequence, appliedAt: clock.now())
                    activity.each { $0.setDataApplied(applied) }
                }
                guard let entry else { continue }
                entry.view.applySetData(patches)
                entry.unpresentedSequence = sequence
                scheduler.markDirty(answeringInput: answersInput)
            case .invoke(let call):
                bridge.route(call, pageName: call.pageId.flatMap(navigator.entry(pageId:))?.name)
            case .error(let error):
                activity.each { $0.scriptFailed(error) }
                options.console("[error] \(error)")
                navigator.scriptFailed(error)
            case .log(let level, let text):
                options.console("[\(level.rawValue)] \(text)")
            case .warning(let text):
                options.console("[warn] \(text)")
            case .leaveAnswered(let token, let leave):
                navigator.leaveGuard.answered(token: token, leave: leave)
            case .componentDefined(let name):
                if bundle.components[name] == nil {
                    options.console("[warn] Component('\(name)') has no declaration: no components/*.swift declares `struct \(name): Component`")
                }
            }
        }
    }

    /// The native services every app gets: storage, files, request and getSystemInfo, when a store is configured.
    static func environment(bundle: LoadedBundle, storage: StorageStore?, options: EngineOptions,
                            size: Locked<(width: Int, height: Int)>) -> CommandEnvironment?
    {
        guard let storage, let storeDirectory = options.storeDirectory else { return nil }
        let domains = bundle.manifest.requestDomains
        var limits = RequestLimits()
        if let mb = bundle.manifest.requestStreamLimitMB { limits.maxStreamBytes = mb << 20 }
        var socketLimits = SocketLimits()
        if let mb = bundle.manifest.socketMessageLimitMB { socketLimits.maxMessageBytes = mb << 20 }
        if let count = bundle.manifest.openSocketLimit { socketLimits.maxOpenSockets = count }
        let quota = min(bundle.manifest.quotaMegabytes.map { $0 * 1024 * 1024 } ?? AppFiles.defaultQuotaBytes,
                        max(options.maxQuotaBytes, AppFiles.defaultQuotaBytes))
        let files = AppFiles(root: storeDirectory + "/files", storage: storage, quota: { _ in quota })
        let appVersion = bundle.manifest.version
        let colors = ProcessInfo.processInfo.environment["TERM"]?.contains("256") == true ? 256 : 8
        return CommandEnvironment(
            storage: storage, requestDomains: { _ in domains }, requestLimits: limits, requestFixtures: options.requestFixtures,
            systemInfo: { _ in
                let s = size.value
                return SystemInfo(terminalWidth: s.width, terminalHeight: s.height, colors: colors,
                                  engineVersion: TerminiEngine.version.description, appVersion: appVersion)
            }, files: files, sockets: OpenSockets(limits: socketLimits))
    }

    /// The terminal shows something this engine did not draw (another engine ran on it): the next frame writes
    /// every cell.
    package func invalidateScreen() {
        frames.compositor.invalidate()
        scheduler.markDirty()
    }

    /// Layers the host draws above the app (a preview's error box); set them, then ask for a frame.
    package var hostLayers: [any CompositorLayer] {
        get { frames.hostLayers }
        set {
            frames.hostLayers = newValue
            scheduler.markDirty()
        }
    }

    /// The screen as text (the last presented frame).
    public var screenText: String { frames.screenText }

    /// Flutter-style summary of every frame rendered so far.
    public var timingSummary: FrameTimingSummary {
        FrameTimingSummary(timings: frames.timings, budgetNanoseconds: scheduler.budgetNanoseconds)
    }
}
