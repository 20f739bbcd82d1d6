import TerminiBridge
import TerminiClock
import TerminiScript
import TerminiTemplate
import TerminiTerminal

/// The JS thread's runtime and its hand-off to the UI thread, and where bridge calls go.
///
/// A call whose command runs on the `.script` thread is routed to the `CommandRouter` right on the JS thread, so
/// storage or request never waits for a frame. Every other message (page created, setData, errors, calls to `.ui`
/// commands such as navigation and overlays) is queued in the `ScriptInbox` for the UI thread.
final class ScriptBridge {
    let runtime: ScriptRuntime
    let inbox: ScriptInbox
    let router: CommandRouter
    /// The app id commands see; storage is kept under it (`LoadedBundle.storageId`).
    private let appId: String
    private let permissions: Set<String>
    private let activity: EngineActivity

    /// The script thread and its inbox, started before the commands, since the navigation commands need the
    /// runtime. Make the `ScriptBridge` from it, or `shutdown()` its runtime.
    struct Start {
        let runtime: ScriptRuntime
        let inbox: ScriptInbox
        /// How the inbox reaches the runtime and the router for the calls it answers on the script thread; filled by
        /// `ScriptBridge.init`, before any script runs.
        fileprivate let slot: Locked<(ScriptRuntime, CommandRouter)?>
    }

    /// Starts the script thread with the app's limits.
    static func start(manifest: BundleManifest, storageId: String, scriptLimit: Duration, scriptMemoryLimit: Int? = nil,
                      fixedClock: FixedScriptClock? = nil, dateNow: (@Sendable () -> Double)? = nil,
                      randomSeed: UInt32? = nil, activity: EngineActivity = EngineActivity(observers: []),
                      recordedAnswers: (@Sendable (BridgeCall) -> CommandOutcome?)? = nil,
                      syncStorage: (any ScriptSyncStorage)? = nil, wake: @escaping @Sendable () -> Void) -> Start
    {
        let slot = Locked<(ScriptRuntime, CommandRouter)?>(nil)
        let appId = storageId
        let permissions = Set(manifest.permissions)
        // The inbox is the runtime's delegate, so it exists before the runtime, and the router (whose commands need
        // the runtime) after both: the inbox reaches them through the slot.
        let inbox = ScriptInbox(wake: wake, routeDirectly: { call in
            guard let (runtime, router) = slot.value, router.thread(of: call.name) == .script else { return false }
            if let recordedAnswers {
                // A replay: the recording's answer instead of the network, storage or clock; none, none at all.
                if let outcome = recordedAnswers(call) {
                    runtime.resolveInvoke(callbackId: call.callbackId, result: outcome.envelope, ok: outcome.ok)
                }
                return true
            }
            let context = CommandContext(appId: appId, pageId: call.pageId, pageName: nil, permissions: permissions)
            Self.invoke(call, thread: .script, context: context, router: router, runtime: runtime, activity: activity)
            return true
        }, abort: { callbackId in slot.value?.1.abort(callId: callbackId) })
        var configuration = ScriptRuntime.Configuration(scriptLimit: scriptLimit)
        configuration.entryObserver = { handler, pageId in CrashReport.noteScriptEntry(handler, pageId: pageId) }
        configuration.fixedClock = fixedClock
        configuration.dateNow = dateNow
        configuration.randomSeed = randomSeed
        configuration.scriptMemoryLimit = scriptMemoryLimit
        configuration.syncStorage = syncStorage
        let runtime = ScriptRuntime(configuration: configuration, delegate: inbox)
        return Start(runtime: runtime, inbox: inbox, slot: slot)
    }

    /// The bridge of a started script thread, answering its calls through `router` from the first one on;
    /// `activity` hears of the calls the UI thread routes (those of the script thread are told in `start`).
    init(_ start: Start, manifest: BundleManifest, storageId: String, router: CommandRouter,
         activity: EngineActivity = EngineActivity(observers: []))
    {
        runtime = start.runtime
        inbox = start.inbox
        self.router = router
        appId = storageId
        permissions = Set(manifest.permissions)
        self.activity = activity
        start.slot.value = (start.runtime, router)
    }

    /// Routes a call the inbox queued for the UI thread; `pageName` is the calling page's, when it is open.
    func route(_ call: BridgeCall, pageName: String?) {
        let context = CommandContext(appId: appId, pageId: call.pageId, pageName: pageName, permissions: permissions)
        Self.invoke(call, thread: .ui, context: context, router: router, runtime: runtime, activity: activity)
    }

    /// Runs the call through the router, sending its events and then its answer to the script; the callback id is
    /// the call's id for an abort. The observers hear of the call and its answer.
    private static func invoke(_ call: BridgeCall, thread: CommandThread, context: CommandContext, router: CommandRouter,
                               runtime: ScriptRuntime, activity: EngineActivity)
    {
        let callbackId = call.callbackId
        let events: @Sendable (JSONValue) -> Void = { runtime.deliverInvokeEvent(callbackId: callbackId, event: $0) }
        guard activity.isObserved else {
            router.invoke(call.name, params: call.params, context: context, callId: callbackId, events: events) { outcome in
                runtime.resolveInvoke(callbackId: callbackId, result: outcome.envelope, ok: outcome.ok)
            }
            return
        }
        let started = BridgeCallActivity(callId: callbackId, command: call.name, params: call.params,
                                         pageId: call.pageId, thread: thread, startedAt: MonotonicClock.now())
        activity.each { $0.bridgeCallStarted(started) }
        router.invoke(call.name, params: call.params, context: context, callId: callbackId, events: events) { outcome in
            let answer = BridgeAnswerActivity(callId: callbackId, command: call.name, outcome: outcome,
                                              answeredAt: MonotonicClock.now())
            activity.each { $0.bridgeCallAnswered(answer) }
            runtime.resolveInvoke(callbackId: callbackId, result: outcome.envelope, ok: outcome.ok)
        }
    }
}
