import CJavaScriptCore
import Foundation
import TerminiClock
import TerminiTemplate

/// The JS-thread side of a `ScriptRuntime`: owns the context, the prelude's host API and the native functions the
/// prelude calls. Every method runs on the JS thread; nothing here is shared.
final class ScriptEngine {
    /// The prelude functions the host calls into.
    enum HostFunction: String, CaseIterable {
        case launchApp, appLifecycle, createPage, lifecycle, parkPage, dispatchEvent, framePresented, settleInvoke
        case fireTimer, rejection, describe, loadPageScript, beforeLeave, invokeEvents
        case componentEvents, loadComponentScript, evaluateScript
    }

    private let js = JavaScriptContext()
    private let delegate: any ScriptRuntimeDelegate
    private unowned let loop: ScriptEventLoop
    private let configuration: ScriptRuntime.Configuration
    private let termination: TerminationMonitor
    /// Paths the prelude defined, by id: parsed once in JavaScript, never parsed here (`definePath`, `clearPaths`).
    private var paths: [DataPath] = []
    private var hostFunctions: [HostFunction: ProtectedJSValue] = [:]
    /// The timer being fired, so an interval re-armed from its own callback keeps its cadence instead of drifting.
    private var firingTimer: (id: Int, deadline: UInt64)?
    /// The entry running now: an unhandled rejection, reported from the end of its microtask checkpoint, names it.
    private var runningEntry: (handler: String?, pageId: Int?, loc: String?)?
    /// The running entry is an event handler (input reaches the script only as events): its setData answers input.
    private var runningInputHandler = false

    static let evalDisabledMessage = "eval and Function are disabled in Termini mini-apps"

    init(loop: ScriptEventLoop, configuration: ScriptRuntime.Configuration, delegate: any ScriptRuntimeDelegate) {
        self.loop = loop
        self.configuration = configuration
        self.delegate = delegate
        termination = TerminationMonitor(timeLimit: configuration.scriptLimit,
                                         memoryLimitBytes: configuration.scriptMemoryLimit.map { $0 << 20 })
        installPrelude()
        JSStringConversion.with(Self.evalDisabledMessage) { JSGlobalContextSetEvalEnabled(js.context, false, $0) }
        // A short limit the callback extends until the entry's own limit (or the memory limit) is reached.
        let seconds = min(Double(MonotonicClock.nanoseconds(configuration.scriptLimit)) / 1e9, TerminationMonitor.pollInterval)
        let group = js.group
        let info = Unmanaged.passUnretained(termination).toOpaque()
        JSContextGroupSetExecutionTimeLimit(group, max(seconds, 0.001), terminationCallback, info)
        termination.rearm = { JSContextGroupSetExecutionTimeLimit(group, max(seconds, 0.001), terminationCallback, info) }
    }

    /// Drops every protected value while the context is alive; the context itself is released with this object.
    func tearDown() {
        JSContextGroupClearExecutionTimeLimit(js.group)
        hostFunctions.removeAll()
    }

    // MARK: host entry points

    /// The bundle's modules and page scripts (`require`, `pages/<name>.js`); set before `load`.
    private var modules = ScriptModules()

    func load(script: String, fileName: String, modules: ScriptModules) {
        self.modules = modules
        load(script: script, fileName: fileName)
        for (component, path) in modules.componentScripts {
            enter(.loadComponentScript, [.string(path), .string(component)], handler: "top level of \(path)")
        }
        for (page, path) in modules.pageScripts {
            enter(.loadPageScript, [.string(path), .string(page)], handler: "top level of \(path)")
        }
    }

    func load(script: String, fileName: String) {
        termination.reset()
        do throws(JavaScriptException) {
            try js.checkSyntax(script, fileName: fileName)
        } catch {
            report(error, kind: .syntax, fileName: fileName)
            return
        }
        var thrown: JavaScriptException?
        do throws(JavaScriptException) {
            // From inside an entry, so that the microtasks the script queues run under the script's limits.
            if let evaluate = hostFunctions[.evaluateScript]?.object {
                try js.call(evaluate, [.string(script), .string(fileName)])
            } else {
                try js.evaluate(script, fileName: fileName)
            }
        } catch {
            thrown = error
        }
        finishEntry(thrown, fileName: fileName, pageId: nil, handler: nil, loc: nil)
    }

