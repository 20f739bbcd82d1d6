import CJavaScriptCore
import Foundation
import TerminiClock
import TerminiTemplate

/// One mini-app's JavaScript: a JavaScriptCore global context owned by a dedicated JS thread with its own event
/// loop. Every public method is thread-safe and returns at once; the work runs later on the JS thread, and results
/// come back through the `ScriptRuntimeDelegate` on that thread.
public final class ScriptRuntime: Sendable {
    /// Limits and names for one runtime.
    public struct Configuration: Sendable {
        /// How long one entry into JavaScript (a script load, hook, handler, timer or callback) may run before JSC
        /// terminates it (`--script-limit`). Measured in the JS thread's CPU time.
        public var scriptLimit: Duration
        /// The largest setData payload, in bytes of JSON; docs/JS-API.md fixes it at 1 MiB.
        public var maxPayloadBytes: Int
        /// The JS thread's name, visible in debuggers and `top -H`.
        public var threadName: String
        /// Told of every entry into the script (hook or handler name, page) before it runs, on the JS thread: a
        /// host keeps it for its crash report. It must be quick.
        public var entryObserver: (@Sendable (_ handler: String, _ pageId: Int?) -> Void)?
        /// When set, `Date.now()` and `new Date()` tell this clock's time instead of the real one, and timers run on it.
        public var fixedClock: FixedScriptClock?
        /// When set, `Date.now()` and `new Date()` tell what this returns (milliseconds since 1970), called on the JS
        /// thread at each read: the flight recorder notes each read, a replay answers with the recorded ones. It
        /// takes the place of `fixedClock`'s time for `Date`; timers still run on `fixedClock` or the real clock.
        public var dateNow: (@Sendable () -> Double)?
        /// When set, `Math.random()` is a generator seeded with this, so a run's random numbers repeat in a replay.
        public var randomSeed: UInt32?
        /// The JS heap's limit in MB (`--script-memory`): an entry that grows it past this is terminated like one
        /// that runs too long. Nil: no limit.
        public var scriptMemoryLimit: Int? = 256
        /// What `getStorageSync` and `setStorageSync` read and write; nil: they throw, saying there is no storage.
        public var syncStorage: (any ScriptSyncStorage)?

        public init(scriptLimit: Duration = .seconds(1), maxPayloadBytes: Int = 1_048_576,
                    threadName: String = "termini.js")
        {
            self.scriptLimit = scriptLimit
            self.maxPayloadBytes = maxPayloadBytes
            self.threadName = threadName
        }
    }

    public let configuration: Configuration
    private let loop: ScriptEventLoop
    /// Events of running bridge calls not yet handed to the script, oldest first (`deliverInvokeEvent`).
    private let invokeEvents = Locked<[(callbackId: Int, event: JSONValue)]>([])

    /// Prepares JavaScriptCore for this process: WTF's main thread and main run loop, which its garbage collection
    /// timers need (see `termini_wtf_initializeMainThread` in the CJavaScriptCore shim). Call it from the main thread
    /// before anything else, as `termini`'s `main` does; the first runtime calls it otherwise. Idempotent. The calling
    /// thread must outlive every runtime: the run loop lives in its thread-local storage and is freed when it exits
    /// (an `async` main exits the main thread through `dispatch_main`; docs/EMBEDDING.md).
    /// It also moves JavaScriptCore's thread-suspend signal from SIGUSR1 to `threadSuspendSignal` (unless the host
    /// chose one with `JSC_SIGNAL_FOR_GC`), so that `kill -USR1` from outside is a signal the terminal handles, not
    /// a suspend request that crashes the process.
    /// And it starts JavaScriptCore with polling traps (`JSC_usePollingTraps=true`, unless the environment sets it).
    public static func prepareProcess() { _ = processPrepared }

    /// The real-time signal JavaScriptCore suspends its threads with here: one that no tool sends by name.
    public static let threadSuspendSignal: Int32 = 62

