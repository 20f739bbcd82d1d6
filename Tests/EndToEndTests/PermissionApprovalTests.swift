import Foundation
import TestSupport
import Testing

/// An update whose manifest adds permissions or request domains is downloaded but held until the user approves it:
/// the next interactive launch asks, showing exactly what is added; `termini update --approve` accepts from the
/// shell; removing permissions never asks (issue 32).
@Suite struct PermissionApprovalTests {
    /// hello 1.0.0 installed from the registry, and `version` published with `permissions` and `requestDomains`.
    func heldUpdate(_ version: String, permissions: [String], requestDomains: [String]) async throws -> RegistrySetup {
        let setup = try await RegistrySetup.make(publishing: ["1.0.0"])
        #expect(try await setup.termini(["install", "hello"]).status == 0)
        let zip = try await RegistryFixture.pack(version, key: setup.fixture.key + ".key", out: BuiltBinaries.temporaryFolder() + "/h.zip",
                                                 permissions: permissions, requestDomains: requestDomains)
        let published = try await BuiltBinaries.run("termini", ["publish", zip, "--registry", setup.registry, "--key", setup.fixture.key + ".key"])
        #expect(published.status == 0, "\(published.stderr)")
        return setup
    }

    @Test func anUpdateThatAddsPermissionsIsHeldUntilApprovedFromTheShell() async throws {
        let setup = try await heldUpdate("1.1.0", permissions: ["storage"], requestDomains: ["api.example.com"])
        let update = try await setup.termini(["update", "hello"])
        #expect(update.status == 0, "\(update.stderr)")
        #expect(update.stdout.contains("hello 1.1.0 is downloaded but held: it wants storage, request to api.example.com"), "\(update.stdout)")
        #expect(FileManager.default.fileExists(atPath: setup.store + "/apps/hello/1.1.0"), "downloaded")
        let list = try await setup.list()
        #expect(list.contains("* 1.0.0  (current"), "not current: \(list)")
        #expect(list.contains("? 1.1.0  (held until approved: wants storage, request to api.example.com"), "\(list)")

        // A launch that cannot ask runs the current version and says what waits; the check does not download it again.
        let before = setup.server.requests.count
        let launch = try await setup.snapshot(events: "wait 4000\n")
        #expect(launch.stdout.contains("Hello version 1.0.0"), "\(launch.stdout)")
        #expect(launch.stderr.contains("hello: Update 1.1.0 wants: storage, request to api.example.com. It is held until approved"), "\(launch.stderr)")
        #expect(launch.stderr.contains("[update] hello 1.1.0 is downloaded but held"), "\(launch.stderr)")
        #expect(!setup.server.requests.dropFirst(before).contains { $0.contains("1.1.0.zip") }, "\(setup.server.requests)")

        let approved = try await setup.termini(["update", "--approve", "hello"])
        #expect(approved.status == 0 && approved.stdout.contains("approved hello 1.1.0, which wants storage, request to api.example.com"), "\(approved)")
        #expect(try await setup.snapshot().stdout.contains("Hello version 1.1.0"))
        let nothing = try await setup.termini(["update", "--approve", "hello"])
        #expect(nothing.status == 1 && nothing.stderr.contains("hello has no update waiting for approval"), "\(nothing.stderr)")
    }

    @Test func theNextInteractiveLaunchAsksAndTheUserCanKeepOrAccept() async throws {
        let setup = try await heldUpdate("1.1.0", permissions: ["storage"], requestDomains: ["api.example.com"])
        #expect(try await setup.termini(["update", "hello"]).status == 0)
        let tmux = TmuxSession()
        let command = "\(BuiltBinaries.path("termini")) run minigame://hello --store \(setup.store)"
        try tmux.start("\(command); echo EXITED:$?; \(command); echo EXITED2:$?; sleep 30", width: 200, height: 16)
        defer { tmux.kill() }
        var text = try await tmux.waitForScreen { $0.contains("Accept it? [y/N]") }
        #expect(text.contains("termini: hello: Update 1.1.0 wants: storage, request to api.example.com. Accept it? [y/N]"), "\(text)")
        try tmux.keys("n", "Enter")
        text = try await tmux.waitForScreen { $0.contains("Hello version") }
        #expect(text.contains("Hello version 1.0.0"), "kept the current version: \(text)")
        try tmux.keys("Escape")
        text = try await tmux.waitForScreen { $0.contains("Accept it? [y/N]") && $0.contains("EXITED:0") }
        try tmux.keys("y", "Enter")
        text = try await tmux.waitForScreen { $0.contains("Hello version 1.1.0") }
        #expect(text.contains("Hello version 1.1.0"), "\(text)")
        try tmux.keys("Escape")
        text = try await tmux.waitForScreen { $0.contains("EXITED2:") }
        #expect(text.contains("accepted: hello 1.1.0 runs now") && text.contains("EXITED2:0"), "\(text)")
        #expect(try await setup.list().contains("* 1.1.0  (current)"))
    }

    @Test func anUpdateThatOnlyRemovesPermissionsNeverAsks() async throws {
        let setup = try await heldUpdate("1.1.0", permissions: ["storage"], requestDomains: [])
        #expect(try await setup.termini(["update", "--approve", "hello"]).status == 1, "nothing held yet")
        #expect(try await setup.termini(["update", "hello"]).status == 0)
        #expect(try await setup.termini(["update", "--approve", "hello"]).status == 0)
        // 1.2.0 drops the permission again: installed at once.
        let zip = try await RegistryFixture.pack("1.2.0", key: setup.fixture.key + ".key", out: BuiltBinaries.temporaryFolder() + "/h.zip")
        #expect(try await BuiltBinaries.run("termini", ["publish", zip, "--registry", setup.registry, "--key", setup.fixture.key + ".key"]).status == 0)
        let update = try await setup.termini(["update", "hello"])
        #expect(update.status == 0 && update.stdout.contains("updated hello 1.1.0 -> 1.2.0"), "\(update)")
    }
}
