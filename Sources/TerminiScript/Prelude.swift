import Foundation

/// The JavaScript evaluated once per context before any mini-app code: the files of `Prelude/`, one per concern,
/// embedded at build time and joined in the order below. Joined, they are one strict-mode block that takes the
/// native bridge object from the global `nativeGlobal`, installs the app-facing globals and leaves the host API that
/// `ScriptEngine` calls in `hostAPIGlobal`; the engine deletes both before any app code runs (core.js says why a
/// block and not a function).
///
/// JavaScriptCore sees one script, `termini:prelude.js`; `readable` turns its line numbers back into the part's file
/// and line, so a stack trace through the prelude points at the file to open.
enum Prelude {
    static let fileName = "termini:prelude.js"
    /// Where the prelude finds the native bridge object while it runs (core.js reads it).
    static let nativeGlobal = "__terminiNative"
    /// Where the prelude leaves the host API (host-api.js writes it).
    static let hostAPIGlobal = "__terminiHostAPI"

    /// The parts in the order they are joined: the first opens the block, the last leaves the host API.
    static let parts: [(name: String, text: String)] = [
        ("core.js", PackageResources.core_js),
        ("console.js", PackageResources.console_js),
        ("data.js", PackageResources.data_js),
        ("timers.js", PackageResources.timers_js),
        ("bridge.js", PackageResources.bridge_js),
        ("streams.js", PackageResources.streams_js),
        ("sync-storage.js", PackageResources.sync_storage_js),
        ("app-and-page.js", PackageResources.app_and_page_js),
        ("fixed-clock.js", PackageResources.fixed_clock_js),
        ("components.js", PackageResources.components_js),
        ("modules.js", PackageResources.modules_js),
        ("big-buffers.js", PackageResources.big_buffers_js),
        ("globals.js", PackageResources.globals_js),
        ("host-api.js", PackageResources.host_api_js),
    ].map { ($0.0, String(decoding: $0.1, as: UTF8.self)) }

    static let source = parts.map(\.text).joined()

    /// `source` in UTF-16, as JavaScriptCore takes it: converted once per process rather than once per context
    /// (0.09 ms for its 82 KB, release build).
    static let utf16 = Array(source.utf16)

    /// Each part's first line in `source` (1-based), in order.
    private static let firstLines: [(name: String, line: Int)] = {
        var line = 1
        return parts.map { part in
            defer { line += part.text.utf8.reduce(0) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) } }
            return (part.name, line)
        }
    }()

    /// Where line `line` of `source` is: the part's name and its line there.
    static func location(ofLine line: Int) -> (file: String, line: Int) {
        let part = firstLines.last { $0.line <= line } ?? firstLines[0]
        return ("termini:prelude/" + part.name, line - part.line + 1)
    }

    /// `text` (a stack trace, a backtrace, a message) with every `termini:prelude.js:<line>` made the part's
    /// `termini:prelude/<file>:<line>`.
    static func readable(_ text: String) -> String {
        guard text.contains(fileName) else { return text }
        var out = ""
        var rest = Substring(text)
        while let found = rest.range(of: fileName + ":") {
            out += rest[..<found.lowerBound]
            let digits = rest[found.upperBound...].prefix { $0.isASCII && $0.isNumber }
            if let line = Int(digits) {
                let place = location(ofLine: line)
                out += "\(place.file):\(place.line)"
            } else {
                out += rest[found]
            }
            rest = rest[found.upperBound...].dropFirst(digits.count)
        }
        return out + rest
    }
}
