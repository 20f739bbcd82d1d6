import CJavaScriptCore

/// A value handed to `JavaScriptContext.call`; GC-allocated ones are created and protected by the context.
enum JSArgument {
    case number(Double)
    case bool(Bool)
    case string(String)
    /// JSON text materialized with `JSON.parse` semantics; text that does not parse becomes `undefined`.
    case json(String)
    case null
    case undefined
    /// A value the caller already holds on the stack.
    case value(JSValueRef?)
}

/// A JavaScriptCore global context in its own context group, used from exactly one thread.
///
/// JSC's garbage collector scans the native stack conservatively but not the Swift heap, so every value this
/// wrapper keeps beyond one call is protected (`ProtectedJSValue`) and call arguments are protected until the call
/// returns.
final class JavaScriptContext {
    let group: JSContextGroupRef
    let context: JSGlobalContextRef
    private let functionClass: JSClassRef
    /// Where string values are encoded as UTF-8; kept between calls because setData payloads are large and
    /// frequent, and a fresh allocation of that size is paid again in page faults each time.
    private var utf8Scratch = UnsafeMutableBufferPointer<CChar>.allocate(capacity: 64 * 1024)

    init() {
        group = JSContextGroupCreate()
        context = JSGlobalContextCreateInGroup(group, nil)
        var definition = kJSClassDefinitionEmpty
        definition.callAsFunction = nativeFunctionTrampoline
        definition.finalize = nativeFunctionFinalizer
        functionClass = JSClassCreate(&definition)
    }

    deinit {
        utf8Scratch.deallocate()
        JSClassRelease(functionClass)
        JSGlobalContextRelease(context)
        JSContextGroupRelease(group)
    }

    var globalObject: JSObjectRef { JSContextGetGlobalObject(context) }

    // MARK: evaluating

    /// Whether `source` parses; the thrown exception carries the syntax error's message and line.
    func checkSyntax(_ source: String, fileName: String) throws(JavaScriptException) {
        var exception: JSValueRef?
        let ok = JSStringConversion.with(source) { script in
            JSStringConversion.with(fileName) { url in JSCheckScriptSyntax(context, script, url, 1, &exception) }
        }
        if !ok { throw self.exception(from: exception) }
    }

    @discardableResult
    func evaluate(_ source: String, fileName: String) throws(JavaScriptException) -> JSValueRef? {
        try evaluate(utf16: Array(source.utf16), fileName: fileName)
    }

    /// Evaluates source already in UTF-16: one that every context runs (the prelude) is converted once per process.
    @discardableResult
    func evaluate(utf16 source: [UInt16], fileName: String) throws(JavaScriptException) -> JSValueRef? {
        let script = JSStringConversion.create(utf16: source)
        defer { JSStringRelease(script) }
        return try evaluate(script, fileName: fileName)
    }

    private func evaluate(_ script: JSStringRef, fileName: String) throws(JavaScriptException) -> JSValueRef? {
        var exception: JSValueRef?
        let result = JSStringConversion.with(fileName) { url in JSEvaluateScript(context, script, nil, url, 1, &exception) }
        if exception != nil { throw self.exception(from: exception) }
        return result
    }

    /// Calls `function` with `this` = `thisObject` (undefined when nil). JSC drains the microtask queue when the
    /// outermost API call returns, so promise jobs scheduled by the call have run when this returns.
    @discardableResult
    func call(_ function: JSObjectRef, this thisObject: JSObjectRef? = nil, _ arguments: [JSArgument])
        throws(JavaScriptException) -> JSValueRef?
    {
        var values: [JSValueRef?] = []
        values.reserveCapacity(arguments.count)
        for argument in arguments {
            let value = makeValue(argument)
            JSValueProtect(context, value)
            values.append(value)
        }
        defer { for value in values { JSValueUnprotect(context, value) } }
        var exception: JSValueRef?
        let result = values.withUnsafeBufferPointer { buffer in
            JSObjectCallAsFunction(context, function, thisObject, buffer.count, buffer.baseAddress, &exception)
        }
        if exception != nil { throw self.exception(from: exception) }
        return result
    }

    // MARK: making values

    /// A full collection, now. `JSGarbageCollect` only schedules one on JSC's GC timers, which run on a WTF
    /// RunLoop that the script thread, with its own event loop, never spins; so without this, garbage stays until
    /// allocation alone triggers a collection.
    func collectGarbage() {
        JSSynchronousGarbageCollectForDebugging(context)
    }

    /// The bytes of live objects in the JS heap after a full collection.
    func heapAfterCollecting() -> ScriptHeapStatistics? {
        JSSynchronousGarbageCollectForDebugging(context)
        return heapStatistics()
    }

    /// The heap's counters as the collector's own schedule left them (nothing is collected to read them).
    func heapStatistics() -> ScriptHeapStatistics? { ScriptHeapStatistics(reading: context) }

    func makeValue(_ argument: JSArgument) -> JSValueRef? {
        switch argument {
        case .number(let n): JSValueMakeNumber(context, n)
        case .bool(let b): JSValueMakeBoolean(context, b)
        case .string(let s): makeString(s)
        case .json(let text):
            JSStringConversion.with(text) { JSValueMakeFromJSONString(context, $0) } ?? JSValueMakeUndefined(context)
        case .null: JSValueMakeNull(context)
        case .undefined: JSValueMakeUndefined(context)
        case .value(let value): value ?? JSValueMakeUndefined(context)
        }
    }

    func makeString(_ string: String) -> JSValueRef? {
        JSStringConversion.with(string) { JSValueMakeString(context, $0) }
    }

