import Crypto
import Foundation
import TerminiTemplate
import ZIPFoundation

/// Progress of a pack, reported after each chunk written into the archive.
public struct PackProgress: Sendable {
    public var bytesDone: Int64
    public var bytesTotal: Int64
    public var filesDone: Int
    public var filesTotal: Int
}

/// What a pack produced.
public struct PackResult: Sendable {
    public var manifest: BundleManifest
    public var archivePath: String
    /// Fingerprint of the signing key, nil for an unsigned (dev-only) bundle.
    public var signerFingerprint: String?
    public var archiveBytes: Int64
}

/// Builds a bundle archive from a project folder: `app.json`, `pages/*.swift`, `main.js` and optional `assets/`.
///
/// The archive holds, in this order: `manifest.json`, `signature` (when a key is given), then every other file sorted
/// by path. Entry dates are fixed, so packing the same project twice yields the same bytes.
public struct BundlePacker: Sendable {
    /// Turns the project's pages folder (and its `components/` beside it) into template JSON texts. The runtime has
    /// no compiler: `TerminiAuthoring` supplies the TemplateCompiler one (`BundlePacker()` there); tests pass their own.
    public var compilePages: @Sendable (_ pagesFolder: String) -> Result<CompiledTemplates, PageCompileFailure>
    public var limits: ExtractionLimits

    public init(limits: ExtractionLimits = .standard,
                compilePages: @escaping @Sendable (String) -> Result<CompiledTemplates, PageCompileFailure>)
    {
        self.limits = limits
        self.compilePages = compilePages
    }

    /// Fixed entry date: deterministic archives. 2000-01-01 stays valid as a DOS date in every time zone.
    static let entryDate = Date(timeIntervalSince1970: 946_728_000)
    /// Formats that are already compressed; deflating them again only costs time.
    static let storedExtensions: Set<String> = ["png", "jpg", "jpeg", "gif", "webp", "zip", "gz", "bz2", "xz", "zst", "mp3", "ogg", "mp4", "woff", "woff2"]

