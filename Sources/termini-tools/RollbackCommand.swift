import ArgumentParser
import TerminiRuntime

/// `termini rollback <id> [--store DIR]`: makes the previous version current again.
struct RollbackCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rollback",
        abstract: "Restore the previous version of an installed app; the version rolled back from is removed.")

    @Argument(help: ArgumentHelp("The app id.", valueName: "id"))
    var id: String

    @Option(name: .long, help: ArgumentHelp("Store folder (default: $XDG_DATA_HOME/termini or ~/.local/share/termini).", valueName: "dir"))
    var store: String?

    func run() throws {
        let result = try AppStore(root: store ?? AppStore.defaultRoot()).rollback(id)
        print("rolled back \(result.id) from \(result.from) to \(result.to) (\(result.from) was removed)")
    }
}