    func launchApp(optionsJSON: String) {
        enter(.launchApp, [.json(optionsJSON)], handler: "onLaunch")
    }

    func appLifecycle(_ event: AppLifecycleEvent, argumentJSON: String? = nil) {
        enter(.appLifecycle, [JSArgument.string(event.rawValue)] + (argumentJSON.map { [JSArgument.json($0)] } ?? []),
              handler: event.rawValue)
    }

    func createPage(pageId: Int, name: String, queryJSON: String) {
        enter(.createPage, [.number(Double(pageId)), .string(name), .json(queryJSON)], pageId: pageId,
              handler: "onLoad")
    }

    func lifecycle(pageId: Int, _ event: PageLifecycleEvent, argumentJSON: String? = nil) {
        enter(.lifecycle, [.number(Double(pageId)), .string(event.rawValue)] + (argumentJSON.map { [.json($0)] } ?? []),
              pageId: pageId, handler: event.rawValue)
        // An unloaded page's objects are the largest graph that ever dies at once: free them now, so a long run of
        // navigateTo/navigateBack holds steady instead of growing until allocation pressure forces a collection.
        if event == .unload { js.collectGarbage() }
    }

    /// The JS heap's counters after a full collection (benchmarks).
    func heapAfterCollecting() -> ScriptHeapStatistics? { js.heapAfterCollecting() }

    /// The JS heap's counters as they are, without a collection.
    func heapStatistics() -> ScriptHeapStatistics? { js.heapStatistics() }

    /// What the script registered (`describe` in the prelude), as JSON text; nil when the prelude is not ready.
    func describeRegistrations() -> String? {
        guard let target = hostFunctions[.describe]?.object else { return nil }
        termination.reset()
        return try? js.string(js.call(target, []))
    }

    func componentEvents(pageId: Int, eventsJSON: String) {
        enter(.componentEvents, [.number(Double(pageId)), .json(eventsJSON)], pageId: pageId, handler: "component lifetimes")
    }

    func beforeLeave(pageId: Int, reason: String, token: Int) {
        enter(.beforeLeave, [.number(Double(pageId)), .string(reason), .number(Double(token))], pageId: pageId,
              handler: "onBeforeLeave")
    }

    func parkPage(pageId: Int, _ parked: Bool) {
        enter(.parkPage, [.number(Double(pageId)), .bool(parked)], pageId: pageId, handler: "switchTab")
    }

    func dispatchEvent(pageId: Int, handler: String, eventJSON: String, loc: String?, ifDefined: Bool, component: Int?,
                       orApp: Bool)
    {
        enter(.dispatchEvent,
              [.number(Double(pageId)), .string(handler), .json(eventJSON), loc.map { .string($0) } ?? .null,
               .bool(ifDefined), component.map { .number(Double($0)) } ?? .null, .bool(orApp)],
              pageId: pageId, handler: handler, loc: loc)
    }

    func framePresented(pageId: Int, upTo sequence: Int) {
        enter(.framePresented, [.number(Double(pageId)), .number(Double(sequence))], pageId: pageId,
              handler: "setData callback")
    }

    func settleInvoke(callbackId: Int, resultJSON: String, ok: Bool) {
        guard loop.invokeFinished(callbackId: callbackId) else { return }
        enter(.settleInvoke, [.number(Double(callbackId)), .bool(ok), .json(resultJSON)], handler: "bridge.invoke")
    }

    /// `batchJSON`: `[[callbackId, event], ...]`, the events of running calls in the order they were sent.
    func invokeEvents(batchJSON: String) {
        enter(.invokeEvents, [.json(batchJSON)], handler: "bridge task event")
    }

    func fireTimer(id: Int, deadline: UInt64) {
        firingTimer = (id, deadline)
        enter(.fireTimer, [.number(Double(id))], handler: "timer")
        firingTimer = nil
        // A runaway interval would otherwise burn a full script limit every period.
        if termination.fired { loop.cancelTimer(id: id) }
    }

