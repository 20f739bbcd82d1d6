import Foundation
import Testing

/// `termini run|snapshot minigame://…`, `.zip` runs, and the automatic rollback of a version whose first launch
/// fails, through the built binary as a user would drive it.
@Suite struct LaunchByURLTests {
    /// A copy of the todo sample with `version` and, optionally, a main.js that throws while loading.
    func todoProject(version: String, brokenScript: Bool = false) throws -> String {
        let dir = BuiltBinaries.temporaryFolder() + "/todo"
        try FileManager.default.copyItem(atPath: BuiltBinaries.sample("todo"), toPath: dir)
        let app = try String(contentsOfFile: dir + "/app.json", encoding: .utf8)
            .replacingOccurrences(of: "\"1.0.0\"", with: "\"\(version)\"")
        try app.write(toFile: dir + "/app.json", atomically: true, encoding: .utf8)
        if brokenScript {
            let script = try String(contentsOfFile: dir + "/main.js", encoding: .utf8)
            try ("throw new Error('broken build ' + 42)\n" + script).write(toFile: dir + "/main.js", atomically: true, encoding: .utf8)
        }
        return dir
    }

    func pack(_ project: String, key: String? = nil) async throws -> String {
        let zip = BuiltBinaries.temporaryFolder() + "/app.zip"
        // A broken build has to get past pack's own check (a top-level throw is an error there) to reach a store.
        let broken = (try? String(contentsOfFile: project + "/main.js", encoding: .utf8))?.hasPrefix("throw ") == true
        let r = try await BuiltBinaries.run("termini", ["pack", project, "--out", zip] + (key.map { ["--key", $0] } ?? [])
                                                + (broken ? ["--no-check"] : []))
        #expect(r.status == 0, "\(r.stderr)")
        return zip
    }

    func install(_ zip: String, store: String) async throws {
        let r = try await BuiltBinaries.run("termini", ["install", zip, "--store", store, "--dev"])
        #expect(r.status == 0, "\(r.stderr)")
    }