    private static let processPrepared: Void = {
        // The script limit is JavaScriptCore's watchdog, polled every 5 ms of script time. On its default signal
        // path, a thread of JSC's own suspends the JS thread with `tgkill` every millisecond and patches breakpoints
        // into optimized code until the JS thread takes the trap; a watchdog timer firing in between fails a
        // `RELEASE_ASSERT` in `VMTraps::requestThreadStopIfNeeded` (WebKitGTK 2.50) and aborts the process. With
        // polling traps, compiled code checks the trap flag at loop heads and function entries and takes it at once,
        // and no signal reaches the JS thread (docs/RELIABILITY.md, "JavaScriptCore's watchdog polls").
        setenv("JSC_usePollingTraps", "true", 0)
        // WTF reads the variable once, as it initializes threading, which `initializeMainThread` does first. It is
        // removed again at once: JavaScriptCore's options later read every `JSC_` variable and print "invalid
        // option" for this one (into the app's screen when standard error is the terminal).
        let chosenByHost = getenv("JSC_SIGNAL_FOR_GC") != nil
        if !chosenByHost { setenv("JSC_SIGNAL_FOR_GC", String(threadSuspendSignal), 1) }
        termini_wtf_initializeMainThread()
        if !chosenByHost { unsetenv("JSC_SIGNAL_FOR_GC") }
    }()

    /// Starts JavaScriptCore's process-wide start (its options, the interpreter, the executable memory, which the
    /// first context pays for) on a thread of its own, so that it overlaps what the caller does before its first
    /// runtime: loading a bundle, setting up the terminal (a cold start's script thread then starts in about 9 ms
    /// instead of 12). Call `wait()` on the result before the process may exit: exiting while it runs would tear
    /// JavaScriptCore's statics down under it.
    public static func warmUp() -> ScriptEngineWarmUp {
        prepareProcess()
        return ScriptEngineWarmUp()
    }

    /// Starts the JS thread, which creates the context and evaluates the prelude before serving any job.
    public init(configuration: Configuration = Configuration(), delegate: any ScriptRuntimeDelegate) {
        Self.prepareProcess()
        self.configuration = configuration
        let loop = ScriptEventLoop(fixedClock: configuration.fixedClock)
        self.loop = loop
        // Handed to the engine and dropped here, so that the thread's closure does not keep the host's delegate (and
        // through it the host's objects) alive after `shutdown` (EngineReleaseTests).
        let handOver = Locked<(any ScriptRuntimeDelegate)?>(delegate)
        let thread = Thread { [loop] in
            // Set from the thread itself: a name given before `start()` does not reach the kernel on Linux, and
            // profilers, gdb and `perf sched` show the kernel's name.
            Thread.current.name = configuration.threadName
            loop.run { loop in
                let delegate = handOver.withLock { slot -> (any ScriptRuntimeDelegate)? in
                    defer { slot = nil }
                    return slot
                }
                return ScriptEngine(loop: loop, configuration: configuration, delegate: delegate!)
            }
        }
        // JSC sizes its recursion limit from the thread's stack; give it the usual main-thread 8 MiB.
        thread.stackSize = 8 << 20
        thread.start()
    }

    deinit { loop.stop() }

    // MARK: scripts and app

    /// Evaluates a script (normally the bundle's `main.js`) in the global context. A syntax error is reported as
    /// `.syntax` and runs nothing; an exception as `.exception`. May be called again for further scripts.
    public func load(script: String, fileName: String, modules: ScriptModules = ScriptModules()) {
        loop.post { $0.load(script: script, fileName: fileName, modules: modules) }
    }

    /// Calls the App's `onLaunch(options)` then `onShow(options)`; nothing when the script never called `App()`.
    public func launchApp(options: JSONValue = .object([:])) {
        let json = options.serialized()
        loop.post { $0.launchApp(optionsJSON: json) }
    }

    /// Calls the App's `onShow` or `onHide` (the host going to or from the background), or `onUpdateReady`
    /// with its `argument`.
    public func callAppLifecycle(_ event: AppLifecycleEvent, argument: JSONValue? = nil) {
        let json = argument?.serialized()
        loop.post { $0.appLifecycle(event, argumentJSON: json) }
    }

    // MARK: pages

    /// Creates an instance of the page registered as `name` under the host's `pageId`: the delegate gets
    /// `pageCreated` with its initial data, then `onLoad(query)` and `onShow()` run. An unknown name is reported
    /// as an `.exception` error naming the registered pages.
    public func createPage(pageId: Int, name: String, query: [String: String] = [:]) {
        let json = JSONValue.object(query.mapValues { .string($0) }).serialized()
        loop.post { $0.createPage(pageId: pageId, name: name, queryJSON: json) }
    }

    /// Calls a page hook. `.ready` belongs after the page's first frame; `.unload` also retires the instance, so
    /// later setData calls on it warn and its pending callbacks and bridge calls are dropped.
    public func callLifecycle(pageId: Int, _ event: PageLifecycleEvent, argument: JSONValue? = nil) {
        let json = argument?.serialized()
        loop.post { $0.lifecycle(pageId: pageId, event, argumentJSON: json) }
    }

