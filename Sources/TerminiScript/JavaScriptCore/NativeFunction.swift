import CJavaScriptCore
import TerminiTemplate

/// Thrown by a native function body to raise a JavaScript `Error` with `message` in the caller.
struct NativeFunctionError: Error {
    let message: String
    /// A JS exception to throw as it is (a module's SyntaxError keeps its file and line); nil throws `Error(message)`.
    let exception: JSValueRef?
    init(_ message: String) {
        self.message = message
        exception = nil
    }
    init(exception: JSValueRef?, message: String) {
        self.message = message
        self.exception = exception
    }
}

/// The arguments of one call from JavaScript into a native function; valid only during the call.
struct NativeCall {
    let context: JavaScriptContext
    let arguments: UnsafeBufferPointer<JSValueRef?>

    func value(_ index: Int) -> JSValueRef? { index < arguments.count ? arguments[index] : nil }

    /// The argument as a string when it is one.
    func string(_ index: Int) -> String? {
        let v = value(index)
        return context.isString(v) ? context.string(v) : nil
    }

    func number(_ index: Int) -> Double? { context.number(value(index)) }

    /// The argument as an integer when it is a whole number in range.
    func int(_ index: Int) -> Int? {
        guard let n = number(index), n.rounded() == n, abs(n) < 9.0e15 else { return nil }
        return Int(n)
    }

    func requireString(_ index: Int, _ what: String) throws(NativeFunctionError) -> String {
        guard let s = string(index) else { throw NativeFunctionError("\(what) must be a string") }
        return s
    }

    /// The argument, a string of JSON text, parsed from its UTF-8 bytes.
    func requireJSON(_ index: Int, _ what: String, wrapperLevels: Int = 0) throws(NativeFunctionError) -> JSONValue {
        let v = value(index)
        guard context.isString(v), let ref = JSValueToStringCopy(context.context, v, nil) else {
            throw NativeFunctionError("\(what) must be a string")
        }
        defer { JSStringRelease(ref) }
        let parsed = context.withUTF8(ref) { bytes in
            Result { () throws(JSONSyntaxError) in try JSONValue.parse(utf8: bytes, wrapperLevels: wrapperLevels) }
        }
        switch parsed {
        case .success(let value): return value
        case .failure(let error): throw NativeFunctionError("\(what) is not JSON: \(error)")
        }
    }

    func requireInt(_ index: Int, _ what: String) throws(NativeFunctionError) -> Int {
        guard let n = int(index) else { throw NativeFunctionError("\(what) must be an integer") }
        return n
    }
}

typealias NativeFunctionBody = (NativeCall) throws(NativeFunctionError) -> JSValueRef?

/// Carries a Swift closure as a JS object's private data.
final class NativeFunctionBox {
    unowned let context: JavaScriptContext
    let body: NativeFunctionBody

    init(context: JavaScriptContext, body: @escaping NativeFunctionBody) {
        self.context = context
        self.body = body
    }
}

let nativeFunctionTrampoline: JSObjectCallAsFunctionCallback = { ctx, function, _, count, arguments, exception in
    guard let function, let raw = JSObjectGetPrivate(function) else { return JSValueMakeUndefined(ctx) }
    let box = Unmanaged<NativeFunctionBox>.fromOpaque(raw).takeUnretainedValue()
    let call = NativeCall(context: box.context, arguments: UnsafeBufferPointer(start: arguments, count: count))
    do throws(NativeFunctionError) {
        return try box.body(call) ?? JSValueMakeUndefined(ctx)
    } catch {
        exception?.pointee = error.exception ?? box.context.makeError(error.message)
        return JSValueMakeUndefined(ctx)
    }
}

let nativeFunctionFinalizer: JSObjectFinalizeCallback = { object in
    guard let object, let raw = JSObjectGetPrivate(object) else { return }
    Unmanaged<NativeFunctionBox>.fromOpaque(raw).release()
}
