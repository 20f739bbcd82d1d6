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

    /// Runs `body` over the UTF-8 bytes of a `JSStringRef` (no terminating NUL). JavaScriptCore encodes straight
    /// from its own storage, which for large JSON payloads is several times faster than building a Swift `String`
    /// from UTF-16 first.
    static func withUTF8<R>(_ ref: JSStringRef, _ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        let capacity = JSStringGetMaximumUTF8CStringSize(ref)
        let buffer = UnsafeMutablePointer<CChar>.allocate(capacity: capacity)
        defer { buffer.deallocate() }
        let written = JSStringGetUTF8CString(ref, buffer, capacity)  // includes the NUL
        return try buffer.withMemoryRebound(to: UInt8.self, capacity: capacity) {
            try body(UnsafeBufferPointer(start: $0, count: max(0, written - 1)))
        }
    }

    /// Runs `body` with a temporary `JSStringRef` for `string`.
    static func with<R>(_ string: String, _ body: (JSStringRef) throws -> R) rethrows -> R {
        let ref = create(string)
        defer { JSStringRelease(ref) }
        return try body(ref)
    }
}
