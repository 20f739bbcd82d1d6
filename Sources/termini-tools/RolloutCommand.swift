import ArgumentParser
import TerminiLaunch
import TerminiRuntime

/// `termini rollout <id> <version> <percent> --registry DIR --key k.key`: changes a staged rollout.
struct RolloutCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rollout",
        abstract: "Set the percentage of installs a published version reaches, re-signing the index.",
        discussion: """
            Each install has a stable random id; it takes the version when the hash of its id, the app and the \
            version falls below the percentage, so the same install always gets the same answer and raising the \
            percentage only adds installs. 100 reaches everyone. docs/DISTRIBUTION.md explains staged rollouts.

            Examples:
              termini rollout todo 1.3.0 50 --registry /srv/termini --key registry.key
              termini rollout todo 1.3.0 100 --registry /srv/termini --key registry.key
            """)

    @Argument(help: "The app id.")
    var id: String

    @Argument(help: "The published version.")
    var version: String

    // Captured as text, unrecognized options included, so that "-1" or "150%" is answered with the range rule
    // rather than read as an unknown option.
    @Argument(parsing: .allUnrecognized, help: ArgumentHelp("The percentage of installs, 0-100.", valueName: "percent"))
    var percentArguments: [String] = []

    @OptionGroup var signing: RegistrySigningOptions

    func validate() throws {
        guard percentArguments.count == 1 else {
            throw ValidationError("give one percentage of installs, 0-100, after the version (got \(percentArguments.isEmpty ? "none" : percentArguments.joined(separator: " ")))")
        }
    }

    func run() throws {
        let percent = percentArguments[0]
        guard let value = Int(percent.hasSuffix("%") ? String(percent.dropLast()) : percent) else {
            throw CLIError("rollout failed: the percentage must be a whole number from 0 to 100, got '\(percent)'")
        }
        let publisher = try signing.publisher()
        let changed: Bool
        do { changed = try publisher.setRollout(id: id, version: version, percent: value) } catch {
            throw CLIError("rollout failed: \(error)")
        }
        print(changed ? "\(id) \(version) now rolls out to \(value) % of installs (\(publisher.folder))"
                      : "\(id) \(version) rolls out to \(value) % already; nothing changed")
    }
}
