import Foundation
import TestSupport
import Testing

/// Publishing to a registry folder, registries in the store, installing by id and URL, and updates at launch, in
/// the foreground and through the app's update manager, against a real HTTP server process on 127.0.0.1.
@Suite struct RegistryTests {
    @Test func publishWritesArchiveIndexAndSignatureAndRefusesChangedBytes() async throws {
        let setup = try await RegistrySetup.make(publishing: ["1.0.0"])
        let fm = FileManager.default
        #expect(fm.fileExists(atPath: setup.registry + "/apps/hello/1.0.0.zip"))
        #expect(fm.contents(atPath: setup.registry + "/apps/hello/1.0.0.zip") == fm.contents(atPath: setup.fixture.bundles["1.0.0"]!))
        let index = try String(contentsOfFile: setup.registry + "/index.json", encoding: .utf8)
        let size = try fm.attributesOfItem(atPath: setup.fixture.bundles["1.0.0"]!)[.size] as! Int
        for needle in [#""format": "termini.registry-index/1""#, #""path": "apps/hello/1.0.0.zip""#, #""size": \#(size)"#,
                       #""engine": ">=0.1.0""#, #""sha256": ""#, #""published": "20"#] {
            #expect(index.contains(needle), "\(needle) in \(index)")
        }
        let signature = try String(contentsOfFile: setup.registry + "/index.json.sig", encoding: .utf8)
        #expect(signature.hasPrefix("termini-signature/1 ed25519\nkey "))

        let again = try await BuiltBinaries.run("termini", ["publish", setup.fixture.bundles["1.0.0"]!, "--registry", setup.registry,
                                                            "--key", setup.fixture.key + ".key"])
        #expect(again.status == 0 && again.stdout.contains("already published with these bytes; nothing changed"), "\(again)")
        let changed = try await BuiltBinaries.run("termini", ["publish", setup.fixture.changed100, "--registry", setup.registry,
                                                              "--key", setup.fixture.key + ".key"])
        #expect(changed.status == 1)
        #expect(changed.stderr.contains("hello 1.0.0 is already published with different bytes"), "\(changed.stderr)")
        #expect(try String(contentsOfFile: setup.registry + "/index.json", encoding: .utf8) == index, "the index is unchanged")
        #expect(fm.contents(atPath: setup.registry + "/apps/hello/1.0.0.zip") == fm.contents(atPath: setup.fixture.bundles["1.0.0"]!))

        // A bundle signed by another key would be refused by every client of this registry: publish refuses it.
        let foreign = try await BuiltBinaries.run("termini", ["publish", setup.fixture.other110, "--registry", setup.registry,
                                                              "--key", setup.fixture.key + ".key"])
        #expect(foreign.status == 1 && foreign.stderr.contains("not the registry key"), "\(foreign.stderr)")
        #expect(!fm.fileExists(atPath: setup.registry + "/apps/hello/1.1.0.zip"))
    }

    @Test func aReaderNeverSeesAnIndexThatNamesAMissingArchive() async throws {
        let setup = try await RegistrySetup.make(publishing: ["1.0.0"])
        let registry = setup.registry
        // Reads the index as a static server would serve it, over and over, while two publishes run.
        let reader = Task.detached { () -> (reads: Int, missing: [String]) in
            var reads = 0
            var missing: [String] = []
            while !Task.isCancelled {
                guard let text = try? String(contentsOfFile: registry + "/index.json", encoding: .utf8) else { continue }
                reads += 1
                for line in text.split(separator: "\n") where line.contains("\"path\": ") {
                    let path = line.split(separator: "\"")[3]
                    if !FileManager.default.fileExists(atPath: registry + "/" + path) { missing.append(String(path)) }
                }
            }
            return (reads, missing)
        }
        try await setup.publish("1.1.0")
        try await setup.publish("1.2.0")
        reader.cancel()
        let (reads, missing) = await reader.value
        #expect(reads > 0)
        #expect(missing.isEmpty, "\(missing)")
        #expect(try String(contentsOfFile: registry + "/index.json", encoding: .utf8).contains("apps/hello/1.2.0.zip"))
    }

