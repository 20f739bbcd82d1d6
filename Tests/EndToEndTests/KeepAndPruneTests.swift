import Foundation
import TestSupport
import Testing

/// `termini keep` and pruning through the built binary (issue 32): after a successful launch the store holds the
/// current version, the one before and the kept ones, and `termini list` shows the disk each app uses.
@Suite struct KeepAndPruneTests {
    @Test func oldVersionsArePrunedAfterASuccessfulLaunchExceptKeptOnes() async throws {
        let setup = try await RegistrySetup.make(publishing: ["1.0.0", "1.1.0", "1.2.0"])
        // A second store of the same registry keeps 1.0.0 before the later installs.
        let keeping = BuiltBinaries.temporaryFolder() + "/store"
        #expect(try await BuiltBinaries.run("termini", ["registry", "add", "main", setup.server.url("r"), "--trust", setup.fixture.key + ".pub",
                                                        "--store", keeping]).status == 0)
        for version in ["1.0.0", "1.1.0", "1.2.0"] {
            for store in [setup.store, keeping] {
                let r = try await BuiltBinaries.run("termini", ["install", "hello", "--version", version, "--store", store])
                #expect(r.status == 0, "\(r.stderr)")
            }
            if version == "1.0.0" {
                let keep = try await BuiltBinaries.run("termini", ["keep", "hello", "1.0.0", "--store", keeping])
                #expect(keep.status == 0 && keep.stdout.contains("keeping hello 1.0.0"), "\(keep)")
            }
        }
        let missing = try await setup.termini(["keep", "hello", "3.0.0"])
        #expect(missing.status == 1 && missing.stderr.contains("hello 3.0.0 is not installed (installed: 1.0.0, 1.1.0, 1.2.0)"), "\(missing.stderr)")

        // Installing prunes nothing; the first successful launch of 1.2.0 does.
        #expect(try await setup.list().contains("    1.0.0"))
        for store in [setup.store, keeping] {
            let run = try await BuiltBinaries.snapshot("minigame://hello", size: "40x6", extra: ["--store", store])
            #expect(run.status == 0 && run.stdout.contains("Hello version 1.2.0"), "\(run)")
        }
        let pruned = try await setup.list()
        #expect(pruned.contains("* 1.2.0  (current)") && pruned.contains("    1.1.0") && !pruned.contains("1.0.0"), "\(pruned)")
        #expect(!FileManager.default.fileExists(atPath: setup.store + "/apps/hello/1.0.0"))
        let kept = try await BuiltBinaries.run("termini", ["list", "--store", keeping])
        #expect(kept.stdout.contains("    1.1.0") && kept.stdout.contains("    1.0.0  (kept)"), "\(kept.stdout)")
        // The disk each app uses, on its line.
        let header = try #require(pruned.split(separator: "\n").first)
        #expect(header.hasPrefix("hello  (") && header.hasSuffix(" KB on disk)"), "\(header)")
        let released = try await BuiltBinaries.run("termini", ["keep", "hello", "1.0.0", "--release", "--store", keeping])
        #expect(released.status == 0 && released.stdout.contains("no longer keeping hello 1.0.0"), "\(released)")
    }
}
