import TerminiClock
import TerminiScript
import TerminiTemplate

/// A delegate that records everything the runtime sends, and can answer bridge calls.
final class RecordingDelegate: ScriptRuntimeDelegate {
    struct SetDataCall: Sendable {
        var pageId: Int
        var patches: [DataPatch]
        var sequence: Int
        var answersInput = false
        /// The patches as "path=json" (or "path.splice(i,n,json)") strings, for compact assertions.
        var summary: [String] { patches.map(\.summary) }
    }

    struct Record: Sendable {
        var errors: [ScriptError] = []
        var logs: [String] = []
        var warnings: [String] = []
        var setDataCalls: [SetDataCall] = []
        var created: [(pageId: Int, name: String, data: JSONValue)] = []
        var invokes: [BridgeCall] = []
        /// The callback ids of calls the script aborted.
        var aborts: [Int] = []
        /// Logs and errors in the order they came: "log <message>", "error <message>".
        var timeline: [String] = []
    }

    private let record = Locked(Record())
    private let responder = Locked<(@Sendable (BridgeCall) -> Void)?>(nil)

    func respond(with body: @escaping @Sendable (BridgeCall) -> Void) { responder.withLock { $0 = body } }

    var errors: [ScriptError] { record.withLock { $0.errors } }
    var logs: [String] { record.withLock { $0.logs } }
    var warnings: [String] { record.withLock { $0.warnings } }
    var setDataCalls: [SetDataCall] { record.withLock { $0.setDataCalls } }
    var created: [(pageId: Int, name: String, data: JSONValue)] { record.withLock { $0.created } }
    var invokes: [BridgeCall] { record.withLock { $0.invokes } }
    var aborts: [Int] { record.withLock { $0.aborts } }
    var timeline: [String] { record.withLock { $0.timeline } }

    func pageCreated(pageId: Int, name: String, initialData: JSONValue) {
        record.withLock { $0.created.append((pageId, name, initialData)) }
    }
    func setData(pageId: Int, patches: [DataPatch], sequence: Int, answersInput: Bool) {
        record.withLock {
            $0.setDataCalls.append(SetDataCall(pageId: pageId, patches: patches, sequence: sequence, answersInput: answersInput))
        }
    }
    func invoke(_ call: BridgeCall) {
        record.withLock { $0.invokes.append(call) }
        responder.withLock { $0 }?(call)
    }
    func abortInvoke(callbackId: Int) { record.withLock { $0.aborts.append(callbackId) } }
    func scriptError(_ error: ScriptError) {
        record.withLock { $0.errors.append(error); $0.timeline.append("error \(error.message)") }
    }
    func log(level: ScriptLogLevel, message: String) {
        record.withLock {
            $0.logs.append(level == .log ? message : "\(level.rawValue): \(message)")
            $0.timeline.append("log \(message)")
        }
    }
    func warning(_ message: String) { record.withLock { $0.warnings.append(message) } }
}

/// A runtime with a recording delegate; shut down when the test ends.
struct ScriptHarness {
    let runtime: ScriptRuntime
    let delegate: RecordingDelegate

    init(scriptLimit: Duration = .seconds(2), scriptMemoryMB: Int? = 256,
         entryObserver: (@Sendable (_ handler: String, _ pageId: Int?) -> Void)? = nil)
    {
        delegate = RecordingDelegate()
        var configuration = ScriptRuntime.Configuration(scriptLimit: scriptLimit)
        configuration.scriptMemoryLimit = scriptMemoryMB
        configuration.entryObserver = entryObserver
        runtime = ScriptRuntime(configuration: configuration, delegate: delegate)
    }

    /// Loads `script` as main.js and waits for it (and anything it started) to finish.
    func load(_ script: String) {
        runtime.load(script: script, fileName: "main.js")
        settle()
    }

    @discardableResult
    func settle(_ timeout: Duration = .seconds(10), criteria: IdleCriteria = .everything) -> Bool {
        runtime.waitUntilIdle(timeout: timeout, criteria: criteria)
    }

    func event(_ pageId: Int, _ handler: String, _ event: JSONValue = ["type": "tap"], loc: String? = nil) {
        runtime.dispatchEvent(pageId: pageId, handler: handler, event: event, loc: loc)
        settle()
    }

    func shutdown() { runtime.shutdown() }
}