    /// Calls a prelude host function; exceptions that escape it (a timeout always does) are reported.
    private func enter(_ function: HostFunction, _ arguments: [JSArgument], pageId: Int? = nil,
                       handler: String? = nil, loc: String? = nil)
    {
        guard let target = hostFunctions[function]?.object else {
            delegate.warning("the script runtime is not ready (its prelude failed); \(function.rawValue) ignored")
            return
        }
        termination.reset()
        if let observe = configuration.entryObserver { observe(handler ?? function.rawValue, pageId) }
        runningEntry = (handler, pageId, loc)
        runningInputHandler = function == .dispatchEvent
        defer { runningEntry = nil; runningInputHandler = false }
        var thrown: JavaScriptException?
        do throws(JavaScriptException) { try js.call(target, arguments) } catch { thrown = error }
        finishEntry(thrown, fileName: nil, pageId: pageId, handler: handler, loc: loc)
    }

    /// Reports how an entry ended. A termination inside the microtask checkpoint that ends an entry returns no
    /// exception and leaves the termination pending, so the next entry would die at once; a throwaway entry
    /// absorbs it (observed with JSC 2.50).
    private func finishEntry(_ thrown: JavaScriptException?, fileName: String?, pageId: Int?, handler: String?,
                             loc: String?)
    {
        if termination.fired {
            let exception = thrown ?? JavaScriptException(name: nil, message: "terminated", stack: "")
            report(exception, kind: .timeout, fileName: fileName, pageId: pageId, handler: handler, loc: loc)
            absorbPendingTermination()
        } else if let thrown {
            report(thrown, kind: .exception, fileName: fileName, pageId: pageId, handler: handler, loc: loc)
        }
    }

    private func absorbPendingTermination() {
        for _ in 0..<3 {
            do throws(JavaScriptException) {
                try js.evaluate("void 0", fileName: "termini:recover")
                return
            } catch {
                continue
            }
        }
    }

    // MARK: errors

    private func report(_ exception: JavaScriptException, kind: ScriptError.Kind, fileName: String? = nil,
                        pageId: Int? = nil, handler: String? = nil, loc: String? = nil)
    {
        var error = ScriptError(kind: kind, message: exception.message, stack: exception.stack,
                                fileName: exception.sourceURL ?? fileName, line: exception.line,
                                column: exception.column, pageId: pageId, handler: handler, loc: loc)
        if let name = exception.name, kind != .timeout { error.message = "\(name): \(exception.message)" }
        if kind == .timeout {
            let limit = Double(MonotonicClock.nanoseconds(configuration.scriptLimit)) / 1e9
            if termination.reason == .memory, let megabytes = configuration.scriptMemoryLimit {
                error.message = "the script used more than \(megabytes) MB (it reached \(termination.heapBytesAtTermination >> 20) MB) and was terminated"
            } else {
                error.message = "the script ran longer than the \(limit) s limit and was terminated"
            }
            error.stack = termination.backtrace
            // The app's own innermost frame: a job stopped inside the prelude's microtask drain, or a buffer check,
            // has native and prelude frames above it.
            let frame = termination.backtrace.split(separator: "\n").lazy
                .compactMap { BacktraceFrame(line: String($0)) }.first(where: \.isAppCode)
            error.fileName = frame?.fileName ?? fileName
            error.line = frame?.line
            error.column = nil
        }
        // The prelude runs as one script; its places are shown as the part's file and line.
        if error.fileName == Prelude.fileName, let line = error.line {
            (error.fileName, error.line) = Prelude.location(ofLine: line)
        }
        error.stack = Prelude.readable(error.stack)
        delegate.scriptError(error)
    }

    // MARK: prelude and natives

