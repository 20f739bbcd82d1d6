import Foundation

/// Finds the repository folders `tplgen catalog` and `tplgen generate` work on, starting from the working directory.
public enum DSLLocator {
    /// The DSL sources relative to the repository root.
    public static let dslRelativePath = "Sources/TerminiDSL"

    /// The nearest folder at or above `start` that contains `Sources/TerminiDSL`.
    public static func repositoryRoot(from start: URL) -> URL? {
        var dir = start.standardizedFileURL
        while true {
            var isDir: ObjCBool = false
            let candidate = dir.appendingPathComponent(dslRelativePath)
            if FileManager.default.fileExists(atPath: candidate.path, isDirectory: &isDir), isDir.boolValue { return dir }
            let parent = dir.deletingLastPathComponent()
            if parent.path == dir.path { return nil }
            dir = parent
        }
    }
}
