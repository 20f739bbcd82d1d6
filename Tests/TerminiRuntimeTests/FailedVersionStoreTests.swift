import Foundation
import TestSupport
import Testing
@testable import TerminiRuntime

/// The store's memory of failed first launches: a rollback records the version with its reason, installs refuse it
/// unless retried, and a first launch whose process died is found from the probation state on disk (issue 32).
@Suite struct FailedVersionStoreTests {
    /// demo 1.0.0 (confirmed) and 1.1.0 (on probation), plus the 1.1.0 archive to install again.
    func twoVersions(_ tmp: TemporaryFolder) throws -> (AppStore, BundleInstaller) {
        let store = AppStore(root: tmp.sub("store"))
        let installer = BundleInstaller(store: store, options: InstallOptions(skipSignatureCheck: true))
        for version in ["1.0.0", "1.1.0"] {
            let project = try BundleFixtures.makeProject(in: tmp, name: "p\(version)", version: version)
            _ = try BundleFixtures.pack(project, to: tmp.sub("\(version).zip"), key: nil)
            _ = try installer.install(archivePath: tmp.sub("\(version).zip"))
            if version == "1.0.0" { try store.markLaunchSucceeded("demo", version: version) }
        }
        return (store, installer)
    }

    @Test func aFailedFirstLaunchIsRecordedAndNotInstalledAgainUnlessRetried() throws {
        let tmp = TemporaryFolder()
        let (store, installer) = try twoVersions(tmp)
        let notice = LaunchProbation(store: store, id: "demo", version: "1.1.0").fail(reason: "Script error: boom at main.js:1")
        #expect(notice?.contains("demo 1.1.0 failed its first launch (Script error: boom at main.js:1); rolled back to 1.0.0") == true, "\(notice ?? "")")
        let app = try #require(store.list().first)
        #expect(app.currentVersion == "1.0.0" && app.versions == ["1.0.0"])
        #expect(app.failedVersions.map(\.version) == ["1.1.0"])
        #expect(app.failedVersions.first?.reason == "Script error: boom at main.js:1")
        #expect(app.failedVersions.first?.at.hasPrefix("20") == true)

        do {
            _ = try installer.install(archivePath: tmp.sub("1.1.0.zip"))
            Issue.record("a failed version was installed again")
        } catch {
            #expect(error.kind == .failedBefore)
            #expect(error.message.contains("demo 1.1.0 failed its first launch here at 20"), "\(error)")
            #expect(error.message.contains("Script error: boom at main.js:1") && error.message.contains("--retry-failed"), "\(error)")
        }
        #expect(try store.resolve("demo").version == "1.0.0", "the refused install changed nothing")

        var retrying = installer
        retrying.options.retryFailed = true
        _ = try retrying.install(archivePath: tmp.sub("1.1.0.zip"))
        let retried = try #require(store.list().first)
        #expect(retried.currentVersion == "1.1.0" && !retried.pointer.launchConfirmed)
        #expect(retried.failedVersions.isEmpty, "on probation again, not failed")
    }

    @Test func aManualRollbackRecordsNoFailureAndAFailureOutlivesLaterInstalls() throws {
        let tmp = TemporaryFolder()
        let (store, installer) = try twoVersions(tmp)
        try store.rollback("demo")
        #expect(try #require(store.list().first).failedVersions.isEmpty)
        _ = try installer.install(archivePath: tmp.sub("1.1.0.zip"))
        LaunchProbation(store: store, id: "demo", version: "1.1.0").fail(reason: "crashed")
        let project = try BundleFixtures.makeProject(in: tmp, name: "p1.2.0", version: "1.2.0")
        _ = try BundleFixtures.pack(project, to: tmp.sub("1.2.0.zip"), key: nil)
        _ = try installer.install(archivePath: tmp.sub("1.2.0.zip"))
        #expect(try #require(store.list().first).failedVersions.map(\.version) == ["1.1.0"], "the next install keeps the record")
    }

    @Test func aProbationIsNotRolledBackWhenAnotherVersionBecameCurrentMeanwhile() throws {
        let tmp = TemporaryFolder()
        let (store, _) = try twoVersions(tmp)
        try store.rollback("demo")
        #expect(LaunchProbation(store: store, id: "demo", version: "1.1.0").fail(reason: "late") == nil, "no rollback to announce")
        #expect(try store.resolve("demo").version == "1.0.0")
        #expect(try #require(store.list().first).failedVersions.isEmpty, "nothing was recorded for a version no longer current")
    }

    /// A pid that belonged to a process that has ended.
    func deadPid() throws -> Int32 {
        let child = try ChildProcess("/bin/true", [], stdout: .null, stderr: .null)
        _ = child.waitBlocking()
        return child.pid
    }

    func setAttempt(_ store: AppStore, _ attempt: LaunchAttempt) throws {
        var pointer = try #require(try store.pointer(for: "demo"))
        pointer.launchAttempt = attempt
        try StoreFileOperations.writeAtomically(pointer.data, to: store.pointerPath("demo"))
    }

