import Foundation
import TerminiClock
import TerminiScript
import TerminiTemplate

/// What the JS thread tells the UI thread. Messages are applied in arrival order, once per loop iteration.
enum ScriptMessage: Sendable {
    /// `bindable`: the names the page's key bindings can call, its methods and the App's.
    case pageCreated(pageId: Int, name: String, data: JSONValue, bindable: Set<String>)
    /// `postedAt`: when the JS thread posted it (`MonotonicClock.now()`), for `--timings`.
    case setData(pageId: Int, patches: [DataPatch], sequence: Int, answersInput: Bool, postedAt: UInt64)
    case invoke(BridgeCall)
    case error(ScriptError)
    case log(ScriptLogLevel, String)
    case warning(String)
    /// `Component(name, …)` ran (its initial data is already in the inbox's `componentData`).
    case componentDefined(String)
    /// The page's `onBeforeLeave` answered the question `token`.
    case leaveAnswered(token: Int, leave: Bool)
}

/// The runtime's delegate: queues messages from the JS thread and wakes the UI thread's input wait.
///
/// The UI thread owns every widget; the JS thread never touches them. This queue is the only hand-off, so a busy
/// script cannot freeze painting and a slow frame cannot block the script.
final class ScriptInbox: ScriptRuntimeDelegate, @unchecked Sendable {
    private let lock = NSLock()
    private var messages: [ScriptMessage] = []
    private let wake: @Sendable () -> Void
    /// Answers bridge calls that need no UI state right on the JS thread; returns false for the UI thread's own
    /// commands (navigation, overlays), which are queued like every other message.
    private let routeDirectly: @Sendable (BridgeCall) -> Bool
    /// Stops a call the script aborted, wherever it runs.
    private let abort: @Sendable (_ callbackId: Int) -> Void
    /// Each component's initial data from its `Component()`, read by the UI thread when it creates an instance, so
    /// the instance's first frame shows it. Written before any page exists (main.js's top level).
    private let componentData = Locked<[String: [String: JSONValue]]>([:])

    init(wake: @escaping @Sendable () -> Void, routeDirectly: @escaping @Sendable (BridgeCall) -> Bool,
         abort: @escaping @Sendable (_ callbackId: Int) -> Void)
    {
        self.wake = wake
        self.routeDirectly = routeDirectly
        self.abort = abort
    }

    private func post(_ message: ScriptMessage) {
        lock.lock()
        messages.append(message)
        lock.unlock()
        wake()
    }

    /// Everything posted since the last drain (or its oldest `limit` messages), oldest first.
    func drain(limit: Int? = nil) -> [ScriptMessage] {
        lock.lock()
        defer { lock.unlock() }
        if let limit, limit < messages.count {
            let out = Array(messages.prefix(limit))
            messages.removeFirst(limit)
            return out
        }
        let out = messages
        messages.removeAll(keepingCapacity: true)
        return out
    }

    /// Messages waiting.
    var count: Int {
        lock.lock()
        defer { lock.unlock() }
        return messages.count
    }

    var isEmpty: Bool {
        lock.lock()
        defer { lock.unlock() }
        return messages.isEmpty
    }

    func pageCreated(pageId: Int, name: String, initialData: JSONValue) {
        pageCreated(pageId: pageId, name: name, initialData: initialData, bindable: [])
    }
    func pageCreated(pageId: Int, name: String, initialData: JSONValue, bindable: Set<String>) {
        post(.pageCreated(pageId: pageId, name: name, data: initialData, bindable: bindable))
    }
    func setData(pageId: Int, patches: [DataPatch], sequence: Int, answersInput: Bool) {
        post(.setData(pageId: pageId, patches: patches, sequence: sequence, answersInput: answersInput,
                      postedAt: MonotonicClock.now()))
    }
    func invoke(_ call: BridgeCall) { if !routeDirectly(call) { post(.invoke(call)) } }
    func abortInvoke(callbackId: Int) { abort(callbackId) }
    func scriptError(_ error: ScriptError) { post(.error(error)) }
    func log(level: ScriptLogLevel, message: String) { post(.log(level, message)) }
    func warning(_ message: String) { post(.warning(message)) }
    func leaveAnswered(token: Int, leave: Bool) { post(.leaveAnswered(token: token, leave: leave)) }
    func componentDefined(name: String, initialData: JSONValue) {
        componentData.withLock { $0[name] = initialData.objectValue?.dictionary ?? [:] }
        post(.componentDefined(name))
    }

    /// A component's initial data; nil for a component without a script (a pure template).
    func initialData(of component: String) -> [String: JSONValue]? { componentData.withLock { $0[component] } }
}
