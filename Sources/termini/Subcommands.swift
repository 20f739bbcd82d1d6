import ArgumentParser

/// The subcommand table: add a new subcommand's type here (one file per subcommand).
enum TerminiSubcommands {
    static let all: [any ParsableCommand.Type] = [
        VersionCommand.self,
    ]
}

/// Prints the engine version.
struct VersionCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "version", abstract: "Print the engine version.")
    func run() { print("termini 0.1.0") }
}
