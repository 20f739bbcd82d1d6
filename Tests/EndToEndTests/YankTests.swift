import Foundation
import TestSupport
import Testing

/// Pulling a release (issue 32): `termini yank` marks a version withdrawn in the signed index; a client running it
/// goes back to the newest version that is not withdrawn at its next launch, `App.onUpdateReady` hears
/// `{reason: "withdrawn"}`, and nothing installs it again. Against the registry server on 127.0.0.1.
@Suite struct YankTests {
    func yank(_ setup: RegistrySetup, _ id: String, _ version: String) async throws -> BuiltBinaries.Result {
        try await BuiltBinaries.run("termini", ["yank", id, version, "--registry", setup.registry, "--key", setup.fixture.key + ".key"])
    }

    @Test func aClientRunningAWithdrawnVersionGoesBackToTheKeptOneAndNeverReinstallsIt() async throws {
        let setup = try await RegistrySetup.make(publishing: ["1.0.0"])
        #expect(try await setup.termini(["install", "hello"]).status == 0)
        try await setup.publish("1.1.0")
        #expect(try await setup.termini(["update", "hello"]).status == 0)
        #expect(try await setup.snapshot().stdout.contains("Hello version 1.1.0"))

        let yanked = try await yank(setup, "hello", "1.1.0")
        #expect(yanked.status == 0 && yanked.stdout.contains("withdrew hello 1.1.0"), "\(yanked)")
        #expect(try String(contentsOfFile: setup.registry + "/index.json", encoding: .utf8).contains(#""withdrawn": true"#))
        #expect(FileManager.default.fileExists(atPath: setup.registry + "/apps/hello/1.1.0.zip"), "the archive stays")

        // This launch still runs 1.1.0; its check makes 1.0.0 current for the next one and the app hears why.
        let during = try await setup.snapshot(events: "wait 4000\n")
        #expect(during.stdout.contains("Hello version 1.1.0"), "\(during.stdout)")
        #expect(during.stdout.contains("update ready: 1.0.0 (withdrawn)"), "\(during.stdout)")
        #expect(during.stderr.contains("[update] hello 1.1.0 was withdrawn by its publisher; the next launch runs 1.0.0"), "\(during.stderr)")
        var list = try await setup.list()
        #expect(list.contains("* 1.0.0  (current)") && !list.contains("1.1.0"), "\(list)")

        let next = try await setup.snapshot(events: "wait 4000\n")
        #expect(next.stdout.contains("Hello version 1.0.0") && next.stdout.contains("no update"), "\(next.stdout)")
        #expect(next.stderr.contains("[update] hello 1.0.0 is up to date"), "never reinstalled: \(next.stderr)")
        let update = try await setup.termini(["update"])
        #expect(update.status == 0 && update.stdout.contains("hello 1.0.0 is up to date"), "\(update)")
        let refused = try await setup.termini(["install", "hello", "--version", "1.1.0"])
        #expect(refused.status == 1 && refused.stderr.contains("hello 1.1.0 was withdrawn by its publisher and is not installed"), "\(refused.stderr)")
        list = try await setup.list()
        #expect(list.contains("* 1.0.0  (current)") && !list.contains("1.1.0"), "\(list)")

        // A newer, fixed version is installed as usual; yanking again changes nothing.
        try await setup.publish("1.2.0")
        let fixed = try await setup.termini(["update", "hello"])
        #expect(fixed.status == 0 && fixed.stdout.contains("updated hello 1.0.0 -> 1.2.0"), "\(fixed)")
        let again = try await yank(setup, "hello", "1.1.0")
        #expect(again.status == 0 && again.stdout.contains("already withdrawn"), "\(again)")
    }

    @Test func aWithdrawnVersionWithNothingKeptGoesBackByDownloadingTheOlderOne() async throws {
        let setup = try await RegistrySetup.make(publishing: ["1.0.0", "1.1.0"])
        #expect(try await setup.termini(["install", "hello"]).status == 0)
        #expect(try await setup.list().contains("* 1.1.0"))
        #expect(try await yank(setup, "hello", "1.1.0").status == 0)
        let update = try await setup.termini(["update", "hello"])
        #expect(update.status == 0, "\(update.stderr)")
        #expect(update.stdout.contains("hello 1.1.0 was withdrawn by its publisher; the next launch runs 1.0.0 (1.1.0 was removed)"), "\(update.stdout)")
        let list = try await setup.list()
        #expect(list.contains("* 1.0.0  (current, not launched yet)") && !list.contains("1.1.0"), "\(list)")
        #expect(try await setup.snapshot().stdout.contains("Hello version 1.0.0"))
        // A fresh install takes the newest version that is not withdrawn.
        let fresh = BuiltBinaries.temporaryFolder() + "/store"
        #expect(try await BuiltBinaries.run("termini", ["registry", "add", "main", setup.server.url("r"), "--trust", setup.fixture.key + ".pub", "--store", fresh]).status == 0)
        let install = try await BuiltBinaries.run("termini", ["install", "hello", "--store", fresh])
        #expect(install.status == 0 && install.stdout.contains("installed hello 1.0.0"), "\(install)")
    }

    @Test func aYankEditedIntoTheServedIndexWithoutReSigningIsIgnored() async throws {
        let setup = try await RegistrySetup.make(publishing: ["1.0.0", "1.1.0"])
        #expect(try await setup.termini(["install", "hello"]).status == 0)
        let before = setup.appsState
        let indexPath = setup.registry + "/index.json"
        let index = try String(contentsOfFile: indexPath, encoding: .utf8)
        try index.replacingOccurrences(of: #""path": "apps/hello/1.1.0.zip","#, with: #""path": "apps/hello/1.1.0.zip", "withdrawn": true,"#)
            .write(toFile: indexPath, atomically: true, encoding: .utf8)
        #expect(try String(contentsOfFile: indexPath, encoding: .utf8).contains("withdrawn"), "the index was edited")
        let update = try await setup.termini(["update", "hello"])
        #expect(update.status == 1, "\(update)")
        #expect(update.stderr.contains("failed at checking the index") && update.stderr.contains("the signature does not match index.json"), "\(update.stderr)")
        let launch = try await setup.snapshot(events: "wait 4000\n")
        #expect(launch.status == 0 && launch.stdout.contains("Hello version 1.1.0") && launch.stdout.contains("no update"), "\(launch)")
        #expect(launch.stderr.contains("[warn] update check of hello: index ignored"), "\(launch.stderr)")
        #expect(setup.appsState == before, "the client keeps the current version")
    }

    @Test func yankingSomethingNotPublishedIsAClearErrorAndChangesNothing() async throws {
        let setup = try await RegistrySetup.make(publishing: ["1.0.0"])
        let index = try String(contentsOfFile: setup.registry + "/index.json", encoding: .utf8)
        let version = try await yank(setup, "hello", "9.9.9")
        #expect(version.status == 1 && version.stderr.contains("hello 9.9.9 is not published (published: 1.0.0)"), "\(version.stderr)")
        let app = try await yank(setup, "nope", "1.0.0")
        #expect(app.status == 1 && app.stderr.contains("no app 'nope' is published"), "\(app.stderr)")
        let empty = try await BuiltBinaries.run("termini", ["yank", "hello", "1.0.0", "--registry", BuiltBinaries.temporaryFolder(), "--key", setup.fixture.key + ".key"])
        #expect(empty.status == 1 && empty.stderr.contains("nothing is published"), "\(empty.stderr)")
        #expect(try String(contentsOfFile: setup.registry + "/index.json", encoding: .utf8) == index)
    }
}
