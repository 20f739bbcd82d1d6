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
        let (pages, components) = try compile(project: folder)
        try requireDeclared(manifest, in: pages, file: appPath)
        let scriptPath = (folder as NSString).appendingPathComponent(manifest.entry)
        let script = try BundleLoader.readText(scriptPath)
        var modules: [String: String] = [:]
        for path in ScriptFiles.modules(inProject: folder, entry: manifest.entry) {
            modules[path] = try BundleLoader.readText((folder as NSString).appendingPathComponent(path))
        }
        var bundle = LoadedBundle(manifest: manifest, origin: folder, script: script,
                                  scriptName: (folder as NSString).appendingPathComponent(manifest.entry), pages: pages,
                                  modules: modules)
        bundle.components = components
        return bundle
    }
}

extension ProjectLoader {
    /// A project's `components/` folder, when it has one.
    public static func componentsFolder(ofProject project: String) -> String? {
        let folder = (project as NSString).appendingPathComponent("components")
        var isDir: ObjCBool = false
        return FileManager.default.fileExists(atPath: folder, isDirectory: &isDir) && isDir.boolValue ? folder : nil
    }

    /// Reads and compiles every `.swift` file under the project's `pages/` and `components/` as one run: pages and
    /// components by name, or every diagnostic.
    public static func compile(project: String) throws -> (pages: [String: TemplateFile], components: [String: ComponentTemplate]) {
        let paths = [(project as NSString).appendingPathComponent("pages")] + (componentsFolder(ofProject: project).map { [$0] } ?? [])
        let (sources, readErrors) = PageSourceLoader.load(paths: paths)
        if !readErrors.isEmpty { throw ProjectCompileError(diagnostics: readErrors) }
        return try compile(sources)
    }

    /// Compiles sources as one run (fragments are shared, page names unique): pages and components by name, or
    /// every diagnostic.
    public static func compile(_ sources: [PageSource]) throws -> (pages: [String: TemplateFile], components: [String: ComponentTemplate]) {
        let result = try PageCompiler().compile(sources)
        if !result.succeeded { throw ProjectCompileError(diagnostics: result.diagnostics) }
        var pages: [String: TemplateFile] = [:]
        for page in result.pages { pages[page.page] = page }
        var components: [String: ComponentTemplate] = [:]
        for component in result.components { components[component.name] = component }
        return (pages, components)
    }

    /// Every page the manifest lists must be declared by some page file.
    package static func requireDeclared(_ manifest: BundleManifest, in pages: [String: TemplateFile], file: String) throws(BundleLoadError) {
        for name in manifest.pages where pages[name] == nil {
            throw BundleLoadError(file: file, message: "page '\(name)' is listed in app.json but no page file declares it")
        }
    }
}
