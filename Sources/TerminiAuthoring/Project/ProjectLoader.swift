import Foundation
import TemplateCompiler
import TerminiRuntime
import TerminiTemplate

/// A project whose pages did not compile: every diagnostic, each with `file:line:col`.
public struct ProjectCompileError: Error, CustomStringConvertible, Sendable {
    public var diagnostics: [CompileDiagnostic]
    public var description: String { diagnostics.map(\.description).joined(separator: "\n") }
}

/// Turns a project folder (`app.json`, `pages/*.swift`, `main.js`) into a dev bundle in memory, compiling the
/// declarations with the TemplateCompiler library. This is what `termini run <project>` and `preview` use.
public enum ProjectLoader {
    public static func isProject(_ folder: String) -> Bool { BundleResolver.isProject(folder) }

    public static func load(folder: String) throws -> LoadedBundle {
        let appPath = (folder as NSString).appendingPathComponent("app.json")
        let manifest = try BundleManifest(text: try BundleLoader.readText(appPath), file: appPath)
        let pages = try compilePages(folder: (folder as NSString).appendingPathComponent("pages"))
        try requireDeclared(manifest, in: pages, file: appPath)
        let scriptPath = (folder as NSString).appendingPathComponent(manifest.entry)
        let script = try BundleLoader.readText(scriptPath)
        var modules: [String: String] = [:]
        for path in ScriptFiles.modules(inProject: folder, entry: manifest.entry) {
            modules[path] = try BundleLoader.readText((folder as NSString).appendingPathComponent(path))
        }
        return LoadedBundle(manifest: manifest, origin: folder, script: script,
                            scriptName: (folder as NSString).appendingPathComponent(manifest.entry), pages: pages,
                            modules: modules)
    }
}

extension ProjectLoader {
    /// Reads and compiles every `.swift` file under `folder` as one run: pages by name, or every diagnostic.
    public static func compilePages(folder: String) throws -> [String: TemplateFile] {
        let (sources, readErrors) = PageSourceLoader.load(paths: [folder])
        if !readErrors.isEmpty { throw ProjectCompileError(diagnostics: readErrors) }
        return try compilePages(sources)
    }

    /// Compiles page sources as one run (fragments are shared, page names unique): pages by name, or every diagnostic.
    public static func compilePages(_ sources: [PageSource]) throws -> [String: TemplateFile] {
        let result = try PageCompiler().compile(sources)
        if !result.succeeded { throw ProjectCompileError(diagnostics: result.diagnostics) }
        var pages: [String: TemplateFile] = [:]
        for page in result.pages { pages[page.page] = page }
        return pages
    }

    /// Every page the manifest lists must be declared by some page file.
    package static func requireDeclared(_ manifest: BundleManifest, in pages: [String: TemplateFile], file: String) throws(BundleLoadError) {
        for name in manifest.pages where pages[name] == nil {
            throw BundleLoadError(file: file, message: "page '\(name)' is listed in app.json but no page file declares it")
        }
    }
}
