import Foundation
import TerminiTemplate

extension LoadedBundle {
    /// Writes the bundle as an unsigned dev bundle folder: `manifest.json`, the entry script and `pages/*.json`.
    /// `termini pack` adds hashes, a signature and the zip; this is the plain folder `termini run <dir>` accepts.
    public func writeFolder(to folder: String) throws {
        let fm = FileManager.default
        try fm.createDirectory(atPath: (folder as NSString).appendingPathComponent("pages"), withIntermediateDirectories: true)
        try (manifest.json.prettySerialized() + "\n").write(toFile: (folder as NSString).appendingPathComponent("manifest.json"),
                                                            atomically: true, encoding: .utf8)
        try script.write(toFile: (folder as NSString).appendingPathComponent(manifest.entry), atomically: true, encoding: .utf8)
        for (name, page) in pages {
            try (page.json.prettySerialized() + "\n").write(toFile: (folder as NSString).appendingPathComponent("pages/\(name).json"),
                                                           atomically: true, encoding: .utf8)
        }
    }
}
