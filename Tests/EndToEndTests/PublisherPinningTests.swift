import Foundation
import TestSupport
import Testing

/// Publisher keys through the built binary (issue 32): an installed app is pinned to the key that signed its first
/// install, an update signed by another trusted key is refused naming both key ids until the old key signs a
/// rotation (`termini rotate-key`), and a `--dev` run of an archive with an installed app's id gets its own storage.
@Suite struct PublisherPinningTests {
    /// The fingerprint `termini` prints for a `.pub` file: the first 8 bytes of the SHA-256 of the raw key, in hex.
    func fingerprint(_ pub: String) async throws -> String {
        let r = try await BuiltBinaries.run("/usr/bin/env", ["python3", "-c", """
            import base64, hashlib, sys
            raw = base64.b64decode(open(sys.argv[1]).read().split()[1])
            print(hashlib.sha256(raw).hexdigest()[:16])
            """, pub])
        return r.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @Test func anUpdateSignedByAnotherPublisherIsRefusedUntilTheOldKeyRotatesToIt() async throws {
        let setup = try await RegistrySetup.make(publishing: ["1.0.0"])
        let (reg, other) = (setup.fixture.key, setup.fixture.otherKey)
        // The client trusts both keys for this registry: trust alone must not let one publisher replace the other's app.
        #expect(try await setup.termini(["registry", "remove", "main"]).status == 0)
        #expect(try await setup.termini(["registry", "add", "main", setup.server.url("r"), "--trust", reg + ".pub", "--trust", other + ".pub"]).status == 0)
        #expect(try await setup.termini(["install", "hello"]).status == 0)
        let published = try await BuiltBinaries.run("termini", ["publish", setup.fixture.other110, "--registry", setup.registry,
                                                                "--key", reg + ".key", "--trust", other + ".pub"])
        #expect(published.status == 0, "\(published.stderr)")

        let before = setup.appsState
        let (regId, otherId) = (try await fingerprint(reg + ".pub"), try await fingerprint(other + ".pub"))
        let refused = try await setup.termini(["update", "hello"])
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("hello is pinned to publisher key \(regId), which signed its first install, but this bundle is signed by key \(otherId); refused"), "\(refused.stderr)")
        #expect(setup.appsState == before, "the store is unchanged")
        let launch = try await setup.snapshot(events: "wait 4000\n")
        #expect(launch.status == 0 && launch.stdout.contains("Hello version 1.0.0"), "\(launch)")
        #expect(launch.stderr.contains("pinned to publisher key \(regId)"), "the background check says why: \(launch.stderr)")

        // The old key hands over to the new one; the index is re-signed and the update goes through.
        let rotated = try await BuiltBinaries.run("termini", ["rotate-key", "--registry", setup.registry, "--key", reg + ".key", "--new", other + ".pub"])
        #expect(rotated.status == 0 && rotated.stdout.contains("rotated \(regId) -> \(otherId)"), "\(rotated)")
        let again = try await BuiltBinaries.run("termini", ["rotate-key", "--registry", setup.registry, "--key", reg + ".key", "--new", other + ".pub"])
        #expect(again.status == 0 && again.stdout.contains("nothing changed"), "\(again)")
        let updated = try await setup.termini(["update", "hello"])
        #expect(updated.status == 0 && updated.stdout.contains("updated hello 1.0.0 -> 1.1.0"), "\(updated)")
        #expect(try String(contentsOfFile: setup.store + "/apps/hello/current", encoding: .utf8).contains(
            try String(contentsOfFile: other + ".pub", encoding: .utf8).split(separator: "\n")[1]), "now pinned to the new key")
    }

    @Test func aRotationEditedInTheServedIndexIsIgnoredAndTheAppKeepsRunning() async throws {
        let setup = try await RegistrySetup.make(publishing: ["1.0.0"])
        #expect(try await setup.termini(["install", "hello"]).status == 0)
        let rotated = try await BuiltBinaries.run("termini", ["rotate-key", "--registry", setup.registry, "--key", setup.fixture.key + ".key",
                                                             "--new", setup.fixture.otherKey + ".pub"])
        #expect(rotated.status == 0, "\(rotated.stderr)")
        // Someone with write access to the server points the rotation elsewhere without the keys.
        let indexPath = setup.registry + "/index.json"
        let index = try String(contentsOfFile: indexPath, encoding: .utf8)
        let newKey = try String(contentsOfFile: setup.fixture.otherKey + ".pub", encoding: .utf8).split(separator: "\n")[1]
        let regKey = try String(contentsOfFile: setup.fixture.key + ".pub", encoding: .utf8).split(separator: "\n")[1]
        try index.replacingOccurrences(of: "\"to\": \"\(newKey)\"", with: "\"to\": \"\(regKey)\"").write(toFile: indexPath, atomically: true, encoding: .utf8)
        #expect(try String(contentsOfFile: indexPath, encoding: .utf8) != index, "the index was edited")
        let update = try await setup.termini(["update", "hello"])
        #expect(update.status == 1 && update.stderr.contains("failed at checking the index"), "\(update.stderr)")
        #expect(update.stderr.contains("the signature does not match index.json"), "\(update.stderr)")
        let launch = try await setup.snapshot(events: "wait 4000\n")
        #expect(launch.status == 0 && launch.stdout.contains("Hello version 1.0.0"), "\(launch)")
        #expect(launch.stderr.contains("[warn] update check of hello: index ignored"), "\(launch.stderr)")
    }

    @Test func aDevRunOfAnArchiveWithAnInstalledAppsIdGetsItsOwnStorage() async throws {
        func zip(_ owner: String) async throws -> String {
            let project = try BuiltBinaries.project(id: "secrets", pages: ["index": """
                import TerminiDSL

                let index = Page("index", title: "Secrets") { Text("{{seen}}") }
                """], script: """
                Page('index', {
                  data: { seen: '' },
                  onLoad() {
                    const before = getStorageSync('owner')
                    this.setData({ seen: 'owner: ' + (before || 'none') })
                    if (!before) setStorageSync('owner', '\(owner)')
                  },
                })
                """, permissions: ["storage"])
            let out = BuiltBinaries.temporaryFolder() + "/secrets.zip"
            let r = try await BuiltBinaries.run("termini", ["pack", project, "--out", out])
            guard r.status == 0 else { throw TestSupportError("pack: \(r.stderr)") }
            return out
        }
        let store = BuiltBinaries.temporaryFolder() + "/store"
        let installed = try await zip("installed")
        let stranger = try await zip("stranger")
        #expect(try await BuiltBinaries.run("termini", ["install", installed, "--dev", "--store", store]).status == 0)
        func run(_ target: String) async throws -> String {
            let r = try await BuiltBinaries.snapshot(target, size: "30x4", extra: ["--store", store] + (target.hasSuffix(".zip") ? ["--dev"] : []))
            #expect(r.status == 0, "\(r.stderr)")
            return r.stdout
        }
        #expect(try await run("minigame://secrets").contains("owner: none"))
        #expect(try await run("minigame://secrets").contains("owner: installed"))
        // The unchecked archive claims the same id: it sees none of the installed app's storage...
        #expect(try await run(stranger).contains("owner: none"))
        // ...leaves it alone...
        #expect(try await run("minigame://secrets").contains("owner: installed"))
        // ...and keeps its own.
        #expect(try await run(stranger).contains("owner: stranger"))
    }
}
