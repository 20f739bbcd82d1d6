import Foundation
import TemplateCompiler
import TerminiRuntime

/// A project folder as every tool reads it: `app.json`, the declarations in `pages/` and `components/`, the entry
/// script the manifest names and the script modules beside it. The loader, the packer's compile step and
/// `termini check` all read a project through this one description, so they cannot disagree on what a project is.
public struct ProjectFolder: Sendable {
    public let path: String

    public init(_ path: String) { self.path = path }

    public var appPath: String { file("app.json") }
    public var pagesFolder: String { file("pages") }

    /// `components/`, when the project has one (it is optional).
    public var componentsFolder: String? {
        var isFolder: ObjCBool = false
        let folder = file("components")
        return FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder) && isFolder.boolValue ? folder : nil
    }

    /// Where the page and component declarations are, compiled as one run.
    public var declarationFolders: [String] { [pagesFolder] + (componentsFolder.map { [$0] } ?? []) }

    /// A path inside the project.
    public func file(_ relative: String) -> String { (path as NSString).appendingPathComponent(relative) }

    /// What a folder lacks to be a project, for the error that says so (empty: it has every part).
    public var missingParts: [String] {
        let fm = FileManager.default
        return [("app.json", appPath), ("pages/", pagesFolder), ("main.js", file("main.js"))]
            .filter { !fm.fileExists(atPath: $0.1) }.map(\.0)
    }

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