    @Test func registriesAreAddedListedAndRemoved() async throws {
        let setup = try await RegistrySetup.make(publishing: ["1.0.0"])
        let list = try await setup.termini(["registry", "list"])
        #expect(list.stdout.contains("main  \(setup.server.url("r/"))  trusts "), "\(list.stdout)")
        let duplicate = try await setup.termini(["registry", "add", "main", setup.server.url("r"), "--trust", setup.fixture.key + ".pub"])
        #expect(duplicate.status == 1 && duplicate.stderr.contains("a registry with this name already exists"), "\(duplicate.stderr)")
        let untrusted = try await setup.termini(["registry", "add", "other", setup.server.url("r")])
        #expect(untrusted.status == 1 && untrusted.stderr.contains("needs at least one trusted key"), "\(untrusted.stderr)")
        let notHTTP = try await setup.termini(["registry", "add", "other", "ftp://x/", "--trust", setup.fixture.key + ".pub"])
        #expect(notHTTP.status == 1 && notHTTP.stderr.contains("not an http(s) URL"), "\(notHTTP.stderr)")
        let removed = try await setup.termini(["registry", "remove", "main"])
        #expect(removed.status == 0, "\(removed.stderr)")
        #expect(try await setup.termini(["registry", "list"]).stdout.contains("no registries"))
        let missing = try await setup.termini(["registry", "remove", "main"])
        #expect(missing.status == 1 && missing.stderr.contains("no such registry"), "\(missing.stderr)")
    }

