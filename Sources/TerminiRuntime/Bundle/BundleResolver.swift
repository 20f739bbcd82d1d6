import Foundation

/// Loads a project folder (`app.json`, `pages/*.swift`, `main.js`) into a dev bundle. The runtime cannot compile
/// `pages/*.swift` (it does not link the TemplateCompiler): `TerminiAuthoring.ProjectLoader.load` is the one tools
/// pass in.
public typealias ProjectFolderLoader = @Sendable (_ folder: String) throws -> LoadedBundle

/// Resolves what the user asked to run: a bundle folder (`manifest.json`) or a project folder (`app.json`).
public enum BundleResolver {
    /// Whether `folder` is a project folder: it has an `app.json`.
    public static func isProject(_ folder: String) -> Bool {
        FileManager.default.fileExists(atPath: (folder as NSString).appendingPathComponent("app.json"))
    }

    /// Whether `load` hands `folder` to the project loader: a project folder that is not also a bundle folder.
    public static func needsProjectLoader(_ folder: String) -> Bool {
        !FileManager.default.fileExists(atPath: (folder as NSString).appendingPathComponent("manifest.json")) && isProject(folder)
    }

    /// Loads a bundle folder, or a project folder through `projectLoader`. Without one (a runtime-only host), a
    /// project folder is an error that says how to turn it into a bundle.
    public static func load(_ target: String, projectLoader: ProjectFolderLoader? = nil) throws -> LoadedBundle {
        var isDir: ObjCBool = false
        guard FileManager.default.fileExists(atPath: target, isDirectory: &isDir) else {
            throw BundleLoadError(file: target, message: "no such file or folder")
        }
        guard isDir.boolValue else {
            throw BundleLoadError(file: target, message: "not a bundle folder or project folder")
        }
        if needsProjectLoader(target) {
            guard let projectLoader else {
                throw BundleLoadError(file: target, message: "is a project folder (app.json, pages/*.swift); this host runs "
                    + "bundles only: pack it with 'termini pack', or give a bundle folder with manifest.json and pages/*.json")
            }
            return try projectLoader(target)
        }
        return try BundleLoader.load(folder: target)  // a bundle folder, or the error that names its missing manifest
    }
}
