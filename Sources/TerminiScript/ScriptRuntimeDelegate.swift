import TerminiTemplate

/// A `bridge.invoke(name, params)` call waiting for `ScriptRuntime.resolveInvoke(callbackId:result:ok:)`.
public struct BridgeCall: Sendable, Equatable {
    public var callbackId: Int
    public var name: String
    public var params: JSONValue
    /// The page on whose behalf the calling code ran (its hook, handler, or a timer it started); nil when unknown,
    /// e.g. code running after an `await`.
    public var pageId: Int?
}

/// The level of a `console` call.
public enum ScriptLogLevel: String, Sendable {
    case debug, log, info, warn, error
}

/// The page lifecycle hooks the host drives (docs/JS-API.md). `onLoad` runs inside `createPage`.
public enum PageLifecycleEvent: String, Sendable {
    case show = "onShow"
    case hide = "onHide"
    /// After the page's first frame is on screen.
    case ready = "onReady"
    /// The page leaves the stack; its pending setData callbacks and bridge calls are dropped.
    case unload = "onUnload"
    /// The terminal's size changed; receives `{width, height}`.
    case resize = "onResize"
}

/// The app lifecycle hooks after launch.
public enum AppLifecycleEvent: String, Sendable {
    case show = "onShow"
    case hide = "onHide"
    /// A new version was installed for the next launch; receives `{version}` (docs/JS-API.md).
    case updateReady = "onUpdateReady"
}

/// Receives everything the script sends to the host. Every method is called on the runtime's JS thread, one at a
/// time; implementations must return quickly and hand work to their own threads.
public protocol ScriptRuntimeDelegate: Sendable {
    /// A page instance exists; `initialData` is its deep-copied `data`. Called before `onLoad`.
    func pageCreated(pageId: Int, name: String, initialData: JSONValue)
    /// As `pageCreated(pageId:name:initialData:)`, with `bindable`: the names a key binding on the page can call,
    /// the page's own methods and the App's (`dispatchEvent(…, orApp: true)`), as they are when the page is made.
    func pageCreated(pageId: Int, name: String, initialData: JSONValue, bindable: Set<String>)
    /// The paths whose values changed in one `setData` call, in key order. Report `framePresented(pageId:upTo:)`
    /// with `sequence` (or a later one) once a frame showing them is on screen. `answersInput`: sent while a handler
    /// of an input event ran (its awaited continuations within that entry included), so the host draws it at once
    /// instead of at the next paced frame; timers, bridge answers and the rest send false.
    func setData(pageId: Int, patches: [DataPatch], sequence: Int, answersInput: Bool)
    /// A `bridge.invoke`; settle it later with `ScriptRuntime.resolveInvoke(callbackId:result:ok:)`, and send what it
    /// reports before then with `ScriptRuntime.deliverInvokeEvent(callbackId:event:)`.
    func invoke(_ call: BridgeCall)
    /// The script aborted the call (`task.abort()`) and settled it itself: stop the work; its answer is ignored.
    func abortInvoke(callbackId: Int)
    /// A syntax error, uncaught exception, timeout or unhandled rejection. The runtime stays usable.
    func scriptError(_ error: ScriptError)
    /// A `console.*` line.
    func log(level: ScriptLogLevel, message: String)
    /// A misuse that is not an exception: a missing event handler, setData after onUnload, an unknown page id.
    func warning(_ message: String)
    /// `Component(name, { data })` ran: new instances of `name` start from `initialData`.
    func componentDefined(name: String, initialData: JSONValue)
    /// The answer to `ScriptRuntime.askBeforeLeave(pageId:reason:token:)`: whether the page may go.
    func leaveAnswered(token: Int, leave: Bool)
}

extension ScriptRuntimeDelegate {
    public func pageCreated(pageId: Int, name: String, initialData: JSONValue, bindable: Set<String>) {
        pageCreated(pageId: pageId, name: name, initialData: initialData)
    }
    public func componentDefined(name: String, initialData: JSONValue) {}
    public func abortInvoke(callbackId: Int) {}
    public func leaveAnswered(token: Int, leave: Bool) {}
}
