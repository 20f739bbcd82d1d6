import CJavaScriptCore

/// Conversions between Swift strings and JavaScriptCore's UTF-16 `JSStringRef`.
enum JSStringConversion {
    /// A new `JSStringRef` the caller must release; built from UTF-16 so embedded NULs survive.
    static func create(_ string: String) -> JSStringRef {
        var units = Array(string.utf16)
        return units.withUnsafeMutableBufferPointer { buffer in
            JSStringCreateWithCharacters(buffer.baseAddress, buffer.count)
        }
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