    @Test func installFromRegistryThenLaunchCostsOne304() async throws {
        let setup = try await RegistrySetup.make(publishing: ["1.0.0", "1.1.0"])
        let old = try await setup.termini(["install", "hello", "--version", "1.0.0"])
        #expect(old.status == 0 && old.stdout.contains("installed hello 1.0.0 from registry main"), "\(old)")
        let newest = try await setup.termini(["install", "hello", "--registry", "main"])
        #expect(newest.status == 0 && newest.stdout.contains("installed hello 1.1.0 from registry main"), "\(newest)")
        let unknown = try await setup.termini(["install", "nope"])
        #expect(unknown.status == 1 && unknown.stderr.contains("no registry lists 'nope'"), "\(unknown.stderr)")

        let before = setup.server.requests.count
        let run = try await setup.snapshot(events: "wait 500\n")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("Hello version 1.1.0"), "\(run.stdout)")
        // The background check of an unchanged index is one conditional request answered 304.
        let during = Array(setup.server.requests.dropFirst(before))
        #expect(during == ["GET /r/index.json 304"], "\(during)")
        #expect(run.stderr.contains("[update] hello 1.1.0 is up to date"), "\(run.stderr)")
    }

    @Test func aNewerVersionIsInstalledForTheNextLaunchAndTheAppHearsOfIt() async throws {
        let setup = try await RegistrySetup.make(publishing: ["1.0.0"])
        #expect(try await setup.termini(["install", "hello"]).status == 0)
        try await setup.publish("1.1.0")
        let first = try await setup.snapshot(events: "wait 4000\n")
        // The installed version ran at once; the update arrived during the run and App.onUpdateReady heard of it.
        #expect(first.stdout.contains("Hello version 1.0.0"), "\(first.stdout)")
        #expect(first.stdout.contains("update ready: 1.1.0"), "\(first.stdout)")
        #expect(first.stderr.contains("[update] hello 1.1.0 installed (was 1.0.0); the next launch runs it"), "\(first.stderr)")
        #expect(try await setup.list().contains("* 1.1.0  (current, not launched yet)"))
        let second = try await setup.snapshot()
        #expect(second.stdout.contains("Hello version 1.1.0") && second.stdout.contains("no update"), "\(second.stdout)")
        #expect(try await setup.list().contains("* 1.1.0  (current)"))
    }

    @Test func applyUpdateRestartsTheAppOnTheNewVersion() async throws {
        let setup = try await RegistrySetup.make(publishing: ["1.0.0"])
        #expect(try await setup.termini(["install", "hello"]).status == 0)
        let early = try await setup.snapshot(events: "key Tab\nkey Enter\n")
        #expect(early.stdout.contains("apply failed: applyUpdate:fail no update"), "no update is ready yet: \(early.stdout)")
        try await setup.publish("1.1.0")
        // 4 s for the background check to download and install 1.1.0, on a machine busy with the parallel suite.
        let applied = try await setup.snapshot(events: "wait 4000\nkey Tab\nkey Enter\n")
        #expect(applied.status == 0, "\(applied.stderr)")
        #expect(applied.stdout.contains("Hello version 1.1.0"), "the same run now shows the new version: \(applied.stdout)")
        #expect(try await setup.list().contains("* 1.1.0  (current)"), "its first launch was confirmed")
    }

    @Test func interactiveRunHearsOfTheUpdateAndAppliesIt() async throws {
        let setup = try await RegistrySetup.make(publishing: ["1.0.0"])
        #expect(try await setup.termini(["install", "hello"]).status == 0)
        try await setup.publish("1.1.0")
        let tmux = TmuxSession()
        let log = setup.store + "/../run.log"
        try tmux.start("\(BuiltBinaries.path("termini")) run minigame://hello --store \(setup.store) --log \(log); echo EXITED:$?; sleep 30",
                       width: 50, height: 8)
        defer { tmux.kill() }
        var text = try await tmux.waitForScreen { $0.contains("update ready: 1.1.0") }
        #expect(text.contains("Hello version 1.0.0") && text.contains("update ready: 1.1.0"), "\(text)")
        try tmux.keys("Tab")
        try tmux.keys("Enter")
        text = try await tmux.waitForScreen { $0.contains("Hello version 1.1.0") }
        #expect(text.contains("Hello version 1.1.0") && text.contains("no update"), "restarted on 1.1.0: \(text)")
        try tmux.keys("Escape")
        text = try await tmux.waitForScreen { $0.contains("EXITED:") }
        #expect(text.contains("EXITED:0"), "\(text)")
        #expect(try String(contentsOfFile: log, encoding: .utf8).contains("[update] hello 1.1.0 installed"))
        #expect(try await setup.list().contains("* 1.1.0  (current)"))
    }

    @Test func updateCommandChecksNowWithProgress() async throws {
        let setup = try await RegistrySetup.make(publishing: ["1.0.0"])
        #expect(try await setup.termini(["install", "hello"]).status == 0)
        let same = try await setup.termini(["update"])
        #expect(same.status == 0 && same.stdout.contains("hello 1.0.0 is up to date"), "\(same)")
        try await setup.publish("1.1.0")
        let update = try await setup.termini(["update", "hello"])
        #expect(update.status == 0, "\(update.stderr)")
        #expect(update.stdout.contains("updated hello 1.0.0 -> 1.1.0"), "\(update.stdout)")
        #expect(update.stderr.contains("downloading hello: 100%"), "progress: \(update.stderr)")
    }

    @Test func installByURLHasTheChecksOfALocalFile() async throws {
        let setup = try await RegistrySetup.make(publishing: ["1.0.0"])
        let url = setup.server.url("r/apps/hello/1.0.0.zip")
        let untrusted = try await setup.termini(["install", url])
        #expect(untrusted.status == 1 && untrusted.stderr.contains("which is not trusted"), "\(untrusted.stderr)")
        #expect(setup.appsState.isEmpty)
        let trusted = try await setup.termini(["install", url, "--trust", setup.fixture.key + ".pub"])
        #expect(trusted.status == 0 && trusted.stdout.contains("installed hello 1.0.0 from 127.0.0.1"), "\(trusted)")

        // Zip-slip: an entry that climbs out of the bundle folder is refused before anything is written.
        let evil = setup.served + "/evil.zip"
        let made = try await BuiltBinaries.run("/usr/bin/env", ["python3", "-c", """
            import zipfile
            with zipfile.ZipFile('\(evil)', 'w') as z:
                z.writestr('manifest.json', '{}')
                z.writestr('../../escaped.txt', 'gotcha')
            """])
        #expect(made.status == 0, "\(made.stderr)")
        let before = setup.appsState
        let slip = try await setup.termini(["install", setup.server.url("evil.zip"), "--dev"])
        #expect(slip.status == 1 && slip.stderr.contains("rejected entry"), "\(slip.stderr)")
        #expect(setup.appsState == before)
        #expect(!FileManager.default.fileExists(atPath: setup.store + "/../escaped.txt"))
        let missing = try await setup.termini(["install", setup.server.url("nothing.zip"), "--dev"])
        #expect(missing.status == 1 && missing.stderr.contains("HTTP 404"), "\(missing.stderr)")
    }

    @Test func aRequiredMinimumMakesTheLaunchWaitForTheUpdate() async throws {
        let setup = try await RegistrySetup.make(publishing: ["1.0.0"])
        #expect(try await setup.termini(["install", "hello"]).status == 0)
        try await setup.publish("1.2.0", minimum: "1.2.0")
        #expect(try String(contentsOfFile: setup.registry + "/index.json", encoding: .utf8).contains(#""minimum": "1.2.0""#))
        // The client learns of the minimum, but the archive is not there yet.
        try setup.server.setFaults(#"{"/r/apps/hello/1.2.0.zip": {"mode": "status", "status": 404}}"#)
        let failed = try await setup.termini(["update", "hello"])
        #expect(failed.status == 1 && failed.stderr.contains("HTTP 404"), "\(failed.stderr)")
        let blocked = try await setup.snapshot()
        #expect(blocked.status == 1, "the old version does not run")
        #expect(!blocked.stdout.contains("Hello version 1.0.0"), "\(blocked.stdout)")
        #expect(blocked.stderr.contains("hello 1.0.0 is below the minimum version 1.2.0 of registry main"), "\(blocked.stderr)")
        #expect(blocked.stderr.contains("the required update failed"), "\(blocked.stderr)")

        try setup.server.setFaults("{}")
        let updated = try await setup.snapshot()
        #expect(updated.status == 0, "\(updated.stderr)")
        #expect(updated.stderr.contains("downloading hello: 100%"), "progress while waiting: \(updated.stderr)")
        #expect(updated.stdout.contains("Hello version 1.2.0"), "\(updated.stdout)")
    }

    @Test func exitWaitsAtMostTenSecondsForADownloadInFlight() async throws {
        let setup = try await RegistrySetup.make(publishing: ["1.0.0"])
        #expect(try await setup.termini(["install", "hello"]).status == 0)
        try await setup.publish("1.1.0")
        // A download of 3 s outlives the session: the exit waits for it.
        try setup.server.setFaults(#"{"/r/apps/hello/1.1.0.zip": {"mode": "trickle", "seconds": 3}}"#)
        let short = try await setup.snapshot(events: "wait 300\n")
        #expect(short.stderr.contains("[update] hello 1.1.0 installed"), "\(short.stderr)")
        #expect(try await setup.list().contains("* 1.1.0"))

        // One of 40 s is given up after 10 s: the store keeps what it had and the next launch retries. (--timeout 60
        // gives the download a deadline past 60 s, so that it is the exit wait that stops it.)
        #expect(try await setup.termini(["rollback", "hello"]).status == 0)
        let before = setup.appsState
        try setup.server.setFaults(#"{"/r/apps/hello/1.1.0.zip": {"mode": "trickle", "seconds": 40}}"#)
        let started = Date()
        let long = try await setup.snapshot(events: "wait 300\n", extra: ["--timeout", "60"])
        let elapsed = Date().timeIntervalSince(started)
        #expect(elapsed >= 10 && elapsed < 20, "exit waited \(elapsed) s")
        #expect(long.stdout.contains("Hello version 1.0.0"))
        #expect(long.stderr.contains("stopped at exit"), "\(long.stderr)")
        #expect(setup.appsState == before)
    }

    /// An index fetch still in flight at exit gets 2 s (it may lead to a download), then is stopped: a registry that
    /// never answers does not hold the exit for the download's 10 s.
    @Test func exitWaitsTwoSecondsForAnIndexFetchInFlight() async throws {
        let setup = try await RegistrySetup.make(publishing: ["1.0.0"])
        #expect(try await setup.termini(["install", "hello"]).status == 0)
        // The same run with an index that answers at once: what starting and ending cost on this machine now.
        var started = Date()
        _ = try await setup.snapshot(events: "wait 100\n", extra: ["--timeout", "60"])
        let quick = Date().timeIntervalSince(started)
        try setup.server.setFaults(#"{"/r/index.json": {"mode": "hang"}}"#)
        started = Date()
        let run = try await setup.snapshot(events: "wait 100\n", extra: ["--timeout", "60"])
        let elapsed = Date().timeIntervalSince(started)
        #expect(run.stdout.contains("Hello version 1.0.0"))
        #expect(run.stderr.contains("update check of hello stopped at exit"), "\(run.stderr)")
        #expect(elapsed >= 2 && elapsed - quick < 7, "exit waited \(elapsed) s, against \(quick) s with a quick index")
    }
}
