import ArgumentParser
import TerminiRuntime

/// `termini registry add|list|remove`: the registries a store installs and updates from.
struct RegistryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "registry",
        abstract: "Manage the registries a store installs and updates apps from.",
        discussion: """
            Examples:
              termini registry add main https://apps.example.com/termini/ --trust registry.pub
              termini registry list
              termini registry remove main
            """,
        subcommands: [RegistryAddCommand.self, RegistryListCommand.self, RegistryRemoveCommand.self])
}

/// The `--store` option every registry and install command takes.
struct StoreOption: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("Store folder (default: $XDG_DATA_HOME/termini or ~/.local/share/termini).", valueName: "dir"))
    var store: String?

    var appStore: AppStore { AppStore(root: store ?? AppStore.defaultRoot()) }
}