    /// Asks the page whether the user may leave it (`onBeforeLeave({reason})`, docs/JS-API.md#leaving-a-page): the
    /// delegate hears `leaveAnswered(token:leave:)` once the hook returned, or its promise settled. A page without
    /// the hook, a hook that throws or rejects, and a hook that returns anything but `false` answer leave.
    public func askBeforeLeave(pageId: Int, reason: String, token: Int) {
        loop.post { $0.beforeLeave(pageId: pageId, reason: reason, token: token) }
    }

    /// Marks a loaded tab page parked (another tab is shown) or back on the stack: `getCurrentPages()` lists only
    /// pages on the stack, as in WeChat, while a parked page keeps its instance, data and timers.
    public func setPageParked(pageId: Int, _ parked: Bool) {
        loop.post { $0.parkPage(pageId: pageId, parked) }
    }

    /// Calls the page method named `handler` with `event` ({type, dataset, detail}; `timeStamp` is filled in when
    /// absent). A name with no method is a delegate warning naming the handler and `loc`.
    /// With `ifDefined`, a page without that method is skipped silently: for hooks every page is offered, like `onKey`.
    /// `component` names the instance whose method it is (an element inside a component's body); nil: the page's.
    /// With `orApp`, a page without the method hands the event to the `App({...})` method of that name (key bindings).
    public func dispatchEvent(pageId: Int, handler: String, event: JSONValue, loc: String?, ifDefined: Bool = false,
                              component: Int? = nil, orApp: Bool = false)
    {
        // Serialized on the script thread: a text input's change event carries its whole text, which would cost
        // the UI thread its length on every key, before the frame that shows the key.
        loop.post(lazily: true) {
            $0.dispatchEvent(pageId: pageId, handler: handler, eventJSON: event.serialized(), loc: loc, ifDefined: ifDefined,
                             component: component, orApp: orApp)
        }
    }

    /// Runs `body` with the events it dispatches queued in order but the script thread left asleep until it returns
    /// (unless another call wakes it first). The UI thread uses it to finish the frame an input asked for before
    /// the script thread competes with it for a core: on two cores, waking it first cost a Table's Down key
    /// 0.04–0.25 ms before its frame began.
    public func holdingEventWakes<T>(_ body: () throws -> T) rethrows -> T {
        loop.holdLazyWakes()
        defer { loop.releaseLazyWakes() }
        return try body()
    }

    // MARK: components

    /// What happened to `pageId`'s component instances since the last call, in order, in one hand-off (a list of a
    /// thousand rows attaches a thousand instances at once). Each entry is one of
    /// `["attach", id, name, properties, owner, events, useLoc]` (an instance appeared: its script object is made
    /// with `properties` merged into its data and `lifetimes.attached` runs; `owner` is the instance whose body holds
    /// the use, null for the page's template; `events` maps event names to the owner's handlers),
    /// `["properties", id, changes]` (the use site changed property values: `this.properties` and `this.data` take
    /// them and the component's observers run) and `["detach", id]` (`lifetimes.detached` runs; later setData on it
    /// warns and is ignored).
    public func componentEvents(pageId: Int, _ events: JSONValue) {
        let json = events.serialized()
        loop.post { $0.componentEvents(pageId: pageId, eventsJSON: json) }
    }

    /// The fixed script clock moved (`FixedScriptClock.advance`): timers now due fire.
    public func clockAdvanced() { loop.post { _ in } }

    /// Reports that the frame showing every setData of `pageId` up to `sequence` is on screen; their callbacks run.
    public func framePresented(pageId: Int, upTo sequence: Int) {
        loop.post { $0.framePresented(pageId: pageId, upTo: sequence) }
    }

    // MARK: bridge

    /// Settles a `bridge.invoke` promise: resolves with `result` when `ok`, rejects with it otherwise. Unknown,
    /// dropped (page unloaded) or already settled ids are ignored.
    public func resolveInvoke(callbackId: Int, result: JSONValue, ok: Bool) {
        // The answer comes after every event the call sent: the job that carries them was posted before this one.
        let json = result.serialized()
        loop.post { $0.settleInvoke(callbackId: callbackId, resultJSON: json, ok: ok) }
    }

