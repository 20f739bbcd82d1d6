import Foundation
import TerminiTemplate

/// Writes compiled pages as `<out>/pages/<page>.json`: pretty, sorted keys, each file atomically.
public enum TemplateOutputWriter {
    /// The path of one page's template under `outDirectory`.
    public static func url(forPage page: String, in outDirectory: URL) -> URL {
        outDirectory.appendingPathComponent("pages").appendingPathComponent(page + ".json")
    }

    public static func write(_ pages: [TemplateFile], to outDirectory: URL) throws {
        for page in pages {
            try AtomicFileWriter.write(page.json.prettySerialized() + "\n", to: url(forPage: page.page, in: outDirectory))
        }
    }
}
