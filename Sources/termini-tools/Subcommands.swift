import ArgumentParser
import TerminiLaunch
import TerminiRuntime

/// The subcommand table: add a new subcommand's type here (one file per subcommand).
enum TerminiSubcommands {
    static let all: [any ParsableCommand.Type] = [
        RunCommand.self, RecordCommand.self, BenchCommand.self,
        SnapshotCommand.self, TestCommand.self, ReplayCommand.self,
        VersionCommand.self,
        KeygenCommand.self, PackCommand.self, InstallCommand.self, ListCommand.self, KeepCommand.self, RollbackCommand.self,
        PublishCommand.self, PromoteCommand.self, RolloutCommand.self, YankCommand.self, RotateKeyCommand.self, RegistryCommand.self, UpdateCommand.self,
        NewCommand.self, PreviewCommand.self, ServeCommand.self, CheckCommand.self, TypesCommand.self, GenerateSamplesCommand.self,
    ]
}

/// Prints the engine version.
struct VersionCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "version", abstract: "Print the engine version.")
    func run() { print("termini \(TerminiEngine.version)") }
}