    private func installPrelude() {
        let native = JSObjectMake(js.context, nil, nil)!
        js.setProperty(native, "maxPayloadBytes", JSValueMakeNumber(js.context, Double(configuration.maxPayloadBytes)))
        js.setProperty(native, "memoryLimitBytes", configuration.scriptMemoryLimit.map {
            JSValueMakeNumber(js.context, Double($0) * 1_048_576)
        } ?? JSValueMakeNull(js.context))
        js.setProperty(native, "maxNesting", JSValueMakeNumber(js.context, Double(JSONValue.maximumNesting)))
        if let dateNow = configuration.dateNow ?? configuration.fixedClock.map({ clock in { clock.now } }) {
            js.setProperty(native, "fixedClockNow", js.makeFunction { [unowned self] _ throws(NativeFunctionError) in
                JSValueMakeNumber(js.context, dateNow())
            })
        }
        if let seed = configuration.randomSeed {
            js.setProperty(native, "randomSeed", JSValueMakeNumber(js.context, Double(seed)))
        }
        for (name, body) in nativeFunctions() { js.setProperty(native, name, js.makeFunction(body)) }
        let global = js.globalObject
        js.setProperty(global, Prelude.nativeGlobal, native)
        defer {
            js.deleteProperty(global, Prelude.nativeGlobal)
            js.deleteProperty(global, Prelude.hostAPIGlobal)
        }
        do throws(JavaScriptException) {
            _ = try js.evaluate(utf16: Prelude.utf16, fileName: Prelude.fileName)
            guard let api = js.object(js.property(global, Prelude.hostAPIGlobal)) else {
                delegate.scriptError(ScriptError(kind: .exception, message: "the prelude did not return its host API",
                                                 fileName: Prelude.fileName))
                return
            }
            for function in HostFunction.allCases {
                if let value = js.property(api, function.rawValue), js.object(value) != nil {
                    hostFunctions[function] = ProtectedJSValue(js, value)
                }
            }
        } catch {
            report(error, kind: .exception, fileName: Prelude.fileName)
        }
        if let rejection = hostFunctions[.rejection]?.object {
            JSGlobalContextSetUnhandledRejectionCallback(js.context, rejection, nil)
        }
    }

