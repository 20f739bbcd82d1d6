import ArgumentParser

/// `termini`: runs, previews, snapshots, packs and installs mini-apps. Each subcommand lives in its own file.
@main
struct Termini: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "termini",
        abstract: "A dynamic UI engine for terminal mini-apps.",
        subcommands: TerminiSubcommands.all
    )
}
