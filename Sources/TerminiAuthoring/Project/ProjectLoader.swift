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
        let project = ProjectFolder(folder)
        let manifest = try project.readManifest().manifest
        let (pages, components) = try compile(project: folder)
        try requireDeclared(manifest, in: pages, file: project.appPath)
        let scriptPath = project.file(manifest.entry)
        var bundle = LoadedBundle(manifest: manifest, origin: folder, script: try BundleLoader.readText(scriptPath),
                                  scriptName: scriptPath, pages: pages, modules: try project.readModules(entry: manifest.entry))
        bundle.components = components
        return bundle
    }
}

extension ProjectLoader {
    /// Reads and compiles every `.swift` file under the project's `pages/` and `components/` as one run: pages and
    /// components by name, or every diagnostic.
    public static func compile(project: String) throws -> (pages: [String: TemplateFile], components: [String: ComponentTemplate]) {
        let (sources, readErrors) = ProjectFolder(project).readDeclarations()
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