    private func nativeFunctions() -> [(String, NativeFunctionBody)] {
        [
            ("log", { [unowned self] call throws(NativeFunctionError) in
                let level = ScriptLogLevel(rawValue: call.string(0) ?? "") ?? .log
                delegate.log(level: level, message: call.string(1) ?? "")
                return nil
            }),
            ("answerLeave", { [unowned self] call throws(NativeFunctionError) in
                delegate.leaveAnswered(token: try call.requireInt(0, "token"), leave: call.int(1) != 0)
                return nil
            }),
            ("warn", { [unowned self] call throws(NativeFunctionError) in
                delegate.warning(call.string(0) ?? "")
                return nil
            }),
            ("reportError", { [unowned self] call throws(NativeFunctionError) in
                if call.string(4) == "unhandledRejection" {
                    // Rejections surface at the end of the entry's checkpoint; without a handler of their own they
                    // belong to the entry.
                    let entry = call.string(2) == nil ? runningEntry : nil
                    report(js.exception(from: call.value(0)), kind: .unhandledRejection,
                           pageId: call.int(1) ?? entry?.pageId, handler: call.string(2) ?? entry?.handler,
                           loc: call.string(3) ?? entry?.loc)
                } else {
                    report(js.exception(from: call.value(0)), kind: .exception, pageId: call.int(1),
                           handler: call.string(2), loc: call.string(3))
                }
                return nil
            }),
            ("drainMicrotasks", { [unowned self] _ throws(NativeFunctionError) in
                termini_drainMicrotasks(js.group)
                return nil
            }),
            ("evaluateScript", { [unowned self] call throws(NativeFunctionError) in
                let source = try call.requireString(0, "script source")
                let fileName = try call.requireString(1, "script file name")
                var exception: JSValueRef?
                let result = JSStringConversion.with(source) { script in
                    JSStringConversion.with(fileName) { url in
                        JSEvaluateScript(js.context, script, nil, url, 1, &exception)
                    }
                }
                if exception != nil { throw NativeFunctionError(exception: exception, message: "") }
                return result
            }),
            ("admitAllocation", { [unowned self] call throws(NativeFunctionError) in
                let bytes = Int(min(max(call.number(0) ?? 0, 0), 1e15))
                guard let held = termination.admit(bytes: bytes, context: js.context) else {
                    return JSValueMakeNull(js.context)
                }
                return JSValueMakeNumber(js.context, Double(held))
            }),
            ("setData", { [unowned self] call throws(NativeFunctionError) in
                // Each value sits inside the payload's array and its entry's: the prelude checked the values
                // themselves against the nesting limit, path included.
                try forwardSetData(pageId: call.requireInt(0, "pageId"),
                                   payload: call.requireJSON(1, "setData payload", wrapperLevels: 2),
                                   sequence: call.requireInt(2, "sequence"))
                return nil
            }),
            ("definePath", { [unowned self] call throws(NativeFunctionError) in
                let id = try call.requireInt(0, "path id")
                let path: DataPath
                do { path = try DataPath(json: try call.requireJSON(1, "path components")) } catch {
                    throw NativeFunctionError("setData: \(error)")
                }
                guard id == paths.count else { throw NativeFunctionError("setData: path id \(id) out of order") }
                paths.append(path)
                return nil
            }),
            ("clearPaths", { [unowned self] _ throws(NativeFunctionError) in
                paths.removeAll(keepingCapacity: true)
                return nil
            }),
            ("pageCreated", { [unowned self] call throws(NativeFunctionError) in
                let data = try call.requireJSON(2, "page data")
                let bindable = try call.requireJSON(3, "page methods").arrayValue?.compactMap(\.stringValue) ?? []
                delegate.pageCreated(pageId: try call.requireInt(0, "pageId"), name: try call.requireString(1, "name"),
                                     initialData: data, bindable: Set(bindable))
                return nil
            }),
            ("startTimer", { [unowned self] call throws(NativeFunctionError) in
                let id = try call.requireInt(0, "timer id")
                let delayNanos = UInt64(max(0, min(call.number(1) ?? 0, 1e12)) * 1_000_000)
                let repeats = JSValueToBoolean(js.context, call.value(2))
                let now = loop.timerNow()
                var deadline = now &+ delayNanos
                if repeats, let firing = firingTimer, firing.id == id {
                    deadline = max(firing.deadline &+ delayNanos, now)
                }
                loop.startTimer(id: id, deadline: deadline, repeats: repeats)
                return nil
            }),
            ("cancelTimer", { [unowned self] call throws(NativeFunctionError) in
                loop.cancelTimer(id: try call.requireInt(0, "timer id"))
                return nil
            }),
            ("invoke", { [unowned self] call throws(NativeFunctionError) in
                let callbackId = try call.requireInt(0, "callbackId")
                let name = try call.requireString(1, "command name")
                let params = try call.requireJSON(2, "bridge.invoke params")
                loop.invokeStarted(callbackId: callbackId)
                delegate.invoke(BridgeCall(callbackId: callbackId, name: name, params: params, pageId: call.int(3)))
                return nil
            }),
            ("defineComponent", { [unowned self] call throws(NativeFunctionError) in
                delegate.componentDefined(name: try call.requireString(0, "component name"),
                                          initialData: try call.requireJSON(1, "component data"))
                return nil
            }),
            ("resolveModule", { [unowned self] call throws(NativeFunctionError) in
                let from = try call.requireString(0, "the requiring module")
                let request = try call.requireString(1, "the module path")
                do throws(ModuleResolutionError) {
                    let path = try modules.resolve(request, from: from.isEmpty ? modules.entryPath : from)
                    return js.makeValue(.string(path))
                } catch {
                    throw NativeFunctionError(error.message)
                }
            }),
            ("compileModule", { [unowned self] call throws(NativeFunctionError) in
                let path = try call.requireString(0, "module path")
                guard let source = modules.sources[path] else { throw NativeFunctionError("no module '\(path)'") }
                let (function, exception) = js.makeModuleFunction(
                    source: source, fileName: modules.fileName(of: path),
                    parameters: ["exports", "require", "module", "__filename", "__dirname"])
                guard let function else { throw NativeFunctionError(exception: exception, message: "\(path) does not compile") }
                return function
            }),
            ("storageRead", { [unowned self] call throws(NativeFunctionError) in
                let key = try call.requireString(0, "storage key")
                return syncStorageAnswer { storage throws(ScriptStorageError) in try storage.read(key: key).map { "[" + $0 + "]" } ?? "[]" }
            }),
            ("storageWrite", { [unowned self] call throws(NativeFunctionError) in
                let key = try call.requireString(0, "storage key")
                let json = try call.requireString(1, "storage value")
                return syncStorageAnswer { storage throws(ScriptStorageError) in
                    try storage.write(key: key, json: json)
                    return "null"
                }
            }),
            ("dropInvoke", { [unowned self] call throws(NativeFunctionError) in
                _ = loop.invokeFinished(callbackId: try call.requireInt(0, "callbackId"))
                return nil
            }),
            ("abortInvoke", { [unowned self] call throws(NativeFunctionError) in
                let callbackId = try call.requireInt(0, "callbackId")
                if loop.invokeFinished(callbackId: callbackId) { delegate.abortInvoke(callbackId: callbackId) }
                return nil
            }),
        ]
    }