    public func pack(project: String, output: String, key: BundleSigningKey?,
                     progress: ((PackProgress) -> Void)? = nil) throws(BundleError) -> PackResult
    {
        let project = project.count > 1 && project.hasSuffix("/") ? String(project.dropLast()) : project
        var manifest = try Self.readAppJSON(project)

        // Every file of the bundle except manifest.json and signature: in-memory pages, on-disk script and assets.
        var sources: [String: BundleFileSource] = [:]
        let pagesFolder = project + "/pages"
        guard StoreFileOperations.isDirectory(pagesFolder) else {
            throw BundleError(.badProject, pagesFolder, "missing: a project keeps its page declarations in pages/*.swift")
        }
        let templates: CompiledTemplates
        switch compilePages(pagesFolder) {
        case .success(let result): templates = result
        case .failure(let failure): throw BundleError(.compileFailed, pagesFolder, failure.description)
        }
        let compiled = templates.pages
        for (name, json) in templates.components {
            guard BundleManifest.isValidIdentifier(name) else {
                throw BundleError(.badProject, project + "/components", "component name '\(name)' cannot be a file name")
            }
            sources["components/\(name).json"] = .memory(Data(json.utf8))
        }
        for page in manifest.pages where compiled[page] == nil {
            throw BundleError(.badProject, project + "/app.json",
                              "$.pages lists '\(page)', but no declaration in pages/ defines Page(\"\(page)\")")
        }
        for (page, json) in compiled {
            guard BundleManifest.isValidIdentifier(page) else {
                throw BundleError(.badProject, pagesFolder, "page name '\(page)' cannot be a file name (letters, digits, '-', '_', '.')")
            }
            sources["pages/\(page).json"] = .memory(Data(json.utf8))
        }
        let entryPath = project + "/" + manifest.entry
        guard case .success(let entryName) = BundleEntryPath.validate(manifest.entry), !entryName.hasPrefix("pages/"),
              FileManager.default.fileExists(atPath: entryPath) else {
            throw BundleError(.badProject, entryPath, "missing: the entry script (app.json $.entry, default main.js) must be in the project")
        }
        sources[entryName] = .file(entryPath)
        for module in ScriptFiles.modules(inProject: project, entry: entryName) where sources[module] == nil {
            sources[module] = .file(project + "/" + module)
        }
        try Self.collectAssets(project: project, into: &sources)

        guard sources.count + 2 <= limits.maxEntries else {
            throw BundleError(.limitExceeded, project, "\(sources.count + 2) files exceed the \(limits.maxEntries)-entry limit an install accepts")
        }
        let ordered = sources.sorted { $0.key < $1.key }
        var sizes: [String: Int64] = [:]
        var total: Int64 = 0
        for (path, source) in ordered {
            let size = try source.size(location: project + "/" + path)
            guard size <= limits.maxFileBytes else {
                throw BundleError(.limitExceeded, project + "/" + path, "larger than the \(BundleArchiveReader.megabytes(limits.maxFileBytes)) per-file limit an install accepts")
            }
            sizes[path] = size
            total += size
        }
        guard total <= limits.maxTotalBytes else {
            throw BundleError(.limitExceeded, project, "\(total) bytes exceed the \(BundleArchiveReader.megabytes(limits.maxTotalBytes)) total an install accepts")
        }

        // Hash first: the manifest (and its signature) must precede the files in the archive.
        var files: [String: String] = [:]
        for (path, source) in ordered { files[path] = try source.sha256(location: project + "/" + path) }
        manifest.files = files
        let manifestBytes = Data((manifest.json.prettySerialized() + "\n").utf8)
        let signature = try key.map { k throws(BundleError) in try BundleSignature.sign(manifestBytes: manifestBytes, with: k) }

        let temp = output + ".tmp-\(getpid())"
        unlink(temp)
        do throws(BundleError) {
            let archive: Archive
            do { archive = try Archive(url: URL(fileURLWithPath: temp), accessMode: .create) } catch {
                throw BundleError(.io, output, "cannot be created: \(error)")
            }
            try Self.add(archive, "manifest.json", .memory(manifestBytes), size: Int64(manifestBytes.count), location: output)
            if let signature {
                let bytes = Data(signature.fileText.utf8)
                try Self.add(archive, "signature", .memory(bytes), size: Int64(bytes.count), location: output)
            }
            var done: Int64 = 0
            for (index, (path, source)) in ordered.enumerated() {
                try Self.add(archive, path, source, size: sizes[path] ?? 0, location: output) { chunk in
                    done += Int64(chunk)
                    progress?(PackProgress(bytesDone: done, bytesTotal: total, filesDone: index, filesTotal: ordered.count))
                }
                progress?(PackProgress(bytesDone: done, bytesTotal: total, filesDone: index + 1, filesTotal: ordered.count))
            }
        } catch {
            unlink(temp)
            throw error
        }
        try StoreFileOperations.rename(temp, to: output)
        var st = stat()
        let archiveBytes = stat(output, &st) == 0 ? Int64(st.st_size) : 0
        return PackResult(manifest: manifest, archivePath: output, signerFingerprint: key?.publicKey.fingerprint,
                          archiveBytes: archiveBytes)
    }

    static func readAppJSON(_ project: String) throws(BundleError) -> BundleManifest {
        let path = project + "/app.json"
        guard let data = FileManager.default.contents(atPath: path) else {
            throw BundleError(.badProject, path, "missing: a project folder needs app.json (id, name, version, pages)")
        }
        guard let text = String(data: data, encoding: .utf8) else { throw BundleError(.badProject, path, "not UTF-8") }
        let json: JSONValue
        do { json = try JSONValue.parse(text) } catch {
            throw BundleError(.badProject, "\(path):\(error.line):\(error.column)", error.message)
        }
        if json["files"] != nil { throw BundleError(.badProject, path, "$.files: is computed by pack; remove it from app.json") }
        let manifest: BundleManifest
        do { manifest = try BundleManifest(json: json, file: path, text: text) } catch { throw BundleError(.badProject, path, error.message) }
        guard SemanticVersion(manifest.version) != nil else {
            throw BundleError(.badProject, path, "$.version: '\(manifest.version)' is not a semantic version (MAJOR.MINOR.PATCH)")
        }
        guard EngineRequirement(manifest.engine) != nil else {
            throw BundleError(.badProject, path, "$.engine: '\(manifest.engine)' is not a version requirement (e.g. \">=0.1.0\")")
        }
        return manifest
    }

