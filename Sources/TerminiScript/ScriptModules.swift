/// The bundle's scripts besides the entry: CommonJS modules for `require`, and the page scripts
/// (`pages/<name>.js`) that run after the entry, each as a module whose `Page(options)` registers that page.
public struct ScriptModules: Sendable {
    /// Module sources by path relative to the bundle root, e.g. `lib/format.js`.
    public var sources: [String: String]
    /// The entry script's path relative to the bundle root (`main.js`): `require` in it resolves from its folder.
    public var entryPath: String
    /// The folder error stacks put in front of a module's path, so they read like the entry's (`todo/lib/x.js`).
    public var fileNamePrefix: String
    /// `(page, path)` of every page script, in app.json's page order.
    public var pageScripts: [(page: String, path: String)]
    /// `(component, path)` of every component script (`components/<Name>.js`), run before the page scripts.
    public var componentScripts: [(component: String, path: String)]

    public init(sources: [String: String] = [:], entryPath: String = "main.js", fileNamePrefix: String = "",
                pageScripts: [(page: String, path: String)] = [], componentScripts: [(component: String, path: String)] = [])
    {
        self.sources = sources
        self.entryPath = entryPath
        self.fileNamePrefix = fileNamePrefix
        self.pageScripts = pageScripts
        self.componentScripts = componentScripts
    }

    /// The file name a module's errors and stacks show.
    func fileName(of path: String) -> String { fileNamePrefix.isEmpty ? path : fileNamePrefix + "/" + path }

    /// The module `request` names when required from the module at `from`, Node's way for relative paths: the path
    /// itself, then with `.js`, then its `index.js`. Throws a message naming what was wrong.
    func resolve(_ request: String, from: String) throws(ModuleResolutionError) -> String {
        guard request.hasPrefix("./") || request.hasPrefix("../") else {
            throw ModuleResolutionError("require('\(request)'): only paths inside the bundle are supported; start it with './' or '../'")
        }
        var parts = from.split(separator: "/").map(String.init)
        parts.removeLast()  // the requiring file's own name
        for part in request.split(separator: "/", omittingEmptySubsequences: true) {
            switch part {
            case ".": continue
            case "..":
                guard !parts.isEmpty else {
                    throw ModuleResolutionError("require('\(request)'): the path leaves the bundle")
                }
                parts.removeLast()
            default: parts.append(String(part))
            }
        }
        let base = parts.joined(separator: "/")
        for candidate in [base, base + ".js", base + "/index.js"] where sources[candidate] != nil {
            return candidate
        }
        if base == entryPath { throw ModuleResolutionError("require('\(request)'): the entry script \(entryPath) is not a module") }
        throw ModuleResolutionError("require('\(request)'): no module '\(base.hasSuffix(".js") ? base : base + ".js")' in the bundle")
    }
}

/// A `require` path that names no module of the bundle.
struct ModuleResolutionError: Error {
    let message: String
    init(_ message: String) { self.message = message }
}
