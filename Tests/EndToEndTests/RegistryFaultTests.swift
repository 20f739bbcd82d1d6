import Foundation
import TestSupport
import Testing

/// The faults of docs/DISTRIBUTION.md, each against a real HTTP server process on 127.0.0.1: the installed version
/// keeps running, nothing bad is installed, the store is unchanged, and `termini update` names the failing step.
@Suite struct RegistryFaultTests {
    /// A store with hello 1.0.0 installed from registry `main`, and 1.1.0 published after it.
    func installedWithUpdate() async throws -> RegistrySetup {
        let setup = try await RegistrySetup.make(publishing: ["1.0.0"])
        let install = try await setup.termini(["install", "hello"])
        guard install.status == 0 else { throw TestSupportError("install: \(install.stderr)") }
        try await setup.publish("1.1.0")
        return setup
    }

    @Test func registryDownDNSFailureAndTimeoutKeepTheInstalledVersionRunning() async throws {
        let setup = try await installedWithUpdate()
        // Timeout: the server accepts and never answers.
        try setup.server.setFaults(#"{"/r/index.json": {"mode": "hang"}}"#)
        // What starting `termini` costs on this machine now: a loaded machine takes seconds before the request.
        var started = Date()
        _ = try await setup.termini(["list"])
        let start = Date().timeIntervalSince(started)
        started = Date()
        let slow = try await setup.termini(["update", "hello", "--timeout", "2"])
        #expect(slow.status == 1)
        #expect(slow.stderr.contains("update of hello failed at fetching from the registry: 127.0.0.1:\(setup.server.port): timed out after 2 s"), "\(slow.stderr)")
        let took = Date().timeIntervalSince(started)
        // Loose for a loaded machine, still far under the 30 s a default timeout would take.
        #expect(took - start < 15, "the 2 s timeout took \(took) s, against \(start) s to start and list")
        let hanging = try await setup.snapshot()
        #expect(hanging.status == 0 && hanging.stdout.contains("Hello version 1.0.0"), "\(hanging)")

        // Down: nothing listens any more.
        setup.server.stop()
        let down = try await setup.snapshot(events: "wait 500\n")
        #expect(down.status == 0)
        #expect(down.stdout.contains("Hello version 1.0.0") && !down.stdout.contains("Error"), "no error screen: \(down.stdout)")
        #expect(down.stderr.contains("[update] update check of hello failed; running the installed version"), "\(down.stderr)")
        let update = try await setup.termini(["update", "hello"])
        #expect(update.status == 1)
        #expect(update.stderr.contains("update of hello failed at fetching from the registry: 127.0.0.1:\(setup.server.port): could not connect: connection refused"), "\(update.stderr)")

        // DNS: the registry's host does not resolve.
        #expect(try await setup.termini(["registry", "remove", "main"]).status == 0)
        #expect(try await setup.termini(["registry", "add", "main", "http://no-such-host.invalid/r/", "--trust", setup.fixture.key + ".pub"]).status == 0)
        let dns = try await setup.termini(["update", "hello", "--timeout", "5"])
        #expect(dns.status == 1)
        #expect(dns.stderr.contains("no-such-host.invalid: could not resolve the host name (DNS)"), "\(dns.stderr)")
        #expect(try await setup.snapshot().stdout.contains("Hello version 1.0.0"))
        #expect(try await setup.list().contains("* 1.0.0  (current"))
    }

    @Test func anAlteredOrUntrustedIndexIsIgnoredWithAWarning() async throws {
        let setup = try await installedWithUpdate()
        let before = setup.appsState
        // Altered: one byte more in index.json than was signed.
        let index = setup.registry + "/index.json"
        let signed = try Data(contentsOf: URL(fileURLWithPath: index))
        try (signed + Data(" ".utf8)).write(to: URL(fileURLWithPath: index))
        let altered = try await setup.termini(["update", "hello"])
        #expect(altered.status == 1)
        #expect(altered.stderr.contains("failed at checking the index") && altered.stderr.contains("the signature does not match index.json"), "\(altered.stderr)")
        // The check runs in the background: 4 s is room for it on a loaded machine (1 s was not, once).
        let run = try await setup.snapshot(events: "wait 4000\n")
        #expect(run.stdout.contains("Hello version 1.0.0"))
        #expect(run.stderr.contains("[warn] update check of hello: index ignored"), "\(run.stderr)")
        #expect(setup.appsState == before, "nothing installed")

        // Untrusted: a registry whose index another key signed.
        let other = try await BuiltBinaries.run("termini", ["publish", setup.fixture.other110, "--registry", setup.served + "/u",
                                                            "--key", setup.fixture.otherKey + ".key"])
        #expect(other.status == 0, "\(other.stderr)")
        #expect(try await setup.termini(["registry", "remove", "main"]).status == 0)
        #expect(try await setup.termini(["registry", "add", "main", setup.server.url("u"), "--trust", setup.fixture.key + ".pub"]).status == 0)
        let untrusted = try await setup.termini(["update", "hello"])
        #expect(untrusted.status == 1)
        #expect(untrusted.stderr.contains("which this registry is not trusted with"), "\(untrusted.stderr)")
        let warned = try await setup.snapshot(events: "wait 4000\n")
        #expect(warned.stderr.contains("[warn] update check of hello: index ignored"), "\(warned.stderr)")
        #expect(setup.appsState == before, "nothing installed")
    }

    @Test func anArchiveThatDoesNotMatchTheIndexIsRefused() async throws {
        let setup = try await installedWithUpdate()
        let before = setup.appsState
        // Size: the server sends another archive.
        try setup.server.setFaults(#"{"/r/apps/hello/1.1.0.zip": {"mode": "replace", "file": "\#(setup.fixture.bundles["1.2.0"]!)"}}"#)
        let size = try await setup.termini(["update", "hello"])
        #expect(size.status == 1)
        // Another version's archive may happen to have the same size (the two differ only in a version string of
        // equal length, and zip timestamps move the compressed size either way): then the hash refuses it instead.
        #expect(size.stderr.contains("failed at") && (size.stderr.contains("but the index says") || size.stderr.contains("response cut off")
            || size.stderr.contains("does not match the index")), "\(size.stderr)")
        #expect(setup.appsState == before)

        // SHA-256: one byte of the published archive is changed, its size is not.
        try setup.server.setFaults("{}")
        let archive = setup.registry + "/apps/hello/1.1.0.zip"
        var bytes = try Data(contentsOf: URL(fileURLWithPath: archive))
        let original = bytes
        bytes[bytes.count / 2] ^= 0xff
        try bytes.write(to: URL(fileURLWithPath: archive))
        let tampered = try await setup.termini(["update", "hello"])
        #expect(tampered.status == 1)
        #expect(tampered.stderr.contains("failed at checking the download") && tampered.stderr.contains("does not match the index"), "\(tampered.stderr)")
        let run = try await setup.snapshot()
        #expect(run.stdout.contains("Hello version 1.0.0"))
        #expect(setup.appsState == before, "store unchanged")

        try original.write(to: URL(fileURLWithPath: archive))
        let fixed = try await setup.termini(["update", "hello"])
        #expect(fixed.status == 0 && fixed.stdout.contains("updated hello 1.0.0 -> 1.1.0"), "\(fixed)")
    }

