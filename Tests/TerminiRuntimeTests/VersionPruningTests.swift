import Foundation
import TestSupport
import Testing
@testable import TerminiRuntime

/// Old versions (issue 32): the store keeps the current version, the one before it and any pinned with
/// `termini keep`; the rest go after a successful launch.
@Suite struct VersionPruningTests {
    func store(with versions: [String], _ tmp: TemporaryFolder) throws -> AppStore {
        let store = AppStore(root: tmp.sub("store"))
        let installer = BundleInstaller(store: store, options: InstallOptions(skipSignatureCheck: true))
        for version in versions {
            let project = try BundleFixtures.makeProject(in: tmp, name: "p\(version)", version: version)
            _ = try BundleFixtures.pack(project, to: tmp.sub("\(version).zip"), key: nil)
            _ = try installer.install(archivePath: tmp.sub("\(version).zip"))
        }
        return store
    }

    @Test func aSuccessfulLaunchPrunesAllButTheCurrentThePreviousAndTheKeptVersions() throws {
        let tmp = TemporaryFolder()
        let store = try store(with: ["1.0.0", "1.1.0", "1.2.0", "1.3.0"], tmp)
        #expect(try store.keep("demo", version: "1.0.0"))
        #expect(!(try store.keep("demo", version: "1.0.0")), "kept already")
        let before = store.diskUsage("demo")
        // Installing alone prunes nothing: the new version has not launched yet.
        #expect(try store.pointer(for: "demo")?.versions == ["1.0.0", "1.1.0", "1.2.0", "1.3.0"])

        try store.markLaunchSucceeded("demo", version: "1.3.0")
        let app = try #require(store.list().first)
        #expect(app.versions == ["1.0.0", "1.2.0", "1.3.0"])
        #expect(app.pinnedVersions == ["1.0.0"])
        #expect(!FileManager.default.fileExists(atPath: store.versionFolder("demo", "1.1.0")), "its folder is gone")
        for kept in app.versions { #expect(FileManager.default.fileExists(atPath: store.versionFolder("demo", kept))) }
        #expect(store.diskUsage("demo") < before && store.diskUsage("demo") > 0)

        // A rollback still has the version before, and an unpinned version goes at the next successful launch.
        #expect(try store.rollback("demo").to == "1.2.0")
        #expect(try store.keep("demo", version: "1.0.0", release: true))
        let project = try BundleFixtures.makeProject(in: tmp, name: "p1.4.0", version: "1.4.0")
        _ = try BundleFixtures.pack(project, to: tmp.sub("1.4.0.zip"), key: nil)
        _ = try BundleInstaller(store: store, options: InstallOptions(skipSignatureCheck: true)).install(archivePath: tmp.sub("1.4.0.zip"))
        try store.markLaunchSucceeded("demo", version: "1.4.0")
        #expect(try store.pointer(for: "demo")?.versions == ["1.2.0", "1.4.0"])
    }

    @Test func keepingAVersionThatIsNotInstalledIsAClearError() throws {
        let tmp = TemporaryFolder()
        let store = try store(with: ["1.0.0"], tmp)
        do {
            try store.keep("demo", version: "9.9.9")
            Issue.record("kept a version that is not installed")
        } catch {
            #expect(error.kind == .notInstalled && error.message.contains("demo 9.9.9 is not installed (installed: 1.0.0)"), "\(error)")
        }
        do {
            try store.keep("nope", version: "1.0.0")
            Issue.record("kept a version of an app that is not installed")
        } catch {
            #expect(error.message.contains("no app 'nope' is installed"), "\(error)")
        }
    }
}
