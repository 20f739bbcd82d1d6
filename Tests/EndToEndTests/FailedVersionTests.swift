import Foundation
import TestSupport
import Testing

/// A version whose first launch fails — a script error, a crash by signal, a kill during startup — is rolled back,
/// recorded as failed, and never installed again by the background check or `termini update`, while a newer version
/// is tried as usual (issue 32). Against a registry served by nginx on 127.0.0.1, through the built binary.
@Suite struct FailedVersionTests {
    /// A registry folder served by nginx, with hello 1.0.0 published and installed into a new store.
    struct World {
        let fixture: RegistryFixture
        let served: String
        let server: NginxServer
        let store: String
        var registry: String { served + "/r" }

        static func make() async throws -> World {
            let fixture = try await RegistryFixture.shared.value
            let served = BuiltBinaries.temporaryFolder()
            let world = World(fixture: fixture, served: served, server: try NginxServer(root: served),
                              store: BuiltBinaries.temporaryFolder() + "/store")
            try await world.publish(fixture.bundles["1.0.0"]!)
            let add = try await world.termini(["registry", "add", "main", world.server.url("r"), "--trust", fixture.key + ".pub"])
            guard add.status == 0 else { throw TestSupportError("registry add: \(add.stderr)") }
            let install = try await world.termini(["install", "hello"])
            guard install.status == 0 else { throw TestSupportError("install: \(install.stderr)") }
            return world
        }

        /// Packs hello `version` with `startup` script in front and publishes it.
        func publish(version: String, startup: String? = nil) async throws {
            let zip = BuiltBinaries.temporaryFolder() + "/hello-\(version).zip"
            try await publish(try await RegistryFixture.pack(version, key: fixture.key + ".key", out: zip, startup: startup))
        }

        func publish(_ zip: String) async throws {
            let r = try await BuiltBinaries.run("termini", ["publish", zip, "--registry", registry, "--key", fixture.key + ".key"])
            guard r.status == 0 else { throw TestSupportError("publish \(zip): \(r.stderr)") }
        }

        func termini(_ args: [String], timeout: TimeInterval = 60) async throws -> BuiltBinaries.Result {
            try await BuiltBinaries.run("termini", args + ["--store", store], timeout: timeout)
        }

        func snapshot(events: String? = nil) async throws -> BuiltBinaries.Result {
            try await BuiltBinaries.snapshot("minigame://hello", size: "40x6", events: events, extra: ["--store", store])
        }

        func list() async throws -> String { try await termini(["list"]).stdout }

        var pointer: String { (try? String(contentsOfFile: store + "/apps/hello/current", encoding: .utf8)) ?? "" }

        /// Installed version folders of hello.
        var versionFolders: [String] {
            ((try? FileManager.default.contentsOfDirectory(atPath: store + "/apps/hello")) ?? []).filter { $0 != "current" }.sorted()
        }
    }

    static let scriptError = "throw new Error('broken build ' + 42)"
    /// Keeps the script busy before anything is registered, so the process is still starting when the test ends it.
    static let slowStartup = "{ const until = Date.now() + 60000; while (Date.now() < until) {} }"

