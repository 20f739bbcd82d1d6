import ArgumentParser
import TerminiLaunch
import TerminiRuntime

/// `termini keep <id> <version> [--release] [--store DIR]`: pins an installed version against pruning.
struct KeepCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "keep",
        abstract: "Keep an installed version on disk: pruning never removes it (--release lets it go again).",
        discussion: """
            The store keeps each app's current version and the one before it for a rollback; older versions are \
            removed after a successful launch of a new one, unless they are kept with this command. 'termini list' \
            marks kept versions and shows the disk each app uses.

            Examples:
              termini keep todo 1.0.0
              termini keep todo 1.0.0 --release
            """)

    @Argument(help: "The app id.")
    var id: String

    @Argument(help: "An installed version of the app.")
    var version: String

    @Flag(help: "Stop keeping the version; the next successful launch prunes it unless it is current or the one before.")
    var release = false

    @OptionGroup var store: StoreOption

    func run() throws {
        let changed: Bool
        do { changed = try store.appStore.keep(id, version: version, release: release) } catch { throw CLIError("\(error)") }
        switch (release, changed) {
        case (false, true): print("keeping \(id) \(version): pruning will not remove it")
        case (false, false): print("\(id) \(version) is kept already; nothing changed")
        case (true, true): print("no longer keeping \(id) \(version); the next successful launch prunes it unless it is current or the one before")
        case (true, false): print("\(id) \(version) was not kept; nothing changed")
        }
    }
}
