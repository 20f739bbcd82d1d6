import ArgumentParser
import TerminiLaunch
import TerminiRuntime

/// `termini yank <id> <version> --registry DIR --key k.key`: pulls a published version.
struct YankCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "yank",
        abstract: "Withdraw a published version: clients never install it, and those running it go back.",
        discussion: """
            Marks the version as withdrawn in the signed index (the archive stays). Clients that run it go back to \
            the newest version that is not withdrawn at their next launch, and App.onUpdateReady hears \
            {version, reason: "withdrawn"}; no client installs it again. docs/DISTRIBUTION.md explains it.

            Examples:
              termini yank todo 1.0.2 --registry /srv/termini --key registry.key
            """)

    @Argument(help: "The app id.")
    var id: String

    @Argument(help: "The version to withdraw.")
    var version: String

    @OptionGroup var signing: RegistrySigningOptions

    func run() throws {
        let publisher = try signing.publisher()
        let changed: Bool
        do { changed = try publisher.yank(id: id, version: version) } catch { throw CLIError("yank failed: \(error)") }
        print(changed ? "withdrew \(id) \(version) in \(publisher.folder); clients running it go back at their next launch"
                      : "\(id) \(version) is already withdrawn in \(publisher.folder); nothing changed")
    }
}
