import Foundation
import TestSupport
import Testing

/// Channels, promotion and staged rollout through the built binary against the registry server on 127.0.0.1
/// (issue 32): `publish --channel`, `registry add --channel`, `termini promote`, `publish --rollout` and
/// `termini rollout`, with their bad input.
@Suite struct ChannelsAndRolloutTests {
    func registryCommand(_ setup: RegistrySetup, _ args: [String]) async throws -> BuiltBinaries.Result {
        try await BuiltBinaries.run("termini", args + ["--registry", setup.registry, "--key", setup.fixture.key + ".key"])
    }

    @Test func aBetaReleaseReachesBetaClientsUntilPromotedToStable() async throws {
        let setup = try await RegistrySetup.make(publishing: ["1.0.0"])
        #expect(try await setup.termini(["install", "hello"]).status == 0)
        let beta = try await registryCommand(setup, ["publish", setup.fixture.bundles["1.1.0"]!, "--channel", "beta"])
        #expect(beta.status == 0 && beta.stdout.contains("channel beta"), "\(beta)")
        #expect(try String(contentsOfFile: setup.registry + "/index.json", encoding: .utf8).contains(#""channel": "beta""#))

        // The stable client does not see it.
        let stable = try await setup.termini(["update", "hello"])
        #expect(stable.status == 0 && stable.stdout.contains("hello 1.0.0 is up to date"), "\(stable)")
        // A client that follows beta does.
        let testers = BuiltBinaries.temporaryFolder() + "/store"
        let added = try await BuiltBinaries.run("termini", ["registry", "add", "main", setup.server.url("r"), "--trust", setup.fixture.key + ".pub",
                                                            "--channel", "beta", "--store", testers])
        #expect(added.status == 0, "\(added.stderr)")
        #expect(try await BuiltBinaries.run("termini", ["registry", "list", "--store", testers]).stdout.contains("channel beta"))
        let betaInstall = try await BuiltBinaries.run("termini", ["install", "hello", "--store", testers])
        #expect(betaInstall.status == 0 && betaInstall.stdout.contains("installed hello 1.1.0"), "\(betaInstall)")

        // Promotion re-signs the index and leaves the archive as it was.
        let archive = setup.registry + "/apps/hello/1.1.0.zip"
        let bytes = FileManager.default.contents(atPath: archive)
        let modified = try FileManager.default.attributesOfItem(atPath: archive)[.modificationDate] as? Date
        let promoted = try await registryCommand(setup, ["promote", "hello", "1.1.0", "--from", "beta", "--to", "stable"])
        #expect(promoted.status == 0 && promoted.stdout.contains("promoted hello 1.1.0 from beta to stable"), "\(promoted)")
        #expect(FileManager.default.contents(atPath: archive) == bytes)
        #expect(try FileManager.default.attributesOfItem(atPath: archive)[.modificationDate] as? Date == modified, "not uploaded again")
        let nowStable = try await setup.termini(["update", "hello"])
        #expect(nowStable.status == 0 && nowStable.stdout.contains("updated hello 1.0.0 -> 1.1.0"), "\(nowStable)")
    }

    @Test func promotingAVersionThatDoesNotExistIsAClearErrorAndClientsKeepRunning() async throws {
        let setup = try await RegistrySetup.make(publishing: ["1.0.0"])
        #expect(try await setup.termini(["install", "hello"]).status == 0)
        let index = try String(contentsOfFile: setup.registry + "/index.json", encoding: .utf8)
        let missing = try await registryCommand(setup, ["promote", "hello", "9.9.9", "--from", "beta", "--to", "stable"])
        #expect(missing.status == 1 && missing.stderr.contains("hello 9.9.9 is not published (published: 1.0.0)"), "\(missing.stderr)")
        let wrongChannel = try await registryCommand(setup, ["promote", "hello", "1.0.0", "--from", "beta", "--to", "prod"])
        #expect(wrongChannel.status == 1 && wrongChannel.stderr.contains("hello 1.0.0 is on channel stable, not beta"), "\(wrongChannel.stderr)")
        let badName = try await registryCommand(setup, ["publish", setup.fixture.bundles["1.1.0"]!, "--channel", "Beta Testers"])
        #expect(badName.status == 1 && badName.stderr.contains("'Beta Testers' is not a channel name"), "\(badName.stderr)")
        let badClient = try await setup.termini(["registry", "add", "other", setup.server.url("r"), "--trust", setup.fixture.key + ".pub", "--channel", "x y"])
        #expect(badClient.status == 1 && badClient.stderr.contains("not a channel name"), "\(badClient.stderr)")
        #expect(try String(contentsOfFile: setup.registry + "/index.json", encoding: .utf8) == index, "the index is unchanged")
        let launch = try await setup.snapshot(events: "wait 4000\n")
        #expect(launch.status == 0 && launch.stdout.contains("Hello version 1.0.0"), "\(launch)")
    }

