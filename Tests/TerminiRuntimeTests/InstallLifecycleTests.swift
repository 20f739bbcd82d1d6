import Foundation
import TestSupport
import Testing
@testable import TerminiRuntime

/// The happy paths: keygen → pack → install → list → second version → rollback, and the host-facing store API.
@Suite struct InstallLifecycleTests {
    @Test func keygenPackInstallListUpgradeRollback() throws {
        let tmp = TemporaryFolder()
        let key = BundleSigningKey.generate()
        try key.write(prefix: tmp.sub("release"))
        let signing = try BundleSigningKey.load(path: tmp.sub("release.key"))
        let trusted = try BundlePublicKey.load(path: tmp.sub("release.pub"))

        let v1 = try BundleFixtures.makeProject(in: tmp, name: "v1", version: "1.0.0")
        let v2 = try BundleFixtures.makeProject(in: tmp, name: "v2", version: "1.1.0")
        _ = try BundleFixtures.pack(v1, to: tmp.sub("v1.zip"), key: signing)
        _ = try BundleFixtures.pack(v2, to: tmp.sub("v2.zip"), key: signing)

        let store = AppStore(root: tmp.sub("store"))
        let installer = BundleInstaller(store: store, options: InstallOptions(trustedKeys: [trusted]))
        #expect(try store.list().isEmpty)

        let first = try installer.install(archivePath: tmp.sub("v1.zip"))
        #expect(first == InstallResult(id: "demo", version: "1.0.0", previousVersion: nil, folder: store.versionFolder("demo", "1.0.0")))
        #expect(try store.list().map(\.versions) == [["1.0.0"]])
        let bundle = try BundleLoader.load(folder: try store.resolve("demo").folder)
        #expect(bundle.script.contains("v: '1.0.0'"))
        #expect(FileManager.default.contents(atPath: first.folder + "/assets/logo.txt") == Data("logo".utf8))

        let second = try installer.install(archivePath: tmp.sub("v2.zip"))
        #expect(second.previousVersion == "1.0.0")
        let listed = try #require(try store.list().first)
        #expect(listed.currentVersion == "1.1.0")
        #expect(listed.versions == ["1.0.0", "1.1.0"])
        #expect(try store.resolve("demo") == ResolvedApp(id: "demo", version: "1.1.0", folder: store.versionFolder("demo", "1.1.0"), launchConfirmed: false))

        let back = try store.rollback("demo")
        #expect(back == RollbackResult(id: "demo", from: "1.1.0", to: "1.0.0"))
        #expect(try store.resolve("demo").version == "1.0.0")
        #expect(try store.resolve("demo").launchConfirmed)
        #expect(!FileManager.default.fileExists(atPath: store.versionFolder("demo", "1.1.0")))
        #expect(try store.list().map(\.versions) == [["1.0.0"]])

        do { try store.rollback("demo"); Issue.record("rolled back past the first version") } catch {
            #expect(error.kind == .nothingToRollBack)
        }
        // The rolled-back version was discarded, so a (fixed) build of it can be installed again.
        #expect(try installer.install(archivePath: tmp.sub("v2.zip")).version == "1.1.0")
    }

    @Test func launchConfirmationIsRecordedForTheCurrentVersionOnly() throws {
        let tmp = TemporaryFolder()
        let store = AppStore(root: tmp.sub("store"))
        let installer = BundleInstaller(store: store, options: InstallOptions(skipSignatureCheck: true))
        for v in ["1.0.0", "2.0.0"] {
            try BundleFixtures.signedArchive(tmp.sub("\(v).zip"), key: .generate(), version: v)
            _ = try installer.install(archivePath: tmp.sub("\(v).zip"))
        }
        #expect(try !store.resolve("demo").launchConfirmed)
        try store.markLaunchSucceeded("demo", version: "1.0.0") // not current: ignored
        #expect(try !store.resolve("demo").launchConfirmed)
        try store.markLaunchSucceeded("demo", version: "2.0.0")
        #expect(try store.resolve("demo").launchConfirmed)
        #expect(try store.pointer(for: "demo") == AppPointer(current: "2.0.0", previous: ["1.0.0"], launchConfirmed: true))
    }

    @Test func unknownAppsAreClearErrors() throws {
        let tmp = TemporaryFolder()
        let store = AppStore(root: tmp.sub("store"))
        do { _ = try store.resolve("nope"); Issue.record("resolved") } catch {
            #expect(error.kind == .notInstalled)
            #expect(error.message.contains("no app 'nope'"))
        }
        do { try store.rollback("nope"); Issue.record("rolled back") } catch { #expect(error.kind == .notInstalled) }
        do { _ = try store.resolve("../etc"); Issue.record("resolved") } catch { #expect(error.kind == .notInstalled) }
    }

    @Test func keysInTheStoreTrustedFolderAreTrusted() throws {
        let tmp = TemporaryFolder()
        let key = BundleSigningKey.generate()
        let store = AppStore(root: tmp.sub("store"))
        try FileManager.default.createDirectory(atPath: store.trustedFolder, withIntermediateDirectories: true)
        try key.publicKey.fileText.write(toFile: store.trustedFolder + "/ci.pub", atomically: true, encoding: .utf8)
        try BundleFixtures.signedArchive(tmp.sub("a.zip"), key: key)
        #expect(try BundleInstaller(store: store).install(archivePath: tmp.sub("a.zip")).version == "1.0.0")
    }

    @Test func defaultStoreFollowsXDG() {
        #expect(AppStore.defaultRoot(environment: ["XDG_DATA_HOME": "/x/data", "HOME": "/home/u"]) == "/x/data/termini")
        #expect(AppStore.defaultRoot(environment: ["HOME": "/home/u"]) == "/home/u/.local/share/termini")
        #expect(AppStore.defaultRoot(environment: ["XDG_DATA_HOME": "relative", "HOME": "/home/u"]) == "/home/u/.local/share/termini")
    }
}

@Suite struct ExtractCheckedTests {
    @Test func extractsAVerifiedBundleWithoutTouchingTheStore() throws {
        let tmp = TemporaryFolder()
        let key = BundleSigningKey.generate()
        try BundleFixtures.signedArchive(tmp.sub("a.zip"), key: key)
        let store = AppStore(root: tmp.sub("store"))
        let installer = BundleInstaller(store: store, options: InstallOptions(trustedKeys: [key.publicKey]))
        let manifest = try installer.extractChecked(archivePath: tmp.sub("a.zip"), into: tmp.sub("run"))
        #expect(manifest.id == "demo")
        #expect(try BundleLoader.load(folder: tmp.sub("run")).launchPage == "index")
        #expect(StoreSnapshot(store.root).entries == ["<absent>"])

        try BundleFixtures.signedArchive(tmp.sub("b.zip"), key: key, extra: [.init(path: "x.js", data: Data("x".utf8))])
        do { _ = try installer.extractChecked(archivePath: tmp.sub("b.zip"), into: tmp.sub("run2")); Issue.record("extracted") } catch {
            #expect(error.kind == .unlistedFile)
        }
        #expect(!FileManager.default.fileExists(atPath: tmp.sub("run2")))
    }
}
