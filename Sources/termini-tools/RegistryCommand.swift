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

/// `--registry` and `--key`, shared by the commands that change a published registry's signed index (promote,
/// rollout, yank, rotate-key): the folder, and the registry key that re-signs index.json.
struct RegistrySigningOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("The registry folder.", valueName: "dir"))
    var registry: String

    @Option(name: .long, help: ArgumentHelp("The registry's private key; it signs index.json.", valueName: "prefix.key"))
    var key: String

    /// The registry key, loaded.
    func signingKey() throws -> BundleSigningKey { try BundleSigningKey.load(path: key) }

    /// The publisher that edits the folder's index and signs it with the registry key.
    func publisher() throws -> RegistryPublisher { RegistryPublisher(folder: registry, key: try signingKey()) }
}
