import Foundation
import TemplateCompiler
import TerminiRuntime
import TerminiTemplate

/// A project compiled into the binary as source text (app.json, pages/*.swift, main.js), so the gallery works from
/// a binary copied anywhere. Pages are compiled with the TemplateCompiler library when the app is opened.
public struct EmbeddedProject: Sendable {
    /// The folder name under Templates/, e.g. `todo`.
    public var folder: String
    /// Relative path → file text.
    public var files: [String: String]

    public init(folder: String, files: [String: String]) {
        self.folder = folder
        self.files = files
    }

    /// The parsed app.json (id, name, version, pages).
    public func manifest() throws -> BundleManifest {
        let path = "\(folder)/app.json"
        guard let text = files["app.json"] else { throw BundleLoadError(file: path, message: "missing from the embedded project") }
        return try BundleManifest(text: text, file: path)
    }

    /// Compiles the pages and returns a dev bundle, exactly as `ProjectLoader` does for a folder.
    public func load() throws -> LoadedBundle {
        let manifest = try manifest()
        let sources = files.keys.sorted()
            .filter { ($0.hasPrefix("pages/") || $0.hasPrefix("components/")) && $0.hasSuffix(".swift") }
            .map { PageSource(path: "\(folder)/\($0)", text: files[$0] ?? "") }
        let (pages, components) = try ProjectLoader.compile(sources)
        try ProjectLoader.requireDeclared(manifest, in: pages, file: "\(folder)/app.json")
        guard let script = files[manifest.entry] else {
            throw BundleLoadError(file: "\(folder)/\(manifest.entry)", message: "missing from the embedded project")
        }
        let modules = files.filter { $0.key.hasSuffix(".js") && $0.key != manifest.entry }
        var bundle = LoadedBundle(manifest: manifest, origin: "embedded:\(folder)", script: script,
                                  scriptName: "\(folder)/\(manifest.entry)", pages: pages, modules: modules)
        bundle.components = components
        return bundle
    }
}

/// The sample projects built into the binary; `EmbeddedSamples+Generated.swift` holds their text.
public enum EmbeddedSamples {
    /// The gallery app itself (Templates/gallery); it lists every other project.
    public static let galleryFolder = "gallery"

    public static var gallery: EmbeddedProject? { all.first { $0.folder == galleryFolder } }

    /// The sample apps the gallery offers, in gallery order.
    public static var samples: [EmbeddedProject] {
        let order = ["todo", "feed", "clock", "settings", "widgets", "wide"]
        return all.filter { $0.folder != galleryFolder }
            .sorted { (order.firstIndex(of: $0.folder) ?? order.count, $0.folder) < (order.firstIndex(of: $1.folder) ?? order.count, $1.folder) }
    }
}
