/// A JavaScript exception copied out of the engine into plain Swift values, so it can cross threads.
struct JavaScriptException: Error, Sendable {
    /// `Error.prototype.name`, e.g. "TypeError"; nil when something other than an Error object was thrown.
    var name: String?
    var message: String
    /// JSC's `stack` text ("fn@file:line:col" lines); empty when the engine gave none.
    var stack: String
    var sourceURL: String?
    var line: Int?
    var column: Int?
}
