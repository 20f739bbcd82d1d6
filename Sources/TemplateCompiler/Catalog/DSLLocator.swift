import Foundation

/// Finds the repository folders `tplgen catalog`, `generate` and `docs` work on, starting from the working directory.
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

    /// The catalogue for a command run from `start`: crawled from `dslFolder` when given, else from the DSL sources
    /// of the repository around `start`, else the one compiled into this module. Only the repository needs a crawl
    /// (its DSL may be ahead of the binary); a project folder gets the catalogue its `tplgen` compiles against.
    public static func catalog(dslFolder: URL?, from start: URL) throws(CatalogCrawlError) -> LocatedCatalog {
        if let dslFolder {
            return LocatedCatalog(catalog: try CatalogCrawler.crawl(directory: dslFolder), source: .crawled(dslFolder))
        }
        if let root = repositoryRoot(from: start) {
            let folder = root.appendingPathComponent(dslRelativePath)
            return LocatedCatalog(catalog: try CatalogCrawler.crawl(directory: folder), source: .crawled(folder))
        }
        do {
            return LocatedCatalog(catalog: try Catalog.builtIn(), source: .builtIn)
        } catch {
            throw CatalogCrawlError(message: "the catalogue built into tplgen is unreadable: \(error)")
        }
    }
}

/// A catalogue and where it came from, so `--verbose` can say which one a command used.
public struct LocatedCatalog: Sendable {
    /// Where a catalogue was read from.
    public enum Source: Equatable, Sendable {
        /// Crawled from this TerminiDSL source folder.
        case crawled(URL)
        /// The copy compiled into tplgen (`Generated/Catalog.generated.swift`).
        case builtIn
    }

    public var catalog: Catalog
    public var source: Source

    /// One line for `--verbose`.
    public var sourceDescription: String {
        switch source {
        case .crawled(let folder): "catalogue crawled from \(folder.path)"
        case .builtIn: "catalogue built into tplgen (no \(DSLLocator.dslRelativePath) above the working directory)"
        }
    }
}
