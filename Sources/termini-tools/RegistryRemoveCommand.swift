import ArgumentParser
import TerminiLaunch
import TerminiRuntime

/// `termini registry remove <name>`.
struct RegistryRemoveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remove", abstract: "Remove a registry and its cached index; installed apps stay but are no longer updated from it.",
        discussion: """
            Examples:
              termini registry remove main
            """)

    @Argument(help: "The registry's name.")
    var name: String

    @OptionGroup var store: StoreOption

    func run() throws {
        do { try RegistrySources(store: store.appStore).remove(name) } catch { throw CLIError("\(error)") }
        print("removed registry \(name) from \(store.appStore.root)")
    }
}
