import ArgumentParser
import TerminiLaunch
import TerminiRuntime

/// `termini list [--store DIR]`: installed apps, their versions, and which is current.
struct ListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list", abstract: "List installed apps and their versions.",
        discussion: """
            Each app shows the disk its versions use. '*' marks the current version; 'not launched yet' means its \
            first launch is still on probation; 'kept' marks versions pinned with 'termini keep'; '?' an update held \
            because it adds permissions or request domains. Versions \
            that failed their first launch are listed with '!' and the reason: updates never install them again \
            ('termini install <id> --retry-failed' does).
            """)

    @Option(name: .long, help: ArgumentHelp("Store folder (default: $XDG_DATA_HOME/termini or ~/.local/share/termini).", valueName: "dir"))
    var store: String?

    func run() throws {
        let appStore = AppStore(root: store ?? AppStore.defaultRoot())
        let listing = appStore.listing()
        if listing.apps.isEmpty && listing.broken.isEmpty {
            print("no apps installed in \(appStore.root)")
            return
        }
        for app in listing.apps {
            print("\(app.id)  (\(Self.size(appStore.diskUsage(app.id))) on disk)")
            for version in app.versions.reversed() {
                let kept = app.pinnedVersions.contains(version) ? ", kept" : ""
                if version == app.currentVersion {
                    print("  * \(version)  (current\(app.pointer.launchConfirmed ? "" : ", not launched yet")\(kept))")
                } else {
                    print("    \(version)\(kept.isEmpty ? "" : "  (kept)")")
                }
            }
            if let held = appStore.heldUpdate(app.id) {
                print("  ? \(held.version)  (held until approved: wants \(held.adds.summary); 'termini update --approve \(app.id)')")
            }
            for failed in app.failedVersions.reversed() {
                print("  ! \(failed.version)  (failed its first launch at \(failed.at): \(failed.reason); not installed again)")
            }
        }
        // The others are listed first: one damaged app stops no other from being seen.
        for broken in listing.broken {
            printNotice("\(broken.id): \(broken.pointerPath): \(broken.problem); to repair it, \(broken.repair)")
        }
        if !listing.broken.isEmpty { throw ExitCode.failure }
    }

    /// Bytes for people: `812 B`, `14.2 KB`, `2.1 MB`.
    static func size(_ bytes: Int64) -> String {
        if bytes < 1024 { return "\(bytes) B" }
        if bytes < 1 << 20 { return String(format: "%.1f KB", Double(bytes) / 1024) }
        return String(format: "%.1f MB", Double(bytes) / Double(1 << 20))
    }
}
