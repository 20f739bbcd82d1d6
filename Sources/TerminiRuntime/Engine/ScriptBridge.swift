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
                      fixedClock: FixedScriptClock? = nil, syncStorage: (any ScriptSyncStorage)? = nil,
                      wake: @escaping @Sendable () -> Void) -> Start
    {
        let slot = Locked<(ScriptRuntime, CommandRouter)?>(nil)
        let appId = storageId
        let permissions = Set(manifest.permissions)
        // The inbox is the runtime's delegate, so it exists before the runtime, and the router (whose commands need
        // the runtime) after both: the inbox reaches them through the slot.
        let inbox = ScriptInbox(wake: wake, routeDirectly: { call in
            guard let (runtime, router) = slot.value, router.thread(of: call.name) == .script else { return false }
            let context = CommandContext(appId: appId, pageId: call.pageId, pageName: nil, permissions: permissions)
            router.invoke(call.name, params: call.params, context: context) { outcome in
                runtime.resolveInvoke(callbackId: call.callbackId, result: outcome.envelope, ok: outcome.ok)
            }
            return true
        })
        var configuration = ScriptRuntime.Configuration(scriptLimit: scriptLimit)
        configuration.entryObserver = { handler, pageId in CrashReport.noteScriptEntry(handler, pageId: pageId) }
        configuration.fixedClock = fixedClock
        configuration.scriptMemoryLimit = scriptMemoryLimit
        configuration.syncStorage = syncStorage
        let runtime = ScriptRuntime(configuration: configuration, delegate: inbox)
        return Start(runtime: runtime, inbox: inbox, slot: slot)
    }

    /// The bridge of a started script thread, answering its calls through `router` from the first one on.
    init(_ start: Start, manifest: BundleManifest, storageId: String, router: CommandRouter) {
        runtime = start.runtime
        inbox = start.inbox
        self.router = router
        appId = storageId
        permissions = Set(manifest.permissions)
        start.slot.value = (start.runtime, router)
    }

    /// Routes a call the inbox queued for the UI thread; `pageName` is the calling page's, when it is open.
    func route(_ call: BridgeCall, pageName: String?) {
        let context = CommandContext(appId: appId, pageId: call.pageId, pageName: pageName, permissions: permissions)
        let runtime = self.runtime
        router.invoke(call.name, params: call.params, context: context) { outcome in
            runtime.resolveInvoke(callbackId: call.callbackId, result: outcome.envelope, ok: outcome.ok)
        }
    }
}