    @Test func aStagedRolloutHoldsTheVersionBackUntilItReachesThisInstall() async throws {
        let setup = try await RegistrySetup.make(publishing: ["1.0.0"])
        #expect(try await setup.termini(["install", "hello"]).status == 0)
        let staged = try await registryCommand(setup, ["publish", setup.fixture.bundles["1.1.0"]!, "--rollout", "0"])
        #expect(staged.status == 0 && staged.stdout.contains("rolled out to 0 % of installs"), "\(staged)")
        #expect(try String(contentsOfFile: setup.registry + "/index.json", encoding: .utf8).contains(#""rollout": 0"#))
        for _ in 0..<2 {
            let held = try await setup.termini(["update", "hello"])
            #expect(held.status == 0 && held.stdout.contains("hello 1.0.0 is up to date for this install: 1.1.0 is rolling out to 0 % of installs, not yet to this one"), "\(held)")
        }
        let launch = try await setup.snapshot(events: "wait 4000\n")
        #expect(launch.stderr.contains("1.1.0 is rolling out to 0 % of installs"), "\(launch.stderr)")
        let install = try await setup.termini(["install", "hello"])
        #expect(install.status == 1 && install.stderr.contains("--version 1.1.0 installs it now"), "\(install.stderr)")
        #expect(FileManager.default.fileExists(atPath: setup.store + "/install-id"), "the install's stable random id")

        // Bad percentages are refused clearly and change nothing.
        let index = try String(contentsOfFile: setup.registry + "/index.json", encoding: .utf8)
        for bad in ["150", "-1"] {
            let r = try await registryCommand(setup, ["rollout", "hello", "1.1.0", bad])
            #expect(r.status == 1 && r.stderr.contains("must be a whole percentage from 0 to 100, got \(bad)"), "\(bad): \(r.stderr)")
            let p = try await registryCommand(setup, ["publish", setup.fixture.bundles["1.2.0"]!, "--rollout", bad])
            #expect(p.status == 1 && p.stderr.contains("--rollout: must be a whole percentage from 0 to 100, got \(bad)"), "\(bad): \(p.stderr)")
        }
        let words = try await registryCommand(setup, ["rollout", "hello", "1.1.0", "half"])
        #expect(words.status == 1 && words.stderr.contains("got 'half'"), "\(words.stderr)")
        #expect(try String(contentsOfFile: setup.registry + "/index.json", encoding: .utf8) == index)

        // 100 % reaches everyone.
        let full = try await registryCommand(setup, ["rollout", "hello", "1.1.0", "100"])
        #expect(full.status == 0 && full.stdout.contains("now rolls out to 100 % of installs"), "\(full)")
        let updated = try await setup.termini(["update", "hello"])
        #expect(updated.status == 0 && updated.stdout.contains("updated hello 1.0.0 -> 1.1.0"), "\(updated)")
    }

    @Test func aRolloutEditedInTheServedIndexWithoutReSigningIsIgnored() async throws {
        let setup = try await RegistrySetup.make(publishing: ["1.0.0"])
        #expect(try await setup.termini(["install", "hello"]).status == 0)
        #expect(try await registryCommand(setup, ["publish", setup.fixture.bundles["1.1.0"]!, "--rollout", "0"]).status == 0)
        let before = setup.appsState
        let indexPath = setup.registry + "/index.json"
        let index = try String(contentsOfFile: indexPath, encoding: .utf8)
        try index.replacingOccurrences(of: #""rollout": 0"#, with: #""rollout": 100"#).write(toFile: indexPath, atomically: true, encoding: .utf8)
        #expect(try String(contentsOfFile: indexPath, encoding: .utf8) != index)
        let update = try await setup.termini(["update", "hello"])
        #expect(update.status == 1 && update.stderr.contains("the signature does not match index.json"), "\(update.stderr)")
        let launch = try await setup.snapshot(events: "wait 4000\n")
        #expect(launch.status == 0 && launch.stdout.contains("Hello version 1.0.0"), "\(launch)")
        #expect(launch.stderr.contains("[warn] update check of hello: index ignored"), "\(launch.stderr)")
        #expect(setup.appsState == before)
    }
}
