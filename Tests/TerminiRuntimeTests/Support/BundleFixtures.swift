import Crypto
import Foundation
import TestSupport
import TerminiTemplate
import ZIPFoundation
@testable import TerminiRuntime

/// Builders for test projects, bundles (well-formed or hostile) and key pairs.
enum BundleFixtures {
    static func template(page: String, text: String = "hello") -> String {
        JSONValue.object([
            "format": "termini.template/1", "page": .string(page), "source": .string("t/pages/\(page).swift"),
            "root": .object(["cls": "Text", "p1": .string(text)]),
        ]).prettySerialized() + "\n"
    }

    /// A pack step that stands in for the TemplateCompiler: every `pages/<name>.swift` becomes a Text template.
    static let fixtureCompiler: @Sendable (String) -> Result<CompiledTemplates, PageCompileFailure> = { folder in
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.hasSuffix(".swift") }
        var pages: [String: String] = [:]
        for name in names {
            let page = String(name.dropLast(".swift".count))
            let text = (try? String(contentsOfFile: folder + "/" + name, encoding: .utf8)) ?? ""
            pages[page] = template(page: page, text: text.trimmingCharacters(in: .whitespacesAndNewlines))
        }
        return .success(CompiledTemplates(pages: pages))
    }

    /// Writes a project folder with app.json, pages/index.swift, main.js and an asset.
    static func makeProject(in folder: TemporaryFolder, name: String = "proj", id: String = "demo", version: String = "1.0.0",
                            engine: String? = nil, assets: [String: Data] = ["assets/logo.txt": Data("logo".utf8)]) throws -> String
    {
        var app: [String: JSONValue] = [
            "id": .string(id), "name": "Demo", "version": .string(version), "pages": ["index"], "permissions": ["storage"],
        ]
        if let engine { app["engine"] = .string(engine) }
        try folder.write("\(name)/app.json", JSONValue.object(app).prettySerialized())
        try folder.write("\(name)/pages/index.swift", "page \(version)")
        try folder.write("\(name)/main.js", "Page('index', { data: { v: '\(version)' } })\n")
        for (path, data) in assets { try folder.write("\(name)/\(path)", data) }
        return folder.sub(name)
    }

    static func pack(_ project: String, to output: String, key: BundleSigningKey?) throws(BundleError) -> PackResult {
        try BundlePacker(compilePages: fixtureCompiler).pack(project: project, output: output, key: key)
    }

    /// One archive entry for hand-built (possibly hostile) archives.
    struct Entry {
        var path: String
        var data: Data
        var type: ZIPFoundation.Entry.EntryType = .file
        var compression: CompressionMethod = .deflate
    }

    static func writeArchive(_ path: String, _ entries: [Entry]) throws {
        unlink(path)
        let archive = try Archive(url: URL(fileURLWithPath: path), accessMode: .create)
        for e in entries {
            try archive.addEntry(with: e.path, type: e.type, uncompressedSize: Int64(e.data.count),
                                 compressionMethod: e.compression) { position, size in
                e.data.subdata(in: Int(position) ..< min(Int(position) + size, e.data.count))
            }
        }
    }

    static func sha256(_ data: Data) -> String { SHA256.hash(data: data).map { String(format: "%02x", $0) }.joined() }

    static func manifestBytes(id: String = "demo", version: String = "1.0.0", engine: String = ">=0.1.0",
                              files: [String: Data]) -> Data
    {
        let m = BundleManifest(id: id, name: "Demo", version: version, engine: engine, pages: ["index"],
                               files: files.mapValues(sha256))
        return Data((m.json.prettySerialized() + "\n").utf8)
    }

    static func signatureBytes(_ manifest: Data, key: BundleSigningKey) throws -> Data {
        Data(try BundleSignature.sign(manifestBytes: manifest, with: key).fileText.utf8)
    }

    /// The files of a minimal valid bundle.
    static func bundleFiles(version: String = "1.0.0") -> [String: Data] {
        ["main.js": Data("Page('index', {})\n".utf8), "pages/index.json": Data(template(page: "index", text: version).utf8)]
    }

    /// A signed, well-formed bundle built by hand; `extra` entries are appended after the listed files.
    static func signedArchive(_ path: String, key: BundleSigningKey, version: String = "1.0.0", engine: String = ">=0.1.0",
                              files: [String: Data]? = nil, extra: [Entry] = []) throws
    {
        let files = files ?? bundleFiles(version: version)
        let manifest = manifestBytes(version: version, engine: engine, files: files)
        var entries = [Entry(path: "manifest.json", data: manifest), Entry(path: "signature", data: try signatureBytes(manifest, key: key))]
        entries += files.keys.sorted().map { Entry(path: $0, data: files[$0]!) }
        try writeArchive(path, entries + extra)
    }
}
