import Foundation

/// Which files of a project are scripts: the entry, and every other `.js` file (modules for `require`, page
/// scripts `pages/<name>.js`, component scripts), except under `assets/` (data the app reads), hidden folders,
/// `.build/` and `node_modules/`. `termini pack` packs and hashes exactly these; a project run reads the same set.
public enum ScriptFiles {
    /// Paths relative to `project`, sorted; symbolic links are skipped.
    public static func modules(inProject project: String, entry: String) -> [String] {
        var found: [String] = []
        var pending = [""]
        while let relative = pending.popLast() {
            let folder = relative.isEmpty ? project : project + "/" + relative
            for name in StoreFileOperations.children(folder) where !name.hasPrefix(".") {
                let rel = relative.isEmpty ? name : relative + "/" + name
                var st = stat()
                guard lstat(project + "/" + rel, &st) == 0 else { continue }
                switch st.st_mode & S_IFMT {
                case S_IFDIR where !(relative.isEmpty && ["assets", "node_modules"].contains(name)):
                    pending.append(rel)
                case S_IFREG where name.hasSuffix(".js") && rel != entry:
                    found.append(rel)
                default: break
                }
            }
        }
        return found.sorted()
    }

    /// The component scripts among `modules` (`components/<Name>.js`), by name.
    public static func componentScripts(modules: some Collection<String>) -> [(component: String, path: String)] {
        modules.filter { $0.hasPrefix("components/") && $0.hasSuffix(".js") && !$0.dropFirst("components/".count).contains("/") }
            .sorted().map { (String($0.dropFirst("components/".count).dropLast(3)), $0) }
    }

    /// The page scripts among `modules`, in the manifest's page order.
    public static func pageScripts(pages: [String], modules: some Collection<String>) -> [(page: String, path: String)] {
        let set = Set(modules)
        return pages.compactMap { page in set.contains("pages/\(page).js") ? (page, "pages/\(page).js") : nil }
    }
}