    /// Adds every regular file under `assets/`. Dot-files (editor and OS litter) are skipped; links are refused
    /// because the installer would refuse them too.
    static func collectAssets(project: String, into sources: inout [String: BundleFileSource]) throws(BundleError) {
        let root = project + "/assets"
        guard StoreFileOperations.isDirectory(root) else { return }
        var pending = ["assets"]
        while let relative = pending.popLast() {
            for name in StoreFileOperations.children(project + "/" + relative) where !name.hasPrefix(".") {
                let rel = relative + "/" + name
                let full = project + "/" + rel
                var st = stat()
                guard lstat(full, &st) == 0 else { throw BundleError(.io, full, "cannot be read: \(String(cString: strerror(errno)))") }
                switch st.st_mode & S_IFMT {
                case S_IFDIR: pending.append(rel)
                case S_IFREG:
                    if case .failure(let reason) = BundleEntryPath.validate(rel) { throw BundleError(.badProject, full, "unusable file name: \(reason)") }
                    sources[rel] = .file(full)
                case S_IFLNK: throw BundleError(.badProject, full, "is a symbolic link; bundles cannot contain links (copy the file instead)")
                default: throw BundleError(.badProject, full, "is not a regular file")
                }
            }
        }
    }

    static func add(_ archive: Archive, _ path: String, _ source: BundleFileSource, size: Int64, location: String,
                    onChunk: ((Int) -> Void)? = nil) throws(BundleError)
    {
        let ext = (path as NSString).pathExtension.lowercased()
        let method: CompressionMethod = storedExtensions.contains(ext) ? .none : .deflate
        do {
            let reader = try source.openReader(location: path)
            try archive.addEntry(with: path, type: .file, uncompressedSize: size, modificationDate: entryDate,
                                 permissions: 0o644, compressionMethod: method, bufferSize: 64 << 10) { position, length in
                let chunk = try reader(position, length)
                onChunk?(chunk.count)
                return chunk
            }
        } catch let e as BundleError { throw e } catch {
            throw BundleError(.io, "\(location): \(path)", "cannot be written: \(error)")
        }
    }
}

/// A compile failure: the compiler's diagnostics, one `file:line:col: message` per entry.
/// What the pack's compile step produces: template JSON texts of the pages (by page name) and of the components
/// (by component name). A dictionary literal gives pages only.
public struct CompiledTemplates: Sendable, ExpressibleByDictionaryLiteral {
    public var pages: [String: String]
    public var components: [String: String]

    public init(pages: [String: String], components: [String: String] = [:]) {
        self.pages = pages
        self.components = components
    }

    public init(dictionaryLiteral elements: (String, String)...) {
        self.init(pages: Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }
}

public struct PageCompileFailure: Error, Sendable, CustomStringConvertible {
    public var diagnostics: [String]
    public init(diagnostics: [String]) { self.diagnostics = diagnostics }
    public var description: String {
        diagnostics.count == 1 ? "page compilation failed: \(diagnostics[0])"
            : "page compilation failed with \(diagnostics.count) errors:\n" + diagnostics.joined(separator: "\n")
    }
}

/// Where a bundle file's bytes come from while packing.
enum BundleFileSource: Sendable {
    case memory(Data)
    case file(String)

    func size(location: String) throws(BundleError) -> Int64 {
        switch self {
        case .memory(let d): return Int64(d.count)
        case .file(let path):
            var st = stat()
            guard stat(path, &st) == 0 else { throw BundleError(.io, location, "cannot be read: \(String(cString: strerror(errno)))") }
            return Int64(st.st_size)
        }
    }

    func sha256(location: String) throws(BundleError) -> String {
        var hasher = SHA256()
        switch self {
        case .memory(let d): hasher.update(data: d)
        case .file(let path):
            guard let handle = FileHandle(forReadingAtPath: path) else { throw BundleError(.io, location, "cannot be read") }
            defer { try? handle.close() }
            while true {
                let chunk: Data
                do { chunk = try handle.read(upToCount: 1 << 20) ?? Data() } catch { throw BundleError(.io, location, "read failed: \(error)") }
                if chunk.isEmpty { break }
                hasher.update(data: chunk)
            }
        }
        return BundleArchiveReader.hex(hasher.finalize())
    }

    /// A reader for ZIPFoundation's provider callback: (position, length) -> bytes.
    func openReader(location: String) throws(BundleError) -> (Int64, Int) throws -> Data {
        switch self {
        case .memory(let d):
            return { position, length in
                let start = d.startIndex + Int(position)
                return d.subdata(in: start ..< min(start + length, d.endIndex))
            }
        case .file(let path):
            guard let handle = FileHandle(forReadingAtPath: path) else { throw BundleError(.io, location, "cannot be read") }
            return { position, length in
                try handle.seek(toOffset: UInt64(position))
                return try handle.read(upToCount: length) ?? Data()
            }
        }
    }
}