    @Test func aCutDownloadOrAKilledProcessLeavesTheStoreUnchangedAndTheNextLaunchRetries() async throws {
        let setup = try await installedWithUpdate()
        let before = setup.appsState
        try setup.server.setFaults(#"{"/r/apps/hello/1.1.0.zip": {"mode": "cut"}}"#)
        let cut = try await setup.termini(["update", "hello"])
        #expect(cut.status == 1)
        #expect(cut.stderr.contains("failed at fetching from the registry: 127.0.0.1:\(setup.server.port): the connection closed after"), "\(cut.stderr)")
        #expect(setup.appsState == before)

        // Killed in the middle of a slow download.
        try setup.server.setFaults(#"{"/r/apps/hello/1.1.0.zip": {"mode": "trickle", "seconds": 30}}"#)
        let child = try ChildProcess(BuiltBinaries.path("termini"), ["update", "hello", "--store", setup.store], stdout: .null, stderr: .null)
        let downloads = setup.store + "/downloads"
        func partialBytes() -> Int {
            (FileManager.default.subpaths(atPath: downloads) ?? []).reduce(0) { sum, name in
                sum + ((try? FileManager.default.attributesOfItem(atPath: downloads + "/" + name)[.size] as? Int) ?? 0)
            }
        }
        let deadline = Date().addingTimeInterval(20)
        while partialBytes() == 0 && Date() < deadline { try await Task.sleep(for: .milliseconds(50)) }
        #expect(partialBytes() > 0, "the download had started")
        child.kill(SIGKILL)
        #expect(await child.wait(timeout: 10) == .signalled(SIGKILL))
        #expect(setup.appsState == before, "store unchanged")
        #expect(try await setup.list().contains("* 1.0.0  (current"))

        try setup.server.setFaults("{}")
        let next = try await setup.snapshot(events: "wait 4000\n")
        #expect(next.stdout.contains("Hello version 1.0.0"))
        #expect(next.stderr.contains("[update] hello 1.1.0 installed"), "the next launch retried: \(next.stderr)")
        #expect(partialBytes() == 0, "the killed process's partial file is gone")
    }

    @Test func redirectsStayOnTheRegistryHostUnlessAllowed() async throws {
        let setup = try await installedWithUpdate()
        let before = setup.appsState
        let port = setup.server.port
        try setup.server.setFaults(#"{"/r/index.json": {"mode": "redirect", "location": "http://localhost:\#(port)/r/index.json"}}"#)
        let away = try await setup.termini(["update", "hello"])
        #expect(away.status == 1)
        #expect(away.stderr.contains("redirect to http://localhost refused"), "\(away.stderr)")
        #expect(setup.appsState == before)

        // Within the registry's own host it is followed.
        try FileManager.default.createDirectory(atPath: setup.served + "/moved", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: setup.registry + "/index.json", toPath: setup.served + "/moved/index.json")
        try setup.server.setFaults(#"{"/r/index.json": {"mode": "redirect", "location": "http://127.0.0.1:\#(port)/moved/index.json"}}"#)
        let same = try await setup.termini(["update", "hello"])
        #expect(same.status == 0 && same.stdout.contains("updated hello 1.0.0 -> 1.1.0"), "\(same)")

        // Another host once it is allowed.
        try await setup.publish("1.2.0")
        try FileManager.default.removeItem(atPath: setup.served + "/moved/index.json")
        try FileManager.default.copyItem(atPath: setup.registry + "/index.json", toPath: setup.served + "/moved/index.json")
        try setup.server.setFaults(#"{"/r/index.json": {"mode": "redirect", "location": "http://localhost:\#(port)/moved/index.json"}}"#)
        #expect(try await setup.termini(["registry", "remove", "main"]).status == 0)
        #expect(try await setup.termini(["registry", "add", "main", setup.server.url("r"), "--trust", setup.fixture.key + ".pub",
                                         "--allow-redirect-host", "localhost"]).status == 0)
        let allowed = try await setup.termini(["update", "hello"])
        #expect(allowed.status == 0 && allowed.stdout.contains("updated hello 1.1.0 -> 1.2.0"), "\(allowed)")
    }

    @Test func hugeAndEndlessResponsesAreCut() async throws {
        let setup = try await installedWithUpdate()
        let before = setup.appsState
        let size = try FileManager.default.attributesOfItem(atPath: setup.fixture.bundles["1.1.0"]!)[.size] as! Int
        try setup.server.setFaults(#"{"/r/apps/hello/1.1.0.zip": {"mode": "endless"}}"#)
        let endless = try await setup.termini(["update", "hello"])
        #expect(endless.status == 1)
        #expect(endless.stderr.contains("response cut off at \(size + 65536) bytes"), "\(endless.stderr)")
        try setup.server.setFaults(#"{"/r/apps/hello/1.1.0.zip": {"mode": "huge"}}"#)
        let huge = try await setup.termini(["update", "hello"])
        #expect(huge.status == 1 && huge.stderr.contains("the server announced 10737418240 bytes"), "\(huge.stderr)")
        try setup.server.setFaults(#"{"/r/index.json": {"mode": "endless"}}"#)
        let index = try await setup.termini(["update", "hello"])
        #expect(index.status == 1 && index.stderr.contains("response cut off at 8388608 bytes"), "\(index.stderr)")
        #expect(setup.appsState == before)
        #expect(try await setup.snapshot().stdout.contains("Hello version 1.0.0"))
    }

    @Test func aLowerVersionInTheIndexIsIgnored() async throws {
        let setup = try await RegistrySetup.make(publishing: ["1.0.0", "1.1.0"])
        #expect(try await setup.termini(["install", "hello"]).stdout.contains("installed hello 1.1.0"))
        // The registry now lists only 1.0.0 (a registry restored from an old backup).
        try await setup.publish("1.0.0", folder: "old")
        #expect(try await setup.termini(["registry", "remove", "main"]).status == 0)
        #expect(try await setup.termini(["registry", "add", "main", setup.server.url("old"), "--trust", setup.fixture.key + ".pub"]).status == 0)
        let before = setup.appsState
        let update = try await setup.termini(["update", "hello"])
        #expect(update.status == 0 && update.stdout.contains("hello 1.1.0 is up to date"), "\(update)")
        let run = try await setup.snapshot()
        #expect(run.stdout.contains("Hello version 1.1.0"))
        #expect(setup.appsState == before)
    }
}