    @Test func aFirstLaunchWhoseProcessDiedIsRolledBackAtTheNextStart() throws {
        let tmp = TemporaryFolder()
        let (store, _) = try twoVersions(tmp)
        // The launch records its attempt just before the script runs...
        LaunchProbation(store: store, id: "demo", version: "1.1.0").begin()
        #expect(try store.pointer(for: "demo")?.launchAttempt?.pid == getpid())
        // ...and this process is alive, so the next start in it sees no abandoned launch.
        #expect(store.abandonedFirstLaunch("demo", version: "1.1.0") == nil)

        let dead = try deadPid()
        try setAttempt(store, LaunchAttempt(pid: dead, started: "1"))
        let abandoned = try #require(store.abandonedFirstLaunch("demo", version: "1.1.0"))
        #expect(abandoned.pid == dead)

        let launch = try LaunchPreparer(store: store).prepare("minigame://demo")
        #expect(launch.bundle.manifest.version == "1.0.0", "the previous version runs now")
        #expect(launch.probation == nil)
        let notice = try #require(launch.notice)
        #expect(notice.contains("demo 1.1.0 failed its first launch (the process \(dead) ended before its first frame"), "\(notice)")
        #expect(notice.contains("rolled back to 1.0.0, which runs now"), "\(notice)")
        let app = try #require(store.list().first)
        #expect(app.versions == ["1.0.0"] && app.failedVersions.map(\.version) == ["1.1.0"])
        #expect(app.pointer.launchAttempt == nil)
    }

    @Test func theCrashReportOfTheDeadLaunchNamesTheSignal() throws {
        let tmp = TemporaryFolder()
        let (store, _) = try twoVersions(tmp)
        let dead = try deadPid()
        try setAttempt(store, LaunchAttempt(pid: dead, started: "1"))
        try FileManager.default.createDirectory(atPath: store.root + "/crashes", withIntermediateDirectories: true)
        try "termini: crashed with SIGSEGV; pages: none; last script entry: none\n0x1 frame\n"
            .write(toFile: store.root + "/crashes/termini-\(dead).txt", atomically: true, encoding: .utf8)
        let notice = try #require(try LaunchPreparer(store: store).prepare("minigame://demo").notice)
        #expect(notice.contains("the process \(dead) crashed with SIGSEGV; pages: none; last script entry: none before its first frame"), "\(notice)")
    }

    @Test func aLiveLaunchOrAReusedPidIsJudgedByItsStartTime() throws {
        let tmp = TemporaryFolder()
        let (store, _) = try twoVersions(tmp)
        // pid 1 is alive; with its real start time it is a launch still running (not abandoned)...
        let initStart = try #require(LaunchAttempt.startTime(of: 1))
        try setAttempt(store, LaunchAttempt(pid: 1, started: initStart))
        #expect(store.abandonedFirstLaunch("demo", version: "1.1.0") == nil)
        #expect(try LaunchPreparer(store: store).prepare("minigame://demo").bundle.manifest.version == "1.1.0")
        // ...but with another start time the pid was reused: the launch that recorded it is gone.
        try setAttempt(store, LaunchAttempt(pid: 1, started: initStart + "0"))
        #expect(store.abandonedFirstLaunch("demo", version: "1.1.0") != nil)
        // A confirmed version is never judged by an old attempt.
        try store.markLaunchSucceeded("demo", version: "1.1.0")
        #expect(store.abandonedFirstLaunch("demo", version: "1.1.0") == nil)
    }

    @Test func pointersWithoutTheNewFieldsReadAndBadOnesAreClearErrors() throws {
        let old = #"{"format": "termini.app-pointer/1", "current": "1.1.0", "previous": ["1.0.0"], "launchConfirmed": true}"#
        let pointer = try AppPointer(data: Data(old.utf8), path: "p")
        #expect(pointer.failed.isEmpty && pointer.launchAttempt == nil && pointer.current == "1.1.0")
        let round = try AppPointer(data: AppPointer(current: "1.1.0", previous: ["1.0.0"], launchAttempt: LaunchAttempt(pid: 7, started: "9"),
                                                    failed: ["1.2.0": FailedVersion(version: "1.2.0", reason: "r", at: "t")]).data, path: "p")
        #expect(round.launchAttempt == LaunchAttempt(pid: 7, started: "9"))
        #expect(round.failure(of: "1.2.0+build.3") == FailedVersion(version: "1.2.0", reason: "r", at: "t"))
        for (bad, message) in [(#""failed": []"#, "$.failed is not an object"), (#""failed": {"x": {}}"#, "$.failed holds a non-version key"),
                               (#""launchAttempt": {"pid": -1, "started": ""}"#, "$.launchAttempt needs a positive pid")] {
            let text = #"{"format": "termini.app-pointer/1", "current": "1.1.0", "previous": [], \#(bad)}"#
            do {
                _ = try AppPointer(data: Data(text.utf8), path: "p")
                Issue.record("accepted \(bad)")
            } catch {
                #expect(error.message.contains(message), "\(error)")
            }
        }
    }
}
