import ArgumentParser
import TerminiLaunch
import TerminiRuntime

/// `termini promote <id> <version> --from beta --to stable --registry DIR --key k.key`: moves a release between
/// channels.
struct PromoteCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "promote",
        abstract: "Move a published version from one channel to another, re-signing the index (the archive is not uploaded again).",
        discussion: """
            Clients that follow a channel ('termini registry add --channel') take its releases and every stable \
            one; promoting a version to stable makes it reach every client. docs/DISTRIBUTION.md explains channels.

            Examples:
              termini promote todo 1.3.0 --from beta --to stable --registry /srv/termini --key registry.key
            """)

    @Argument(help: "The app id.")
    var id: String

    @Argument(help: "The published version to move.")
    var version: String

    @Option(name: .long, help: ArgumentHelp("The channel it is on now.", valueName: "name"))
    var from: String

    @Option(name: .long, help: ArgumentHelp("The channel to move it to.", valueName: "name"))
    var to: String

    @OptionGroup var signing: RegistrySigningOptions

    func run() throws {
        let publisher = try signing.publisher()
        let changed: Bool
        do { changed = try publisher.promote(id: id, version: version, from: from, to: to) } catch {
            throw CLIError("promote failed: \(error)")
        }
        print(changed ? "promoted \(id) \(version) from \(from) to \(to) in \(publisher.folder)"
                      : "\(id) \(version) is on channel \(to) already; nothing changed")
    }
}