    @Test func urlOpensTheInstalledAppWithPageAndQuery() async throws {
        let store = BuiltBinaries.temporaryFolder()
        try await install(try await pack(try todoProject(version: "1.0.0")), store: store)
        let r = try await BuiltBinaries.snapshot("minigame://todo/index?from=url", extra: ["--store", store])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("Todo (2)"), "\(r.stdout)")
        // The first frame confirmed the launch: list no longer marks it as on probation.
        let list = try await BuiltBinaries.run("termini", ["list", "--store", store])
        #expect(list.stdout.contains("* 1.0.0  (current)"), "\(list.stdout)")
    }

    @Test func unknownIdListsInstalledAppsAndUnknownPageListsPages() async throws {
        let store = BuiltBinaries.temporaryFolder()
        try await install(try await pack(try todoProject(version: "1.0.0")), store: store)
        let id = try await BuiltBinaries.snapshot("minigame://nope", extra: ["--store", store])
        #expect(id.status != 0)
        #expect(id.stderr.contains("no app 'nope' is installed") && id.stderr.contains("installed: todo"), "\(id.stderr)")
        let page = try await BuiltBinaries.snapshot("minigame://todo/missing", extra: ["--store", store])
        #expect(page.status != 0)
        #expect(page.stderr.contains("app 'todo' has no page 'missing' (its pages: index)"), "\(page.stderr)")
        let bad = try await BuiltBinaries.snapshot("minigame://../etc", extra: ["--store", store])
        #expect(bad.status != 0 && bad.stderr.contains("not a valid app id"), "\(bad.stderr)")
    }

    @Test func brokenUpdateRollsBackOnItsFirstLaunch() async throws {
        let store = BuiltBinaries.temporaryFolder()
        try await install(try await pack(try todoProject(version: "1.0.0")), store: store)
        try await install(try await pack(try todoProject(version: "2.0.0", brokenScript: true)), store: store)
        let before = try await BuiltBinaries.run("termini", ["list", "--store", store])
        #expect(before.stdout.contains("* 2.0.0  (current, not launched yet)"), "\(before.stdout)")

        let failed = try await BuiltBinaries.snapshot("minigame://todo", extra: ["--store", store])
        #expect(failed.stdout.contains("broken build 42"), "the error screen shows the script error: \(failed.stdout)")
        #expect(failed.stderr.contains("todo 2.0.0 failed its first launch"), "\(failed.stderr)")
        #expect(failed.stderr.contains("rolled back to 1.0.0"), "\(failed.stderr)")

        let after = try await BuiltBinaries.run("termini", ["list", "--store", store])
        #expect(after.stdout.contains("* 1.0.0  (current)"), "\(after.stdout)")
        // 2.0.0 is gone from disk and listed only as failed, with its reason.
        #expect(!after.stdout.contains("* 2.0.0") && !after.stdout.contains("    2.0.0"), "\(after.stdout)")
        #expect(after.stdout.contains("! 2.0.0  (failed its first launch at 20") && after.stdout.contains("broken build 42"), "\(after.stdout)")
        #expect(!FileManager.default.fileExists(atPath: store + "/apps/todo/2.0.0"))
        let next = try await BuiltBinaries.snapshot("minigame://todo", extra: ["--store", store])
        #expect(next.stdout.contains("Todo (2)"), "the next run uses 1.0.0: \(next.stdout)")
        #expect(!next.stderr.contains("rolled back"))
    }

    @Test func brokenFirstVersionHasNothingToRollBackTo() async throws {
        let store = BuiltBinaries.temporaryFolder()
        try await install(try await pack(try todoProject(version: "1.0.0", brokenScript: true)), store: store)
        let r = try await BuiltBinaries.snapshot("minigame://todo", extra: ["--store", store])
        #expect(r.stdout.contains("broken build 42"))
        #expect(!r.stderr.contains("rolled back"), "\(r.stderr)")
        let list = try await BuiltBinaries.run("termini", ["list", "--store", store])
        #expect(list.stdout.contains("* 1.0.0"), "\(list.stdout)")
    }

    @Test func zipRunsWithoutInstallingUnderInstallSignatureRules() async throws {
        let store = BuiltBinaries.temporaryFolder()
        let keys = BuiltBinaries.temporaryFolder() + "/dev"
        let keygen = try await BuiltBinaries.run("termini", ["keygen", "--out", keys])
        #expect(keygen.status == 0, "\(keygen.stderr)")
        let signed = try await pack(try todoProject(version: "1.0.0"), key: keys + ".key")
        let unsigned = try await pack(try todoProject(version: "1.0.0"))

        let refused = try await BuiltBinaries.snapshot(unsigned, extra: ["--store", store])
        #expect(refused.status != 0 && refused.stderr.contains("not signed"), "\(refused.stderr)")
        let untrusted = try await BuiltBinaries.snapshot(signed, extra: ["--store", store])
        #expect(untrusted.status != 0, "\(untrusted.stdout)")

        let dev = try await BuiltBinaries.snapshot(unsigned, extra: ["--store", store, "--dev"])
        #expect(dev.status == 0 && dev.stdout.contains("Todo (2)"), "\(dev.stderr)")
        let trusted = try await BuiltBinaries.snapshot(signed, extra: ["--store", store, "--trust", keys + ".pub"])
        #expect(trusted.status == 0 && trusted.stdout.contains("Todo (2)"), "\(trusted.stderr)")
        // Nothing was installed.
        let list = try await BuiltBinaries.run("termini", ["list", "--store", store])
        #expect(list.stdout.contains("no apps installed"), "\(list.stdout)")
    }

    @Test func aZipRunLeavesNoExtractionFolderEvenWhenInterrupted() async throws {
        let zip = try await pack(try todoProject(version: "1.0.0"))
        let scratch = BuiltBinaries.temporaryFolder()
        let tmux = TmuxSession()
        try tmux.start("TMPDIR=\(scratch)/ \(BuiltBinaries.path("termini")) run \(zip) --dev --store \(scratch)/store; "
                       + "echo EXITED:$?; sleep 30", width: 100, height: 24)
        defer { tmux.kill() }
        var text = try await tmux.waitForScreen { $0.contains("Todo (2)") }
        #expect(text.contains("Todo (2)"), "\(text)")
        func leftovers() throws -> [String] {
            try FileManager.default.contentsOfDirectory(atPath: scratch).filter { $0.hasPrefix("termini-run-") }
        }
        // The bundle is in memory by the first frame: its extraction folder is already gone...
        #expect(try leftovers() == [])
        // ...so an interrupt cannot leave it behind either.
        try tmux.keys("C-c")
        text = try await tmux.waitForScreen { $0.contains("EXITED:") }
        #expect(text.contains("EXITED:"), "\(text)")
        #expect(try leftovers() == [])
    }

    @Test func interactiveRunOfABrokenUpdateSaysItRolledBack() async throws {
        let store = BuiltBinaries.temporaryFolder()
        try await install(try await pack(try todoProject(version: "1.0.0")), store: store)
        try await install(try await pack(try todoProject(version: "2.0.0", brokenScript: true)), store: store)
        let tmux = TmuxSession()
        try tmux.start("\(BuiltBinaries.path("termini")) run minigame://todo --store \(store); echo EXITED:$?; sleep 30", width: 100, height: 24)
        defer { tmux.kill() }
        var text = try await tmux.waitForScreen { $0.contains("broken build 42") }
        #expect(text.contains("broken build 42"), "the error screen: \(text)")
        try tmux.keys("Escape")
        text = try await tmux.waitForScreen { $0.contains("EXITED:") }
        #expect(text.contains("todo 2.0.0 failed its first launch"), "\(text)")
        #expect(text.contains("rolled back to 1.0.0"), "\(text)")
        let list = try await BuiltBinaries.run("termini", ["list", "--store", store])
        #expect(list.stdout.contains("* 1.0.0  (current)"), "\(list.stdout)")
    }
}
