import ArgumentParser
import TerminiLaunch
import TerminiRuntime

/// `termini registry list`.
struct RegistryListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list", abstract: "List the store's registries, their URLs and trusted keys.",
        discussion: """
            Examples:
              termini registry list
              termini registry list --store /tmp/store
            """)

    @OptionGroup var store: StoreOption

    func run() throws {
        let sources: [RegistrySource]
        do { sources = try RegistrySources(store: store.appStore).list() } catch { throw CLIError("\(error)") }
        if sources.isEmpty {
            print("no registries in \(store.appStore.root) (add one with 'termini registry add <name> <url> --trust <prefix>.pub')")
            return
        }
        for source in sources {
            let redirects = source.allowRedirectHosts.isEmpty ? "" : "  redirects also to: " + source.allowRedirectHosts.joined(separator: ", ")
            let channel = source.channel == RegistryIndex.stableChannel ? "" : "  channel \(source.channel)"
            print("\(source.name)  \(source.url.absoluteString)  trusts \(source.trust.map(\.fingerprint).joined(separator: ", "))\(channel)\(redirects)")
        }
    }
}
