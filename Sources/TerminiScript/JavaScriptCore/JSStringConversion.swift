import CJavaScriptCore

/// Conversions between Swift strings and JavaScriptCore's UTF-16 `JSStringRef`.
enum JSStringConversion {
    /// A new `JSStringRef` the caller must release; built from UTF-16 so embedded NULs survive.
    static func create(_ string: String) -> JSStringRef { create(utf16: Array(string.utf16)) }

    /// A new `JSStringRef` of UTF-16 units the caller already holds (the prelude's, converted once per process).
    static func create(utf16 units: [UInt16]) -> JSStringRef {
        units.withUnsafeBufferPointer { JSStringCreateWithCharacters($0.baseAddress, $0.count) }
    }

    /// The Swift string for a `JSStringRef`; lone surrogates become U+FFFD.
    static func string(_ ref: JSStringRef) -> String {
        let count = JSStringGetLength(ref)
        guard count > 0, let characters = JSStringGetCharactersPtr(ref) else { return "" }
        return String(decoding: UnsafeBufferPointer(start: characters, count: count), as: UTF16.self)
    }

    /// Runs `body` with a temporary `JSStringRef` for `string`.
    static func with<R>(_ string: String, _ body: (JSStringRef) throws -> R) rethrows -> R {
        let ref = create(string)
        defer { JSStringRelease(ref) }
        return try body(ref)
    }
}
