import Foundation
import TemplateCompiler
import TerminiRuntime

/// A project folder (`ProjectLayout`) as every tool reads it: `app.json`, the declarations in `pages/` and `components/`, the entry
/// script the manifest names and the script modules beside it. The loader, the packer's compile step and
/// `termini check` all read a project through this one description, so they cannot disagree on what a project is.
public struct ProjectFolder: Sendable {
    /// Where the parts are.
    public let layout: ProjectLayout
    public var path: String { layout.path }

    public init(_ path: String) { layout = ProjectLayout(path) }

    public var appPath: String { layout.appPath }
    public var pagesFolder: String { layout.pagesFolder }
    public var componentsFolder: String? { layout.componentsFolder }
    public var declarationFolders: [String] { layout.declarationFolders }
    public var missingParts: [String] { layout.missingParts }
    public func file(_ relative: String) -> String { layout.file(relative) }

    /// `app.json`'s text and the manifest it holds.
    public func readManifest() throws(BundleLoadError) -> (text: String, manifest: BundleManifest) {
        let text = try BundleLoader.readText(appPath)
        return (text, try BundleManifest(text: text, file: appPath))
    }

    /// Every declaration file's source, or what could not be read.
    public func readDeclarations() -> (sources: [PageSource], diagnostics: [CompileDiagnostic]) {
        PageSourceLoader.load(paths: declarationFolders)
    }

    /// The script modules besides the entry, by path relative to the project.
    public func readModules(entry: String) throws(BundleLoadError) -> [String: String] {
        var modules: [String: String] = [:]
        for relative in ScriptFiles.modules(inProject: path, entry: entry) { modules[relative] = try BundleLoader.readText(file(relative)) }
        return modules
    }
}
