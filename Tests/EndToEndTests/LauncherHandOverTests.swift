import Foundation
import Testing

/// `termini` is a launcher: it runs an app itself, in the small executable, and hands every other command line to
/// `termini-tools` next to it with the same argv, so help, errors and exit codes read as they always did.
@Suite(.serialized) struct LauncherHandOverTests {
    let tmux = TmuxSession()

    /// The executable the app in the tmux pane runs, once its first screen shows `shown`.
    func executableOfApp(_ arguments: String, showing shown: String) async throws -> String {
        try tmux.start("\(BuiltBinaries.path("termini")) \(arguments); echo EXITED:$?; sleep 30", width: 70, height: 20)
        defer { tmux.kill() }
        let text = try await tmux.waitForScreen { $0.contains(shown) }
        #expect(text.contains(shown), "\(text)")
        return try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(try tmux.appProcess())/exe")
    }

    @Test func anInstalledAppRunsInTheLauncherAndAProjectFolderInTheTools() async throws {
        let store = BuiltBinaries.temporaryFolder()
        let zip = store + "/todo.zip"
        let pack = try await BuiltBinaries.run("termini", ["pack", BuiltBinaries.sample("todo"), "--out", zip])
        #expect(pack.status == 0, "\(pack.stderr)")
        let install = try await BuiltBinaries.run("termini", ["install", zip, "--store", store, "--dev"])
        #expect(install.status == 0, "\(install.stderr)")

        let installed = try await executableOfApp("run minigame://todo --store \(store)", showing: "Todo (2)")
        #expect(installed.hasSuffix("/termini"), "an installed app's run must stay in the launcher: \(installed)")
        // A project folder's pages need the page compiler, which only termini-tools has: the same pid goes on there.
        let project = try await executableOfApp("run \(BuiltBinaries.sample("todo")) --store \(store)", showing: "Todo (2)")
        #expect(project.hasSuffix("/termini-tools"), "\(project)")
    }

    /// What keeps the launcher small: none of the modules that only termini-tools needs is linked into it.
    @Test func theLauncherLinksNoAuthoringServerOrBenchmarks() async throws {
        let symbols = try await BuiltBinaries.run("/usr/bin/nm", [BuiltBinaries.path("termini")])
        #expect(symbols.status == 0 && symbols.stdout.contains("TerminiLaunch"), "\(symbols.stderr)")
        for module in ["SwiftSyntax", "TemplateCompiler", "TerminiAuthoring", "TerminiServe", "TerminiBench", "NIOSSH", "Hummingbird"] {
            #expect(!symbols.stdout.contains(module), "the launcher links \(module)")
        }
    }

    /// Help handed over reads exactly as `termini-tools`' own, under the one name `termini`.
    @Test func helpIsHandedOverUnderTheNameTermini() async throws {
        for arguments in [["--help"], ["pack", "--help"], ["run", "--help"]] {
            let launcher = try await BuiltBinaries.run("termini", arguments)
            let tools = try await BuiltBinaries.run("termini-tools", arguments)
            #expect(launcher.status == 0 && launcher.stdout == tools.stdout, "\(arguments): \(launcher.stdout)\(launcher.stderr)")
            let usage = "USAGE: termini " + (arguments.count > 1 ? arguments[0] + " " : "")
            #expect(launcher.stdout.contains(usage), "\(arguments): \(launcher.stdout)")
        }
    }

    /// Without `termini-tools` beside it, the launcher says where it looked and fails; a run it does itself still works.
    @Test func aLauncherAloneNamesTheMissingTools() async throws {
        let folder = BuiltBinaries.temporaryFolder()
        // Copied by `cp`, not by this process: a child that another test spawns meanwhile would inherit the copy's
        // open file, and running the copy would fail with ETXTBSY.
        let copy = try await BuiltBinaries.run("/bin/cp", [BuiltBinaries.path("termini"), folder + "/termini"])
        #expect(copy.status == 0, "\(copy.stderr)")
        let pack = try await BuiltBinaries.run(folder + "/termini", ["pack", "--help"])
        #expect(pack.status == 1, "\(pack.stdout)\(pack.stderr)")
        #expect(pack.stderr == "termini: error: 'termini pack' is in termini-tools, which is not next to \(folder)/termini "
                + "(build it: swift build --product termini-tools)\n", "\(pack.stderr)")
        let gallery = try await BuiltBinaries.run(folder + "/termini", [])
        #expect(gallery.status == 1 && gallery.stderr.hasPrefix("termini: error: the gallery is in termini-tools"), "\(gallery.stderr)")
        // The launcher's own error, not the hand-over's: it parsed and ran `run` without termini-tools.
        let run = try await BuiltBinaries.run(folder + "/termini", ["run", folder + "/missing"])
        #expect(run.status == 1 && run.stderr == "termini: error: \(folder)/missing: no such file or folder\n", "\(run.stderr)")
    }
}
