import Foundation
import TestSupport
import Testing

/// File-level updates (issue 32, docs/DISTRIBUTION.md): a client that has hello 1.0.0 downloads only the files that
/// changed in 1.1.0 from `files/<sha256>`, rebuilds the bundle and installs it through the checks of a full install;
/// a file whose content does not match its name sends it back to the whole archive. Driven through the built
/// `termini` against the fault server on 127.0.0.1.
@Suite struct FileLevelUpdateTests {
    /// Eight 32 KB assets that no version changes: 256 KB that deflate cannot shrink, so that the changed files are a
    /// small part of the archive.
    static let assets: [String: Data] = {
        var generator = SystemRandomNumberGenerator()
        return Dictionary(uniqueKeysWithValues: (1...8).map { i in
            ("blob\(i).bin", Data((0..<(32 << 10)).map { _ in UInt8.random(in: 0 ... .max, using: &generator) }))
        })
    }()

    /// hello 1.0.0 published and installed in the setup's store, then 1.1.0 published: the two differ in `main.js`
    /// (the version it shows), and so in `manifest.json` and `signature`.
    func installedWithUpdate() async throws -> RegistrySetup {
        let setup = try await RegistrySetup.make(publishing: [])
        let key = setup.fixture.key + ".key"
        var archives: [String: String] = [:]
        for version in ["1.0.0", "1.1.0"] {
            archives[version] = try await RegistryFixture.pack(version, key: key, out: BuiltBinaries.temporaryFolder() + "/hello-\(version).zip",
                                                               assets: Self.assets)
        }
        try await publish(archives["1.0.0"]!, to: setup)
        let install = try await setup.termini(["install", "hello"])
        guard install.status == 0 else { throw TestSupportError("install: \(install.stderr)") }
        try await publish(archives["1.1.0"]!, to: setup)
        return setup
    }

    func publish(_ archive: String, to setup: RegistrySetup) async throws {
        let r = try await BuiltBinaries.run("termini", ["publish", archive, "--registry", setup.registry, "--key", setup.fixture.key + ".key"])
        guard r.status == 0 else { throw TestSupportError("publish \(archive): \(r.stderr)") }
    }