    /// Hands an event of a running bridge call (`{type, ...}`: a chunk, a socket message) to the listeners its task
    /// object has for that type. Events that arrive while the script is busy wait and enter it together, in order,
    /// in one call: a stream faster than the script costs it one entry per turn of its loop, not one per event.
    public func deliverInvokeEvent(callbackId: Int, event: JSONValue) {
        let first = invokeEvents.withLock { queue in
            queue.append((callbackId, event))
            return queue.count == 1
        }
        guard first else { return }
        loop.post { [invokeEvents] engine in
            let batch = invokeEvents.withLock { queue in
                defer { queue.removeAll(keepingCapacity: true) }
                return queue
            }
            let json = JSONValue.array(batch.map { .array([.number(Double($0.callbackId)), $0.event]) }).serialized()
            engine.invokeEvents(batchJSON: json)
        }
    }

    // MARK: liveness and shutdown

    /// Blocks until the runtime is idle by `criteria` (no queued job, nothing running, no blocking timer, no
    /// pending bridge call) or `timeout` passes; returns whether it became idle. Microtasks never count: JSC
    /// drains them before each entry returns.
    @discardableResult
    public func waitUntilIdle(timeout: Duration, criteria: IdleCriteria = .everything) -> Bool {
        loop.waitUntilIdle(timeout: timeout, criteria: criteria)
    }

    /// The JS heap's counters after a full collection, measured on the JS thread; blocks until that has run
    /// (nil after `timeout`). For benchmarks: a full collection is a long pause.
    public func measureHeap(timeout: Duration = .seconds(30)) -> ScriptHeapStatistics? {
        waitForAnswer(timeout: timeout) { $0.heapAfterCollecting() } ?? nil
    }

    /// The JS heap's counters as JavaScriptCore's own collections left them, read on the JS thread between jobs
    /// without collecting (nil after `timeout`): what a long-running page's heap really holds.
    public func heapStatistics(timeout: Duration = .seconds(10)) -> ScriptHeapStatistics? {
        waitForAnswer(timeout: timeout) { $0.heapStatistics() } ?? nil
    }

    /// Runs `question` on the JS thread and waits for its answer; nil after `timeout`.
    private func waitForAnswer<T: Sendable>(timeout: Duration, _ question: @escaping @Sendable (ScriptEngine) -> T) -> T? {
        let result = Locked<T?>(nil)
        let done = DispatchSemaphore(value: 0)
        loop.post { engine in
            let answer = question(engine)
            result.withLock { $0 = answer }
            done.signal()
        }
        let seconds = Double(MonotonicClock.nanoseconds(timeout)) / 1e9
        guard done.wait(timeout: .now() + seconds) == .success else { return nil }
        return result.withLock { $0 }
    }

    /// What the loaded script registered: `{app: [method names] | null, pages: {name: {methods: [...], data: {...}}},
    /// components: {name: [method names]}}`, read on the JS thread without calling any hook (`termini check`). Nil
    /// after `timeout` or without a prelude.
    public func describeRegistrations(timeout: Duration = .seconds(5)) -> JSONValue? {
        guard let text = waitForAnswer(timeout: timeout, { $0.describeRegistrations() }) ?? nil else { return nil }
        return try? JSONValue.parse(text)
    }

    /// A snapshot of the JS thread's liveness for a watchdog: a stall is `pulse().busyDuration()` over a threshold.
    public func pulse() -> ScriptThreadPulse { loop.pulse() }

    /// Time the JS thread took to create the context and evaluate the prelude; nil until that is done.
    public var startupDuration: Duration? { loop.startupDuration }

    /// Stops the loop after the job now running (a runaway script is cut off by the script limit) and releases the
    /// context on the JS thread. Waits for that unless called from the JS thread itself (e.g. from the delegate).
    /// Jobs posted afterwards are dropped. The delegate is released by the time it returns.
    public func shutdown() {
        loop.stop()
        if !loop.isCurrentThread {
            _ = loop.waitUntilFinished(timeout: configuration.scriptLimit + .seconds(2))
        }
    }
}

/// JavaScriptCore's process-wide start, running on its own thread (`ScriptRuntime.warmUp()`).
public final class ScriptEngineWarmUp: Sendable {
    private let finished = DispatchSemaphore(value: 0)

    fileprivate init() {
        let finished = self.finished
        let thread = Thread {
            let group = JSContextGroupCreate()
            JSGlobalContextRelease(JSGlobalContextCreateInGroup(group, nil))
            JSContextGroupRelease(group)
            finished.signal()
        }
        thread.stackSize = 1 << 20
        thread.start()
    }

    /// Blocks until the warm-up is over (at once when it is). Idempotent.
    public func wait() {
        finished.wait()
        finished.signal()
    }
}
