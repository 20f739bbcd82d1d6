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

    /// `makeRouter` receives the runtime, which the UI thread's commands (navigation) need; the router answers
    /// the script's calls from the first one on.
    init(manifest: BundleManifest, storageId: String, scriptLimit: Duration, scriptMemoryLimit: Int? = nil, fixedClock: FixedScriptClock? = nil,
         syncStorage: (any ScriptSyncStorage)? = nil, wake: @escaping @Sendable () -> Void, makeRouter: (ScriptRuntime) throws -> CommandRouter) throws
    {
        appId = storageId
        permissions = Set(manifest.permissions)
        // The inbox is the runtime's delegate, so it exists before the runtime, and the router (whose commands need
        // the runtime) after both: the inbox reaches them through this slot, filled before any script runs.
        let slot = Locked<(ScriptRuntime, CommandRouter)?>(nil)
        let appId = appId
        let permissions = permissions
        inbox = ScriptInbox(wake: wake, routeDirectly: { call in
            guard let (runtime, router) = slot.value, router.thread(of: call.name) == .script else { return false }
            let context = CommandContext(appId: appId, pageId: call.pageId, pageName: nil, permissions: permissions)
            ScriptBridge.invoke(call, router: router, runtime: runtime, context: context)
            return true
        }, abort: { callbackId in slot.value?.1.abort(callId: callbackId) })
        var configuration = ScriptRuntime.Configuration(scriptLimit: scriptLimit)
        configuration.entryObserver = { handler, pageId in CrashReport.noteScriptEntry(handler, pageId: pageId) }
        configuration.fixedClock = fixedClock
        configuration.scriptMemoryLimit = scriptMemoryLimit
        configuration.syncStorage = syncStorage
        runtime = ScriptRuntime(configuration: configuration, delegate: inbox)
        do { router = try makeRouter(runtime) } catch {
            runtime.shutdown()  // a start-up error (a duplicate command name) leaves no JS thread behind
            throw error
        }
        slot.value = (runtime, router)
    }

    /// Routes a call the inbox queued for the UI thread; `pageName` is the calling page's, when it is open.
    func route(_ call: BridgeCall, pageName: String?) {
        let context = CommandContext(appId: appId, pageId: call.pageId, pageName: pageName, permissions: permissions)
        Self.invoke(call, router: router, runtime: runtime, context: context)
    }

    /// Runs a call, sending its events and then its answer to the script; the callback id is the call's id for an
    /// abort.
    private static func invoke(_ call: BridgeCall, router: CommandRouter, runtime: ScriptRuntime, context: CommandContext) {
        let callbackId = call.callbackId
        router.invoke(call.name, params: call.params, context: context, callId: callbackId,
                      events: { runtime.deliverInvokeEvent(callbackId: callbackId, event: $0) }) { outcome in
            runtime.resolveInvoke(callbackId: callbackId, result: outcome.envelope, ok: outcome.ok)
        }
    }
}
