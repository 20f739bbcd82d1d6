import Foundation

/// Where a project's parts are: `app.json`, the page declarations in `pages/`, the component declarations in the
/// optional `components/`, and `main.js`. The one description of a project folder's shape: `ProjectFolder` (which
/// reads the parts for the loader, the packer and `termini check`) and `tplgen preview` both use it, and a test holds
/// Package.swift's sample targets to it.
public struct ProjectLayout: Sendable, Equatable {
    public let path: String

    public init(_ path: String) { self.path = path }

    /// The folders whose `.swift` files are compiled as one project, by name.
    public static let declarationFolderNames = ["pages", "components"]

    /// The project whose `pages/` is `folder`, if it is one: a page there may use the project's components.
    public static func owning(pagesFolder folder: String) -> ProjectLayout? {
        guard (folder as NSString).lastPathComponent == "pages" else { return nil }
        return ProjectLayout((folder as NSString).deletingLastPathComponent)
    }

    public var appPath: String { file("app.json") }
    public var pagesFolder: String { file("pages") }
    public var entryScriptPath: String { file("main.js") }

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
        return [("app.json", appPath), ("pages/", pagesFolder), ("main.js", entryScriptPath)]
            .filter { !fm.fileExists(atPath: $0.1) }.map(\.0)
    }
}
