import Foundation
import TemplateCompiler
import TerminiTemplate

/// A project whose pages did not compile: every diagnostic, each with `file:line:col`.
public struct ProjectCompileError: Error, CustomStringConvertible, Sendable {
    public var diagnostics: [CompileDiagnostic]
    public var description: String { diagnostics.map(\.description).joined(separator: "\n") }
}

/// Turns a project folder (`app.json`, `pages/*.swift`, `main.js`) into a dev bundle in memory, compiling the
/// declarations with the TemplateCompiler library. This is what `termini run <project>` and `preview` use.
public enum ProjectLoader {
    public static func isProject(_ folder: String) -> Bool {
        FileManager.default.fileExists(atPath: (folder as NSString).appendingPathComponent("app.json"))
    }

    public static func load(folder: String) throws -> LoadedBundle {
        let appPath = (folder as NSString).appendingPathComponent("app.json")
        let appText = try BundleLoader.readText(appPath)
        let appJSON: JSONValue
        do { appJSON = try JSONValue.parse(appText) } catch {
            throw BundleLoadError(file: "\(appPath):\(error.line):\(error.column)", message: error.message)
        }
        let manifest: BundleManifest
        do { manifest = try BundleManifest(json: appJSON, file: appPath) } catch {
            throw BundleLoadError(file: appPath, message: error.message)
        }
        let pagesFolder = (folder as NSString).appendingPathComponent("pages")
        let (sources, readErrors) = PageSourceLoader.load(paths: [pagesFolder])
        if !readErrors.isEmpty { throw ProjectCompileError(diagnostics: readErrors) }
        let result = try PageCompiler().compile(sources)
        if !result.succeeded { throw ProjectCompileError(diagnostics: result.diagnostics) }
        var pages: [String: TemplateFile] = [:]
        for page in result.pages { pages[page.page] = page }
        for name in manifest.pages where pages[name] == nil {
            throw BundleLoadError(file: appPath, message: "page '\(name)' is listed in app.json but no file in \(pagesFolder) declares it")
        }
        let scriptPath = (folder as NSString).appendingPathComponent(manifest.entry)
        let script = try BundleLoader.readText(scriptPath)
        return LoadedBundle(manifest: manifest, origin: folder, script: script,
                            scriptName: (folder as NSString).appendingPathComponent(manifest.entry), pages: pages)
    }
}

/// Resolves what the user asked to run: a bundle folder (`manifest.json`) or a project folder (`app.json`).
public enum BundleResolver {
    public static func load(_ target: String) throws -> LoadedBundle {
        var isDir: ObjCBool = false
        guard FileManager.default.fileExists(atPath: target, isDirectory: &isDir) else {
            throw BundleLoadError(file: target, message: "no such file or folder")
        }
        guard isDir.boolValue else {
            throw BundleLoadError(file: target, message: "not a bundle folder or project folder")
        }
        if FileManager.default.fileExists(atPath: (target as NSString).appendingPathComponent("manifest.json")) {
            return try BundleLoader.load(folder: target)
        }
        if ProjectLoader.isProject(target) { return try ProjectLoader.load(folder: target) }
        return try BundleLoader.load(folder: target)  // reports the missing manifest
    }
}
