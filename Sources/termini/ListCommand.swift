import ArgumentParser
import TerminiRuntime

/// `termini list [--store DIR]`: installed apps, their versions, and which is current.
struct ListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "List installed apps and their versions.")

    @Option(name: .long, help: ArgumentHelp("Store folder (default: $XDG_DATA_HOME/termini or ~/.local/share/termini).", valueName: "dir"))
    var store: String?

    func run() throws {
        let appStore = AppStore(root: store ?? AppStore.defaultRoot())
        let apps = try appStore.list()
        if apps.isEmpty {
            print("no apps installed in \(appStore.root)")
            return
        }
        for app in apps {
            print(app.id)
            for version in app.versions.reversed() {
                if version == app.currentVersion {
                    print("  * \(version)  (current\(app.pointer.launchConfirmed ? "" : ", not launched yet"))")
                } else {
                    print("    \(version)")
                }
            }
        }
    }
}
