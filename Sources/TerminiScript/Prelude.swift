/// The JavaScript evaluated once per context before any mini-app code: Prelude/prelude.js, embedded at build time.
/// It is one function expression that takes the native bridge object (never exposed to app code), installs the
/// app-facing globals and returns the host API that `ScriptEngine` calls.
enum Prelude {
    static let fileName = "termini:prelude.js"

    static let source = String(decoding: PackageResources.prelude_js, as: UTF8.self)
}
