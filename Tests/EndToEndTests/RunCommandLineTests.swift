import Foundation
import Testing

/// `termini run`'s command line is parsed on a fast path (`LaunchFastPath`), and whatever that path cannot parse,
/// help and errors included, reads as it does through the whole command tree.
@Suite struct RunCommandLineTests {
    @Test func helpAndErrorsNameTheFullCommand() async throws {
        let help = try await BuiltBinaries.run("termini", ["run", "--help"])
        // With as many options as run has, the usage line folds them into [<options>]; it still names the command.
        #expect(help.status == 0 && help.stdout.contains("USAGE: termini run [<options>] <target>"), "\(help.stdout)")
        let unknown = try await BuiltBinaries.run("termini", ["run", "--bogus", "x"])
        #expect(unknown.status == 64, "\(unknown.stderr)")
        #expect(unknown.stderr.contains("Unknown option '--bogus'") && unknown.stderr.contains("Usage: termini run [<options>] <target>"),
                "\(unknown.stderr)")
        let missing = try await BuiltBinaries.run("termini", ["run"])
        #expect(missing.status == 64 && missing.stderr.contains("Missing expected argument '<target>'"), "\(missing.stderr)")
        let badValue = try await BuiltBinaries.run("termini", ["run", "x", "--fps", "0"])
        #expect(badValue.status == 64 && badValue.stderr.contains("--fps must be between 1 and 1000, got 0"), "\(badValue.stderr)")
    }

    /// `termini --version` says what `termini version` says, as a CLI's users expect.
    @Test func versionFlagAndSubcommandAgree() async throws {
        let flag = try await BuiltBinaries.run("termini", ["--version"])
        let subcommand = try await BuiltBinaries.run("termini", ["version"])
        #expect(flag.status == 0 && flag.stdout.hasPrefix("termini "), "\(flag.stdout)\(flag.stderr)")
        #expect(flag.stdout == subcommand.stdout)
    }
}
