import Foundation
import TestSupport
import Testing
@testable import TerminiRuntime

@Suite struct InstallConcurrencyAndCrashTests {
    @Test func twoInstallsOfTheSameBundleAtOnceOneWinsCleanly() async throws {
        let tmp = TemporaryFolder()
        let key = BundleSigningKey.generate()
        try BundleFixtures.signedArchive(tmp.sub("a.zip"), key: key, version: "1.0.0")
        let store = AppStore(root: tmp.sub("store"))
        let installer = BundleInstaller(store: store, options: InstallOptions(trustedKeys: [key.publicKey]))
        let archive = tmp.sub("a.zip")

        let outcomes = await withTaskGroup(of: Result<InstallResult, BundleError>.self) { group in
            for _ in 0 ..< 4 { group.addTask { Result(catching: { () throws(BundleError) in try installer.install(archivePath: archive) }) } }
            var all: [Result<InstallResult, BundleError>] = []
            for await r in group { all.append(r) }
            return all
        }
        let successes = outcomes.compactMap { try? $0.get() }
        let failures = outcomes.compactMap { if case .failure(let e) = $0 { e } else { nil } }
        #expect(successes.count == 1)
        #expect(failures.count == 3)
        #expect(failures.allSatisfy { $0.kind == .alreadyInstalled })
        #expect(try store.list().map(\.versions) == [["1.0.0"]])
        #expect(StoreFileOperations.children(store.stagingFolder).isEmpty)
        #expect(StoreFileOperations.children(store.appFolder("demo")) == ["1.0.0", "current"])
        _ = try BundleLoader.load(folder: try store.resolve("demo").folder)
    }

    @Test func concurrentInstallsOfDifferentVersionsAreSerialised() async throws {
        let tmp = TemporaryFolder()
        let key = BundleSigningKey.generate()
        let versions = ["1.0.0", "1.1.0", "1.2.0", "2.0.0"]
        for v in versions { try BundleFixtures.signedArchive(tmp.sub("\(v).zip"), key: key, version: v) }
        let store = AppStore(root: tmp.sub("store"))
        let installer = BundleInstaller(store: store, options: InstallOptions(trustedKeys: [key.publicKey]))
        let folder = tmp.path
        try await withThrowingTaskGroup(of: Void.self) { group in
            for v in versions { group.addTask { _ = try installer.install(archivePath: folder + "/\(v).zip") } }
            try await group.waitForAll()
        }
        let app = try #require(try store.list().first)
        #expect(Set(app.versions) == Set(versions))
        #expect(app.versions.count == versions.count) // each install saw its predecessor's commit: none lost
        #expect(StoreFileOperations.children(store.appFolder("demo")) == (versions + ["current"]).sorted())
    }

    /// Stops an install after each step without any cleanup, as SIGKILL would, and checks that the store's visible
    /// state is unchanged, then that the next install succeeds and removes the debris.
    @Test(arguments: InstallStep.allCases)
    func interruptedInstallLeavesTheStoreAsItWas(step: InstallStep) throws {
        let tmp = TemporaryFolder()
        let key = BundleSigningKey.generate()
        try BundleFixtures.signedArchive(tmp.sub("v1.zip"), key: key, version: "1.0.0")
        try BundleFixtures.signedArchive(tmp.sub("v2.zip"), key: key, version: "2.0.0")
        let store = AppStore(root: tmp.sub("store"))
        let installer = BundleInstaller(store: store, options: InstallOptions(trustedKeys: [key.publicKey]))
        _ = try installer.install(archivePath: tmp.sub("v1.zip"))
        let visibleBefore = try store.list()
        let pointerBefore = FileManager.default.contents(atPath: store.appFolder("demo") + "/current")

        var crashing = installer
        crashing.interruption = { $0 == step }
        do { _ = try crashing.install(archivePath: tmp.sub("v2.zip")); Issue.record("not interrupted") } catch {
            #expect(error.message.contains("simulated interruption"))
        }
        #expect(try store.list() == visibleBefore)
        #expect(try store.resolve("demo").version == "1.0.0")
        #expect(FileManager.default.contents(atPath: store.appFolder("demo") + "/current") == pointerBefore)
        _ = try BundleLoader.load(folder: try store.resolve("demo").folder)

        // The next install cleans up whatever the "crash" left and succeeds.
        let done = try installer.install(archivePath: tmp.sub("v2.zip"))
        #expect(done.previousVersion == "1.0.0")
        #expect(StoreFileOperations.children(store.stagingFolder).isEmpty)
        #expect(StoreFileOperations.children(store.appFolder("demo")) == ["1.0.0", "2.0.0", "current"])
    }

    @Test func interruptedFirstInstallLeavesNoApp() throws {
        let tmp = TemporaryFolder()
        let key = BundleSigningKey.generate()
        try BundleFixtures.signedArchive(tmp.sub("v1.zip"), key: key, version: "1.0.0")
        let store = AppStore(root: tmp.sub("store"))
        var crashing = BundleInstaller(store: store, options: InstallOptions(trustedKeys: [key.publicKey]))
        crashing.interruption = { $0 == .movedIntoPlace }
        #expect(throws: BundleError.self) { _ = try crashing.install(archivePath: tmp.sub("v1.zip")) }
        #expect(try store.list().isEmpty)
        #expect(throws: BundleError.self) { _ = try store.resolve("demo") }
        crashing.interruption = nil
        #expect(try crashing.install(archivePath: tmp.sub("v1.zip")).version == "1.0.0")
    }
}
