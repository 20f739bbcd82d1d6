import Foundation
import TerminiScript
import TerminiTemplate

/// A bundle read into memory and checked: manifest, entry script and every declared page template.
public struct LoadedBundle: Sendable {
    public var manifest: BundleManifest
    /// Where the bundle came from (a folder path), used in error messages.
    public var origin: String
    public var script: String
    /// The file name JS errors are reported against, e.g. `todo/main.js`.
    public var scriptName: String
    public var pages: [String: TemplateFile]
    /// The other scripts (`require` modules, `pages/<name>.js`) by path relative to the bundle root.
    public var modules: [String: String]
    /// The app's components (`components/<Name>.json`), by name.
    public var components: [String: ComponentTemplate] = [:]
    /// Set for a `--dev` run of an archive whose id is installed: a bundle nobody vouched for must not read or
    /// overwrite the installed app's storage, so it gets storage of its own under this name.
    public var separateStorageId: String?

    /// The name the app's storage is kept under: its id, unless it has storage of its own.
    public var storageId: String { separateStorageId ?? manifest.id }

    public init(manifest: BundleManifest, origin: String, script: String, scriptName: String, pages: [String: TemplateFile],
                modules: [String: String] = [:])
    {
        self.manifest = manifest
        self.origin = origin
        self.script = script
        self.scriptName = scriptName
        self.pages = pages
        self.modules = modules
    }

    public var launchPage: String { manifest.pages[0] }

    /// What the script runtime needs to run the modules and page scripts, named like the entry in errors.
    public var scriptModules: ScriptModules {
        let folder = (scriptName as NSString).deletingLastPathComponent
        let entryFolder = (manifest.entry as NSString).deletingLastPathComponent
        let prefix = entryFolder.isEmpty ? folder : String(folder.dropLast(entryFolder.count + 1))
        return ScriptModules(sources: modules, entryPath: manifest.entry, fileNamePrefix: prefix,
                             pageScripts: ScriptFiles.pageScripts(pages: manifest.pages, modules: modules.keys),
                             componentScripts: ScriptFiles.componentScripts(modules: modules.keys))
    }
}

/// Why a bundle could not be loaded, naming the file at fault.
public struct BundleLoadError: Error, Equatable, CustomStringConvertible, Sendable {
    public var file: String
    public var message: String
    public var description: String { "\(file): \(message)" }

    package init(file: String, message: String) {
        self.file = file
        self.message = message
    }
}

/// Reads bundle folders: `manifest.json`, the entry script, and `pages/<page>.json` for every page.
public enum BundleLoader {
    /// Largest file the loader reads; templates and scripts are small, so anything larger is a mistake or an attack.
    public static let maxFileBytes = 16 << 20

    /// Only the bundle folder's `manifest.json`.
    public static func readManifest(folder: String) throws(BundleLoadError) -> BundleManifest {
        let manifestPath = (folder as NSString).appendingPathComponent("manifest.json")
        return try BundleManifest(text: try readText(manifestPath), file: manifestPath)
    }

    public static func load(folder: String) throws(BundleLoadError) -> LoadedBundle {
        let manifestPath = (folder as NSString).appendingPathComponent("manifest.json")
        guard FileManager.default.fileExists(atPath: manifestPath) else {
            throw BundleLoadError(file: manifestPath, message: "no manifest.json: this folder is not a bundle (build one with 'termini pack', or run a project folder that has app.json)")
        }
        let manifest = try BundleManifest(text: try readText(manifestPath), file: manifestPath)
        let scriptPath = (folder as NSString).appendingPathComponent(manifest.entry)
        let script = try readText(scriptPath)
        var pages: [String: TemplateFile] = [:]
        for page in manifest.pages {
            let pagePath = (folder as NSString).appendingPathComponent("pages/\(page).json")
            pages[page] = try loadTemplate(pagePath, expectedPage: page)
        }
        var modules: [String: String] = [:]
        for path in manifest.files.keys where path.hasSuffix(".js") && path != manifest.entry && !path.hasPrefix("assets/") {
            modules[path] = try readText((folder as NSString).appendingPathComponent(path))
        }
        var bundle = LoadedBundle(manifest: manifest, origin: folder, script: script,
                                  scriptName: "\(manifest.id)/\(manifest.entry)", pages: pages, modules: modules)
        for path in manifest.files.keys.sorted() where path.hasPrefix("components/") && path.hasSuffix(".json") {
            let file = (folder as NSString).appendingPathComponent(path)
            do {
                let component = try ComponentTemplate(jsonText: try readText(file))
                bundle.components[component.name] = component
            } catch let error as TemplateDecodingError {
                throw BundleLoadError(file: file, message: error.description)
            } catch let error as BundleLoadError { throw error } catch { throw BundleLoadError(file: file, message: "\(error)") }
        }
        return bundle
    }

    static func loadTemplate(_ path: String, expectedPage: String) throws(BundleLoadError) -> TemplateFile {
        guard FileManager.default.fileExists(atPath: path) else {
            throw BundleLoadError(file: path, message: "missing template for page '\(expectedPage)' declared in the manifest")
        }
        let template: TemplateFile
        do { template = try TemplateFile(jsonText: try readText(path)) } catch let e as TemplateDecodingError {
            throw BundleLoadError(file: path, message: e.description)
        } catch let e as BundleLoadError { throw e } catch {
            throw BundleLoadError(file: path, message: "\(error)")
        }
        guard template.page == expectedPage else {
            throw BundleLoadError(file: path, message: "declares page '\(template.page)', but the manifest expects '\(expectedPage)'")
        }
        return template
    }

    package static func readText(_ path: String) throws(BundleLoadError) -> String {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw BundleLoadError(file: path, message: "cannot be read (missing or not permitted)")
        }
        defer { try? handle.close() }
        let data: Data
        do { data = try handle.read(upToCount: maxFileBytes + 1) ?? Data() } catch {
            throw BundleLoadError(file: path, message: "read failed: \(error.localizedDescription)")
        }
        guard data.count <= maxFileBytes else {
            throw BundleLoadError(file: path, message: "larger than the \(maxFileBytes >> 20) MiB limit")
        }
        switch InvalidUTF8.decode([UInt8](data)) {
        case .success(let text): return text
        case .failure(let invalid): throw BundleLoadError(file: path, message: invalid.description)
        }
    }
}

extension BundleManifest {
    /// Decodes `manifest.json` or `app.json` text; syntax errors name `file:line:col`, model errors the JSON path.
    public init(text: String, file: String) throws(BundleLoadError) {
        let json: JSONValue
        do { json = try JSONValue.parse(text) } catch {
            throw BundleLoadError(file: "\(file):\(error.line):\(error.column)", message: error.message)
        }
        // The text goes along for app.json's theme order: without it the themes fell back to alphabetical order, and a
        // project run from its folder started in another theme than its bundle.
        do { try self.init(json: json, file: file, text: text) } catch { throw BundleLoadError(file: error.file, message: error.message) }
    }
}
