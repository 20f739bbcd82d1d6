import Foundation
import TestSupport
import Testing
@testable import TerminiRuntime

/// Launch targets: `minigame://` parsing, resolution through the store, and the rollback of a version whose
/// templates cannot be loaded on its first launch.
@Suite struct LaunchPreparerTests {
    @Test func urlsCarryIdPageAndDecodedQuery() throws {
        #expect(try LaunchTarget.parse("minigame://todo/detail?id=3&name=a%20b&flag")
                == .installed(id: "todo", page: "detail", query: ["id": "3", "name": "a b", "flag": ""]))
        #expect(try LaunchTarget.parse("minigame://todo") == .installed(id: "todo", page: nil, query: [:]))
        #expect(try LaunchTarget.parse("MINIGAME://todo/?x=1+2") == .installed(id: "todo", page: nil, query: ["x": "1 2"]))
        #expect(try LaunchTarget.parse("Templates/todo") == .folder(path: "Templates/todo"))
    }

    @Test func malformedUrlsAreClearErrors() {
        #expect(throws: LaunchError.self) { try LaunchTarget.parse("minigame://") }
        #expect(throws: LaunchError.self) { try LaunchTarget.parse("minigame://../x") }
        #expect(throws: LaunchError.self) { try LaunchTarget.parse("minigame://a/b/c") }
        do {
            _ = try LaunchTarget.parse("minigame://9lives")
            Issue.record("an id starting with a digit was accepted")
        } catch {
            #expect(error.description.contains("'9lives' is not a valid app id"))
        }
    }

    /// The launcher `termini` decides by this whether to hand a run to `termini-tools`: only a folder that
    /// `BundleResolver.load` would give the project loader needs one.
    @Test func onlyAProjectFolderThatIsNoBundleNeedsTheProjectLoader() throws {
        let tmp = TemporaryFolder()
        let fm = FileManager.default
        for name in ["project", "bundle", "both"] { try fm.createDirectory(atPath: tmp.sub(name), withIntermediateDirectories: true) }
        for file in ["project/app.json", "bundle/manifest.json", "both/app.json", "both/manifest.json"] {
            #expect(fm.createFile(atPath: tmp.sub(file), contents: Data("{}".utf8)))
        }
        #expect(LaunchPreparer.needsProjectLoader(tmp.sub("project")))
        #expect(!LaunchPreparer.needsProjectLoader(tmp.sub("bundle")))
        #expect(!LaunchPreparer.needsProjectLoader(tmp.sub("both")), "manifest.json makes it a bundle folder")
        #expect(!LaunchPreparer.needsProjectLoader(tmp.sub("missing")))
        #expect(!LaunchPreparer.needsProjectLoader("minigame://project"))
        #expect(!LaunchPreparer.needsProjectLoader("minigame://"), "a bad URL is the launcher's own error to print")
    }

    func installTwoVersions(_ tmp: TemporaryFolder) throws -> AppStore {
        let store = AppStore(root: tmp.sub("store"))
        let installer = BundleInstaller(store: store, options: InstallOptions(skipSignatureCheck: true))
        for version in ["1.0.0", "1.1.0"] {
            let project = try BundleFixtures.makeProject(in: tmp, name: "p\(version)", version: version)
            _ = try BundleFixtures.pack(project, to: tmp.sub("\(version).zip"), key: nil)
            _ = try installer.install(archivePath: tmp.sub("\(version).zip"))
        }
        return store
    }

    @Test func installedAppResolvesWithProbationUntilConfirmed() throws {
        let tmp = TemporaryFolder()
        let store = try installTwoVersions(tmp)
        let launch = try LaunchPreparer(store: store).prepare("minigame://demo/index?k=v", query: ["extra": "1"])
        #expect(launch.bundle.manifest.version == "1.1.0")
        #expect(launch.page == "index" && launch.query == ["k": "v", "extra": "1"])
        let probation = try #require(launch.probation)
        probation.succeed()
        #expect(try store.resolve("demo").launchConfirmed)
        #expect(try LaunchPreparer(store: store).prepare("minigame://demo").probation == nil)
    }

    @Test func unknownPageNamesTheAppsPages() throws {
        let tmp = TemporaryFolder()
        let store = try installTwoVersions(tmp)
        #expect(throws: LaunchError("app 'demo' has no page 'nope' (its pages: index)")) {
            try LaunchPreparer(store: store).prepare("minigame://demo/nope")
        }
    }

    @Test func invalidTemplateOnFirstLaunchRollsBack() throws {
        let tmp = TemporaryFolder()
        let store = try installTwoVersions(tmp)
        // The new version's template is unreadable (as a bad build or a damaged disk would leave it).
        try "{\"format\":".write(toFile: store.versionFolder("demo", "1.1.0") + "/pages/index.json", atomically: true, encoding: .utf8)
        do {
            _ = try LaunchPreparer(store: store).prepare("minigame://demo")
            Issue.record("a broken template launched")
        } catch {
            #expect(error.description.contains("demo 1.1.0 failed its first launch"), "\(error)")
            #expect(error.description.contains("pages/index.json"), "\(error)")
            #expect(error.description.contains("rolled back to 1.0.0"), "\(error)")
        }
        #expect(try store.resolve("demo").version == "1.0.0")
        #expect(try LaunchPreparer(store: store).prepare("minigame://demo").bundle.manifest.version == "1.0.0")
    }

    @Test func confirmedVersionIsNotRolledBackByALaterFailure() throws {
        let tmp = TemporaryFolder()
        let store = try installTwoVersions(tmp)
        try store.markLaunchSucceeded("demo", version: "1.1.0")
        try "{".write(toFile: store.versionFolder("demo", "1.1.0") + "/pages/index.json", atomically: true, encoding: .utf8)
        #expect(throws: LaunchError.self) { try LaunchPreparer(store: store).prepare("minigame://demo") }
        #expect(try store.resolve("demo").version == "1.1.0")
    }
}
