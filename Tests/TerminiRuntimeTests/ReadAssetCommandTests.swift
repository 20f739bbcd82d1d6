import Crypto
import Foundation
import TerminiBridge
import TerminiTemplate
import TestSupport
import Testing
@testable import TerminiRuntime

/// `readAsset` reads the bundle's `assets/` only when a file still has the hash its manifest lists; a tampered, an
/// unlisted or a linked asset is refused with the asset named, and a project folder (no hashes yet) reads as is.
@Suite struct ReadAssetCommandTests {
    func hex(_ text: String) -> String { SHA256.hash(data: Data(text.utf8)).map { String(format: "%02x", $0) }.joined() }

    /// A bundle folder with `assets/greeting.txt`, `assets/img/dot.bin` and an unlisted `assets/extra.txt`.
    func bundle(listing: Bool = true) throws -> (LoadedBundle, String, TemporaryFolder) {
        let temporary = TemporaryFolder()
        let folder = temporary.path
        try FileManager.default.createDirectory(atPath: folder + "/assets/img", withIntermediateDirectories: true)
        try "héllo".write(toFile: folder + "/assets/greeting.txt", atomically: true, encoding: .utf8)
        try Data([0, 1, 2, 255]).write(to: URL(fileURLWithPath: folder + "/assets/img/dot.bin"))
        try "not packed".write(toFile: folder + "/assets/extra.txt", atomically: true, encoding: .utf8)
        let files = listing ? ["main.js": hex("Page('index', {})"), "assets/greeting.txt": hex("héllo"),
                               "assets/img/dot.bin": SHA256.hash(data: Data([0, 1, 2, 255])).map { String(format: "%02x", $0) }.joined()] : [:]
        let manifest = BundleManifest(id: "demo", name: "Demo", version: "1.0.0", pages: ["index"], files: files)
        let template = try TemplateFile(jsonText: #"{"format":"termini.template/1","page":"index","source":"demo/pages/index.swift","root":{"cls":"Text","p1":"hi"}}"#)
        return (LoadedBundle(manifest: manifest, origin: folder, script: "Page('index', {})", scriptName: "demo/main.js",
                             pages: ["index": template]), folder, temporary)
    }

    func read(_ bundle: LoadedBundle, _ params: JSONValue) async -> Result<[String: JSONValue], CommandError> {
        var command = ReadAssetCommand(params: params, bundle: bundle)
        do throws(CommandError) {
            try command.checkAndParse()
            return .success(try await command.run())
        } catch {
            return .failure(error)
        }
    }

    @Test func aListedAssetReadsAsTextOrBase64() async throws {
        let (bundle, _, temporary) = try bundle()
        defer { withExtendedLifetime(temporary) {} }
        #expect(try await read(bundle, ["path": "greeting.txt"]).get()["data"] == "héllo")
        #expect(try await read(bundle, ["path": "img/dot.bin", "encoding": "base64"]).get()["data"] == "AAEC/w==")
    }

    @Test func aTamperedAssetIsRefusedNamingIt() async throws {
        let (bundle, folder, temporary) = try bundle()
        defer { withExtendedLifetime(temporary) {} }
        try "hacked".write(toFile: folder + "/assets/greeting.txt", atomically: true, encoding: .utf8)
        guard case .failure(let error) = await read(bundle, ["path": "greeting.txt"]) else {
            Issue.record("a tampered asset was read")
            return
        }
        #expect(error.code == .unavailable)
        #expect(error.reason.hasPrefix("asset 'greeting.txt' does not match the bundle's hash (sha256 \(hex("hacked").prefix(12))…, "
                                       + "the manifest says \(hex("héllo").prefix(12))…)"), "\(error.reason)")
    }

    @Test func badPathsAreRefusedNamingThem() async throws {
        let (bundle, folder, temporary) = try bundle()
        defer { withExtendedLifetime(temporary) {} }
        try FileManager.default.createSymbolicLink(atPath: folder + "/assets/link.txt", withDestinationPath: "/etc/passwd")
        let cases: [(JSONValue, CommandErrorCode, String)] = [
            (["path": "extra.txt"], .notFound, "asset 'extra.txt' is not in the bundle's manifest"),
            (["path": "missing.txt"], .notFound, "asset 'missing.txt': no such file in the bundle's assets/"),
            (["path": "../main.js"], .invalidParameter, "parameter 'path' '../main.js' goes up with '..'"),
            (["path": "/etc/passwd"], .invalidParameter, "parameter 'path' '/etc/passwd' is absolute"),
            (["path": "a\u{0}"], .invalidParameter, "holds a NUL byte"),
            (["path": "link.txt"], .invalidParameter, "asset 'link.txt' goes through a symbolic link"),
            (["path": "greeting.txt", "encoding": "hex"], .invalidParameter, "parameter 'encoding' must be 'utf8' or 'base64'"),
        ]
        for (params, code, message) in cases {
            guard case .failure(let error) = await read(bundle, params) else {
                Issue.record("\(params) was read")
                continue
            }
            #expect(error.code == code && error.reason.contains(message), "\(params): \(error.reason)")
        }
    }

    @Test func aProjectFolderHasNoHashesAndReadsItsAssetsAsTheyAre() async throws {
        let (bundle, folder, temporary) = try bundle(listing: false)
        defer { withExtendedLifetime(temporary) {} }
        try "edited".write(toFile: folder + "/assets/greeting.txt", atomically: true, encoding: .utf8)
        #expect(try await read(bundle, ["path": "greeting.txt"]).get()["data"] == "edited")
    }
}