    @Test func aVersionThatFailedItsFirstLaunchIsNeverInstalledAgain() async throws {
        let world = try await World.make()
        try await world.publish(version: "1.0.2", startup: Self.scriptError)

        // Launch 1 runs 1.0.0 and its background check installs 1.0.2 for the next launch.
        let first = try await world.snapshot(events: "wait 4000\n")
        #expect(first.stdout.contains("Hello version 1.0.0"), "\(first.stdout)")
        #expect(first.stderr.contains("[update] hello 1.0.2 installed"), "\(first.stderr)")

        // Launch 2: 1.0.2 fails its first launch and is rolled back; the user is told, with the reason.
        let second = try await world.snapshot(events: "wait 4000\n")
        #expect(second.stdout.contains("broken build 42"), "the error screen: \(second.stdout)")
        #expect(second.stderr.contains("hello 1.0.2 failed its first launch"), "\(second.stderr)")
        #expect(second.stderr.contains("rolled back to 1.0.0"), "\(second.stderr)")
        #expect(second.stderr.contains("1.0.2 is not installed again"), "\(second.stderr)")
        var list = try await world.list()
        #expect(list.contains("* 1.0.0  (current)"), "\(list)")
        #expect(list.contains("! 1.0.2  (failed its first launch at 20"), "\(list)")
        #expect(list.contains("broken build 42"), "the reason is recorded: \(list)")

        // Launches 3 and 4: the background check no longer installs it; the old loop would have failed every other launch.
        for _ in 0..<2 {
            let again = try await world.snapshot(events: "wait 4000\n")
            #expect(again.status == 0, "\(again.stderr)")
            #expect(again.stdout.contains("Hello version 1.0.0"), "\(again.stdout)")
            #expect(again.stderr.contains("[update] hello 1.0.0 is kept: 1.0.2 failed its first launch here"), "\(again.stderr)")
            #expect(!again.stderr.contains("installed (was"), "\(again.stderr)")
            #expect(world.versionFolders == ["1.0.0"], "\(world.versionFolders)")
        }
        let update = try await world.termini(["update"])
        #expect(update.status == 0, "\(update.stderr)")
        #expect(update.stdout.contains("hello 1.0.0 is kept: 1.0.2 failed its first launch here"), "\(update.stdout)")
        #expect(update.stdout.contains("--retry-failed"), "\(update.stdout)")
        #expect(world.versionFolders == ["1.0.0"])
        for args in [["install", "hello"], ["install", "hello", "--version", "1.0.2"]] {
            let refused = try await world.termini(args)
            #expect(refused.status == 1, "\(args): \(refused)")
            #expect(refused.stderr.contains("hello 1.0.2 failed its first launch here at 20"), "\(refused.stderr)")
            #expect(refused.stderr.contains("install it anyway with --retry-failed"), "\(refused.stderr)")
        }
        #expect(world.versionFolders == ["1.0.0"])

        // --retry-failed overrides: the version is on probation again, fails again, and is recorded again.
        let retried = try await world.termini(["install", "hello", "--version", "1.0.2", "--retry-failed"])
        #expect(retried.status == 0 && retried.stdout.contains("installed hello 1.0.2"), "\(retried)")
        #expect(try await world.list().contains("* 1.0.2  (current, not launched yet)"))
        let failedAgain = try await world.snapshot()
        #expect(failedAgain.stderr.contains("hello 1.0.2 failed its first launch"), "\(failedAgain.stderr)")
        #expect(try await world.list().contains("! 1.0.2  (failed"))

        // A newer version is tried as usual.
        try await world.publish(world.fixture.bundles["1.1.0"]!)
        let newer = try await world.termini(["update", "hello"])
        #expect(newer.status == 0 && newer.stdout.contains("updated hello 1.0.0 -> 1.1.0"), "\(newer)")
        let fixed = try await world.snapshot()
        #expect(fixed.status == 0 && fixed.stdout.contains("Hello version 1.1.0"), "\(fixed)")
        list = try await world.list()
        #expect(list.contains("* 1.1.0  (current)") && list.contains("! 1.0.2  (failed"), "\(list)")
    }

    /// Starts a launch of the installed version on probation, waits until its attempt is on disk (the script is then
    /// running its slow start, before any frame), and ends the process with `signal`.
    func endDuringStartup(_ world: World, signal: Int32) async throws -> ChildProcess.Termination {
        let launch = try ChildProcess(BuiltBinaries.path("termini"),
                                      ["snapshot", "minigame://hello", "--size", "40x6", "--store", world.store, "--script-limit", "120"],
                                      stdout: .null, stderr: .null)
        let deadline = Date().addingTimeInterval(30)
        func recorded() -> Bool { world.pointer.contains("launchAttempt") && world.pointer.contains(String(launch.pid)) }
        while !recorded() && Date() < deadline {
            try await Task.sleep(for: .milliseconds(20))
        }
        #expect(recorded(), "the attempt was recorded: \(world.pointer)")
        try await Task.sleep(for: .milliseconds(300))
        launch.kill(signal)
        return await launch.wait(timeout: 30)
    }