    /// Compiles `source` as the body of a function taking `parameters`, under `fileName`, so its errors and stack
    /// frames name that file and its own lines (the wrapper shares the first line: only that line's columns shift).
    /// Returns the function, or the exception (a SyntaxError) to throw. Evaluated as a script, which works with eval
    /// off, unlike JSC's function-from-source API.
    func makeModuleFunction(source: String, fileName: String, parameters: [String]) -> (JSObjectRef?, JSValueRef?) {
        let wrapped = "(function (" + parameters.joined(separator: ", ") + ") {" + source + "\n})"
        var exception: JSValueRef?
        let value = JSStringConversion.with(wrapped) { script in
            JSStringConversion.with(fileName) { url in JSEvaluateScript(context, script, nil, url, 1, &exception) }
        }
        guard exception == nil, let function = object(value) else {
            // The wrapper's own closing line may be where the parser gave up; the module checked on its own as a
            // script names the line in the module's text.
            var own: JSValueRef?
            let ok = JSStringConversion.with(source) { script in
                JSStringConversion.with(fileName) { url in JSCheckScriptSyntax(context, script, url, 1, &own) }
            }
            return (nil, ok ? exception : own)
        }
        return (function, nil)
    }

    func makeError(_ message: String) -> JSValueRef? {
        var argument: JSValueRef? = makeString(message)
        return withUnsafePointer(to: &argument) { JSObjectMakeError(context, 1, $0, nil) }
    }

    /// A JavaScript function whose calls run `body` on the calling (JS) thread.
    func makeFunction(_ body: @escaping NativeFunctionBody) -> JSObjectRef {
        let box = NativeFunctionBox(context: self, body: body)
        return JSObjectMake(context, functionClass, Unmanaged.passRetained(box).toOpaque())
    }

    // MARK: reading values

    func property(_ object: JSObjectRef, _ name: String) -> JSValueRef? {
        JSStringConversion.with(name) { JSObjectGetProperty(context, object, $0, nil) }
    }

    func setProperty(_ object: JSObjectRef, _ name: String, _ value: JSValueRef?) {
        JSStringConversion.with(name) { JSObjectSetProperty(context, object, $0, value, 0, nil) }
    }

    func deleteProperty(_ object: JSObjectRef, _ name: String) {
        _ = JSStringConversion.with(name) { JSObjectDeleteProperty(context, object, $0, nil) }
    }

    func object(_ value: JSValueRef?) -> JSObjectRef? {
        guard let value, JSValueIsObject(context, value) else { return nil }
        return JSValueToObject(context, value, nil)
    }

    func isString(_ value: JSValueRef?) -> Bool { value.map { JSValueIsString(context, $0) } ?? false }
    func isNumber(_ value: JSValueRef?) -> Bool { value.map { JSValueIsNumber(context, $0) } ?? false }

    /// Runs `body` over the UTF-8 bytes of a string (no terminating NUL). JavaScriptCore encodes straight from its
    /// own storage, several times faster for a large JSON payload than building a Swift `String` from UTF-16 first.
    func withUTF8<R>(_ ref: JSStringRef, _ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        let needed = JSStringGetMaximumUTF8CStringSize(ref)
        if needed > utf8Scratch.count {
            utf8Scratch.deallocate()
            utf8Scratch = .allocate(capacity: needed)
        }
        let written = JSStringGetUTF8CString(ref, utf8Scratch.baseAddress, utf8Scratch.count)  // includes the NUL
        return try UnsafeRawBufferPointer(start: utf8Scratch.baseAddress, count: max(0, written - 1))
            .withMemoryRebound(to: UInt8.self) { try body($0) }
    }

    /// `String(value)`, or nil when the conversion itself throws.
    func string(_ value: JSValueRef?) -> String? {
        guard let value else { return nil }
        guard let ref = JSValueToStringCopy(context, value, nil) else { return nil }
        defer { JSStringRelease(ref) }
        return JSStringConversion.string(ref)
    }

    func number(_ value: JSValueRef?) -> Double? {
        guard let value, JSValueIsNumber(context, value) else { return nil }
        return JSValueToNumber(context, value, nil)
    }

    /// Copies a thrown value into Swift. Property reads go through getters that may throw; those are ignored.
    func exception(from value: JSValueRef?) -> JavaScriptException {
        guard let value else { return JavaScriptException(name: nil, message: "unknown exception", stack: "") }
        guard let thrown = object(value) else {
            return JavaScriptException(name: nil, message: string(value) ?? "exception", stack: "")
        }
        func text(_ name: String) -> String? {
            let v = property(thrown, name)
            guard let v, !JSValueIsUndefined(context, v), !JSValueIsNull(context, v) else { return nil }
            return string(v)
        }
        func int(_ name: String) -> Int? {
            guard let n = number(property(thrown, name)), n.isFinite, abs(n) < 1e9 else { return nil }
            return Int(n)
        }
        let isError = JSValueIsInstanceOfConstructor(
            context, value, object(property(globalObject, "Error")) ?? globalObject, nil)
        let message = isError ? (text("message") ?? "") : (string(value) ?? "exception")
        return JavaScriptException(
            name: isError ? text("name") : nil, message: message, stack: text("stack") ?? "",
            sourceURL: text("sourceURL"), line: int("line"), column: int("column"))
    }
}

/// A value kept alive across calls; unprotected when released. Must be released on the JS thread.
final class ProtectedJSValue {
    let context: JavaScriptContext
    let value: JSValueRef

    init(_ context: JavaScriptContext, _ value: JSValueRef) {
        self.context = context
        self.value = value
        JSValueProtect(context.context, value)
    }

    deinit { JSValueUnprotect(context.context, value) }

    /// The value as an object; nil when it is a primitive.
    var object: JSObjectRef? { context.object(value) }
}