    /// `[true, answer]` (`body` returns the answer's JSON text, parsed once, here), or `[false, errorName, message]`
    /// for the prelude to throw as that error: a native function can only throw a plain `Error`, and a bad key must
    /// be a `TypeError`.
    private func syncStorageAnswer(_ body: (any ScriptSyncStorage) throws(ScriptStorageError) -> String) -> JSValueRef? {
        func failure(_ kind: ScriptStorageError.Kind, _ message: String) -> JSValueRef? {
            js.makeValue(.json(JSONValue.array([.bool(false), .string(kind.rawValue), .string(message)]).serialized()))
        }
        guard let storage = configuration.syncStorage else {
            return failure(.error, "this app has no storage: its host runs it without a store")
        }
        do throws(ScriptStorageError) {
            return js.makeValue(.json("[true," + (try body(storage)) + "]"))
        } catch {
            return failure(error.kind, error.message)
        }
    }

    /// Turns the one JSON payload of a setData call into patches for the host: each entry is `[path, value]`, or
    /// `[path, inserted, index, removing]` for a splice of the array at `path`; `path` is the id under which the
    /// prelude defined the parsed components (`definePath`).
    private func forwardSetData(pageId: Int, payload: JSONValue, sequence: Int) throws(NativeFunctionError) {
        guard case .array(let entries) = payload else { throw NativeFunctionError("setData payload is not an array") }
        let malformed = NativeFunctionError("setData payload entries must be [path, value] or [path, inserted, index, removing]")
        var patches: [DataPatch] = []
        patches.reserveCapacity(entries.count)
        for entry in entries {
            guard case .array(let items) = entry, case .number(let id)? = items.first else { throw malformed }
            guard id >= 0, id < Double(paths.count), let index = Int(exactly: id) else {
                throw NativeFunctionError("setData: path id \(id) was never defined")
            }
            let path = paths[index]
            switch items.count {
            case 2:
                patches.append(DataPatch(path: path, value: items[1]))
            case 4:
                guard case .array(let inserted) = items[1], case .number(let index) = items[2],
                      case .number(let removing) = items[3], index >= 0, removing >= 0
                else { throw NativeFunctionError("setData: a splice entry must be [path, array, index, removing]") }
                patches.append(DataPatch(path: path, change: .splice(index: Int(index), removing: Int(removing),
                                                                     inserting: inserted)))
            default:
                throw malformed
            }
        }
        delegate.setData(pageId: pageId, patches: patches, sequence: sequence, answersInput: runningInputHandler)
    }
}

/// One line of JSC's backtrace, "#0 spin() at main.js:3".
struct BacktraceFrame {
    var fileName: String
    var line: Int?

    /// Whether the frame is the app's script, not JavaScriptCore's native code or the prelude.
    var isAppCode: Bool { !fileName.isEmpty && fileName != "[native code]" && !fileName.hasPrefix("termini:prelude") }

    init?(line text: String) {
        guard let at = text.range(of: " at ", options: .backwards) else { return nil }
        let location = text[at.upperBound...]
        if let colon = location.lastIndex(of: ":"), let number = Int(location[location.index(after: colon)...]) {
            fileName = String(location[..<colon])
            line = number
        } else {
            fileName = String(location)
            line = nil
        }
    }
}