    @Test func aFirstLaunchThatCrashesOrIsKilledBeforeItsFirstFrameIsRolledBackAtTheNextStart() async throws {
        let world = try await World.make()
        try await world.publish(version: "1.1.0", startup: Self.slowStartup)
        #expect(try await world.termini(["update", "hello"]).status == 0)

        for (signal, name) in [(SIGSEGV, "SIGSEGV"), (SIGKILL, "SIGKILL")] {
            if signal == SIGKILL {
                let retried = try await world.termini(["install", "hello", "--retry-failed"])
                #expect(retried.status == 0, "\(retried.stderr)")
            }
            #expect(try await world.list().contains("* 1.1.0  (current, not launched yet)"))
            let ended = try await endDuringStartup(world, signal: signal)
            #expect(ended != .exited(0), "\(name): \(ended)")
            // Until the next start the version is still current and unconfirmed: nothing but the probation state on
            // disk tells that its launch died.
            #expect(try await world.list().contains("* 1.1.0  (current, not launched yet)"), "\(name)")

            let next = try await world.snapshot(events: "wait 4000\n")
            #expect(next.status == 0, "\(name): \(next.stderr)")
            #expect(next.stdout.contains("Hello version 1.0.0"), "\(name): the previous version runs at once: \(next.stdout)")
            #expect(next.stderr.contains("hello 1.1.0 failed its first launch (the process "), "\(name): \(next.stderr)")
            #expect(next.stderr.contains("before its first frame"), "\(name): \(next.stderr)")
            #expect(next.stderr.contains("rolled back to 1.0.0, which runs now"), "\(name): \(next.stderr)")
            #expect(next.stderr.contains("[update] hello 1.0.0 is kept: 1.1.0 failed its first launch here"), "\(name): \(next.stderr)")
            let list = try await world.list()
            #expect(list.contains("* 1.0.0  (current)") && list.contains("! 1.1.0  (failed its first launch"), "\(name): \(list)")
            #expect(world.versionFolders == ["1.0.0"], "\(name): \(world.versionFolders)")
        }
    }

    @Test func anInteractiveRunThatCrashesBeforeItsFirstFrameIsNamedByItsCrashReport() async throws {
        let world = try await World.make()
        try await world.publish(version: "1.1.0", startup: Self.slowStartup)
        #expect(try await world.termini(["update", "hello"]).status == 0)
        let tmux = TmuxSession()
        try tmux.start("\(BuiltBinaries.path("termini")) run minigame://hello --store \(world.store) --script-limit 120; echo EXITED:$?; sleep 30",
                       width: 120, height: 10)
        defer { tmux.kill() }
        // The attempt on disk names the process; SIGSEGV it while the script is still starting.
        let deadline = Date().addingTimeInterval(30)
        var pid: Int32?
        while pid == nil && Date() < deadline {
            let pointer = world.pointer
            if let range = pointer.range(of: #""pid": "#) {
                pid = Int32(pointer[range.upperBound...].prefix { $0.isNumber })
            }
            if pid == nil { try await Task.sleep(for: .milliseconds(50)) }
        }
        let crashed = try #require(pid, "the launch recorded its attempt: \(world.pointer)")
        try await Task.sleep(for: .milliseconds(300))
        kill(crashed, SIGSEGV)
        let text = try await tmux.waitForScreen { $0.contains("EXITED:") }
        #expect(!text.contains("EXITED:0"), "\(text)")
        let report = world.store + "/crashes/termini-\(crashed).txt"
        #expect(FileManager.default.fileExists(atPath: report), "the crash left its report")

        let next = try await world.snapshot()
        #expect(next.stdout.contains("Hello version 1.0.0"), "\(next.stdout)")
        #expect(next.stderr.contains("hello 1.1.0 failed its first launch (the process \(crashed) crashed with SIGSEGV"), "\(next.stderr)")
        #expect(next.stderr.contains("before its first frame (report: \(report))"), "\(next.stderr)")
        #expect(try await world.list().contains("! 1.1.0  (failed its first launch at"))
    }

    @Test func theRegistryIsServedByNginxWithTheDocumentedCacheRules() async throws {
        let world = try await World.make()
        // One check of an unchanged index is one conditional request that nginx answers 304 from its ETag.
        let before = world.server.requests.count
        let run = try await world.snapshot(events: "wait 4000\n")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(Array(world.server.requests.dropFirst(before)) == ["GET /r/index.json 304"], "\(world.server.requests)")
        let lock = try await BuiltBinaries.run("/usr/bin/env", ["python3", "-c",
            "import urllib.request,sys\ntry:\n urllib.request.urlopen(sys.argv[1])\nexcept Exception as e: print(e)",
            world.server.url("r/.publish.lock")])
        #expect(lock.stdout.contains("403"), "dot files are not served: \(lock)")
    }
}
