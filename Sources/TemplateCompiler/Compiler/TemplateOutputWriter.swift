import Foundation
import TerminiTemplate

/// Writes compiled pages as `<out>/pages/<page>.json` and components as `<out>/components/<Name>.json`: pretty,
/// sorted keys, each file atomically.
public enum TemplateOutputWriter {
    /// The path of one page's template under `outDirectory`.
    public static func url(forPage page: String, in outDirectory: URL) -> URL {
        outDirectory.appendingPathComponent("pages").appendingPathComponent(page + ".json")
    }

    /// The path of one component's template under `outDirectory`.
    public static func url(forComponent name: String, in outDirectory: URL) -> URL {
        outDirectory.appendingPathComponent("components").appendingPathComponent(name + ".json")
    }

    public static func write(_ pages: [TemplateFile], components: [ComponentTemplate] = [], to outDirectory: URL) throws {
        for page in pages {
            try AtomicFileWriter.write(page.json.prettySerialized() + "\n", to: url(forPage: page.page, in: outDirectory))
        }
        for component in components {
            try AtomicFileWriter.write(component.json.prettySerialized() + "\n", to: url(forComponent: component.name, in: outDirectory))
        }
    }
}