    /// `<version>.files.<path>` of hello in the registry's index: its SHA-256 and size.
    func indexedFile(_ setup: RegistrySetup, version: String, path: String) throws -> (sha256: String, size: Int) {
        let index = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: setup.registry + "/index.json"))) as! [String: Any]
        let versions = ((index["apps"] as! [String: Any])["hello"] as! [String: Any])["versions"] as! [String: Any]
        let files = try #require((versions[version] as! [String: Any])["files"] as? [String: [String: Any]], "the index lists \(version)'s files")
        let entry = try #require(files[path], "\(path) is listed")
        return (entry["sha256"] as! String, entry["size"] as! Int)
    }

    /// hello 1.1.0 installed in a store of its own from the whole archive: what a file-level update must equal.
    func fullInstall(_ setup: RegistrySetup) async throws -> String {
        let store = BuiltBinaries.temporaryFolder() + "/full"
        let add = try await BuiltBinaries.run("termini", ["registry", "add", "main", setup.server.url("r"), "--trust", setup.fixture.key + ".pub",
                                                          "--store", store])
        #expect(add.status == 0, "\(add.stderr)")
        let install = try await BuiltBinaries.run("termini", ["install", "hello", "--version", "1.1.0", "--store", store])
        #expect(install.status == 0 && install.stdout.contains("installed hello 1.1.0"), "\(install)")
        return store + "/apps/hello/1.1.0"
    }

    /// Every file under `folder` with its permissions and bytes.
    func tree(_ folder: String) throws -> [String: String] {
        var files: [String: String] = [:]
        for path in FileManager.default.subpaths(atPath: folder) ?? [] {
            let attributes = try FileManager.default.attributesOfItem(atPath: folder + "/" + path)
            let mode = String((attributes[.posixPermissions] as? Int) ?? 0, radix: 8)
            if attributes[.type] as? FileAttributeType == .typeDirectory { files[path] = "folder \(mode)"; continue }
            let bytes = try Data(contentsOf: URL(fileURLWithPath: folder + "/" + path))
            files[path] = "\(mode) \(bytes.count) bytes \(bytes.base64EncodedString())"
        }
        return files
    }

    /// The size line as `termini update -v` writes it.
    static func size(_ bytes: Int) -> String {
        if bytes < 1024 { return "\(bytes) bytes" }
        return bytes >= 1 << 20 ? String(format: "%.1f MB", Double(bytes) / 1048576) : String(format: "%.0f KB", Double(bytes) / 1024)
    }

    @Test func aFileLevelUpdateDownloadsOnlyTheChangedFilesAndMatchesAFullInstallByteForByte() async throws {
        let setup = try await installedWithUpdate()
        // Every file is stored once by its content, beside the whole archive.
        let script = try indexedFile(setup, version: "1.1.0", path: "main.js")
        let stored = setup.registry + "/files/" + script.sha256
        #expect(FileManager.default.contents(atPath: stored)?.count == script.size)
        #expect(FileManager.default.fileExists(atPath: setup.registry + "/apps/hello/1.1.0.zip"))

        let before = setup.server.requests.count
        let update = try await setup.termini(["update", "-v", "hello"])
        #expect(update.status == 0, "\(update.stderr)")
        #expect(update.stdout.contains("updated hello 1.0.0 -> 1.1.0"), "\(update.stdout)")
        let during = Array(setup.server.requests.dropFirst(before))
        // The three changed files and nothing else: not the archive, not the eight assets 1.0.0 already has.
        let changed = ["main.js", "manifest.json", "signature"]
        let expected = try changed.map { "GET /r/files/\(try indexedFile(setup, version: "1.1.0", path: $0).sha256) 200" }.sorted()
        #expect(during.filter { $0.contains("/files/") }.sorted() == expected, "\(during)")
        #expect(!during.contains { $0.contains("/apps/") }, "the archive was not downloaded: \(during)")
        #expect(!update.stderr.contains("whole archive"), "\(update.stderr)")

        let installed = setup.store + "/apps/hello/1.1.0"
        let full = try await fullInstall(setup)
        let rebuilt = try tree(installed)
        #expect(rebuilt.count == 14, "8 assets, main.js, pages/index.json, manifest.json, signature, and their 2 folders: \(rebuilt.keys.sorted())")
        #expect(rebuilt == (try tree(full)), "the rebuilt bundle is the full install's, byte for byte")
        #expect(try await setup.list().contains("* 1.1.0  (current, not launched yet)"))
        let run = try await setup.snapshot()
        #expect(run.stdout.contains("Hello version 1.1.0"), "\(run.stdout)")
    }

    @Test func aFileWhoseContentDoesNotMatchItsNameFallsBackToTheWholeArchive() async throws {
        let setup = try await installedWithUpdate()
        let script = try indexedFile(setup, version: "1.1.0", path: "main.js")
        // The same size, one byte changed: only the hash can tell.
        var altered = try Data(contentsOf: URL(fileURLWithPath: setup.registry + "/files/" + script.sha256))
        altered[altered.count / 2] ^= 0x01
        let forged = BuiltBinaries.temporaryFolder() + "/forged.js"
        try altered.write(to: URL(fileURLWithPath: forged))
        try setup.server.setFaults(#"{"/r/files/\#(script.sha256)": {"mode": "replace", "file": "\#(forged)"}}"#)

        let before = setup.server.requests.count
        let update = try await setup.termini(["update", "-v", "hello"])
        #expect(update.status == 0, "\(update.stderr)")
        let url = setup.server.url("r/files/" + script.sha256)
        #expect(update.stderr.contains("termini: hello 1.1.0: the file-level update failed: \(url): its content hashes to "), "\(update.stderr)")
        #expect(update.stderr.contains("not to the SHA-256 it is named by: the file was altered; refused; downloading the whole archive instead"), "\(update.stderr)")
        #expect(update.stdout.contains("updated hello 1.0.0 -> 1.1.0"), "\(update.stdout)")
        let archiveSize = try FileManager.default.attributesOfItem(atPath: setup.registry + "/apps/hello/1.1.0.zip")[.size] as! Int
        #expect(update.stdout.contains("hello 1.1.0: downloaded "), "\(update.stdout)")
        #expect(update.stdout.contains(" of \(Self.size(archiveSize)): the whole archive (the file-level update failed: "), "\(update.stdout)")
        #expect(Array(setup.server.requests.dropFirst(before)).contains("GET /r/apps/hello/1.1.0.zip 200"), "\(setup.server.requests)")
        // What was installed came from the archive: the forged file is nowhere.
        #expect(try tree(setup.store + "/apps/hello/1.1.0") == (try tree(try await fullInstall(setup))))
        #expect(try await setup.snapshot().stdout.contains("Hello version 1.1.0"))
    }

    @Test func aTamperedInstalledFileAlsoFallsBackAndTheBackgroundCheckLogsIt() async throws {
        let setup = try await installedWithUpdate()
        // A file of the installed 1.0.0 that 1.1.0 shares was changed on disk: the rebuilt bundle fails its hash check.
        let blob = setup.store + "/apps/hello/1.0.0/assets/blob3.bin"
        var bytes = try Data(contentsOf: URL(fileURLWithPath: blob))
        bytes[0] ^= 0xff
        try bytes.write(to: URL(fileURLWithPath: blob))
        let run = try await setup.snapshot(events: "wait 4000\n")
        #expect(run.stdout.contains("Hello version 1.0.0"), "\(run.stdout)")
        #expect(run.stderr.contains("[warn] hello 1.1.0: the file-level update failed: hello 1.1.0 rebuilt from \(setup.server.url("r/files/")): assets/blob3.bin (from "), "\(run.stderr)")
        #expect(run.stderr.contains("apps/hello/1.0.0/assets/blob3.bin): SHA-256 does not match manifest.json (the file was altered); downloading the whole archive instead"), "\(run.stderr)")
        #expect(run.stderr.contains("[update] hello 1.1.0 installed (was 1.0.0); the next launch runs it"), "\(run.stderr)")
        #expect(run.stderr.contains("[update] hello 1.1.0: downloaded "), "\(run.stderr)")
        #expect(run.stderr.contains(": the whole archive (the file-level update failed: "), "\(run.stderr)")
        #expect(try tree(setup.store + "/apps/hello/1.1.0") == (try tree(try await fullInstall(setup))))
    }

    @Test func updateVerboseReportsTheBytesSaved() async throws {
        let setup = try await installedWithUpdate()
        let archiveSize = try FileManager.default.attributesOfItem(atPath: setup.registry + "/apps/hello/1.1.0.zip")[.size] as! Int
        let downloaded = try ["main.js", "manifest.json", "signature"].reduce(0) { $0 + (try indexedFile(setup, version: "1.1.0", path: $1).size) }
        let update = try await setup.termini(["update", "--verbose", "hello"])
        #expect(update.status == 0, "\(update.stderr)")
        let line = "hello 1.1.0: downloaded \(Self.size(downloaded)) of \(Self.size(archiveSize)) (3 of 12 files changed; \(Self.size(archiveSize - downloaded)) saved)"
        #expect(update.stdout.contains(line), "expected '\(line)' in \(update.stdout)")
        #expect(downloaded * 10 < archiveSize, "\(downloaded) of \(archiveSize) bytes")

        // Without -v the line is left out; a version with nothing to update says so.
        let again = try await setup.termini(["update", "hello"])
        #expect(again.status == 0 && again.stdout.contains("hello 1.1.0 is up to date") && !again.stdout.contains("downloaded"), "\(again.stdout)")
    }
}
