import Foundation
import TerminiRuntime

/// Notices saved files in a project by polling modification times and sizes (no extra packages; a project has a
/// handful of files, so one poll is a few `stat` calls). Watches app.json, every script (the entry, modules, page
/// scripts) and pages/*.swift.
final class ProjectWatcher {
    /// What changed since the last poll.
    struct Changes: Equatable {
        var pages = false
        var script = false
        var isEmpty: Bool { !pages && !script }
    }

    let folder: String
    private var stamps: [String: FileStamp] = [:]

    init(folder: String) {
        self.folder = folder
        stamps = scan()
    }

    /// Compares the files with the last poll. A new or deleted page file counts as a page change.
    func poll() -> Changes {
        let now = scan()
        defer { stamps = now }
        var changes = Changes()
        for path in Set(now.keys).union(stamps.keys) where now[path] != stamps[path] {
            // A component's declaration changes the app's component table: restart rather than swap pages.
            if path.hasPrefix("pages/") && path.hasSuffix(".swift") { changes.pages = true } else { changes.script = true }
        }
        return changes
    }

    private func scan() -> [String: FileStamp] {
        var result: [String: FileStamp] = [:]
        let pages = (try? FileManager.default.contentsOfDirectory(atPath: folder + "/pages")) ?? []
        let scripts = ScriptFiles.modules(inProject: folder, entry: "main.js")
        let components = ((try? FileManager.default.contentsOfDirectory(atPath: folder + "/components")) ?? [])
            .filter { $0.hasSuffix(".swift") }.map { "components/" + $0 }
        for name in ["app.json", "main.js"] + scripts + components + pages.filter({ $0.hasSuffix(".swift") }).map({ "pages/" + $0 }) {
            var info = stat()
            guard stat(folder + "/" + name, &info) == 0 else { continue }
            result[name] = FileStamp(seconds: Int(info.st_mtim.tv_sec), nanoseconds: Int(info.st_mtim.tv_nsec), size: Int(info.st_size))
        }
        return result
    }
}

/// A file's modification time and size: a save changes at least one of them.
struct FileStamp: Equatable {
    var seconds: Int
    var nanoseconds: Int
    var size: Int
}
