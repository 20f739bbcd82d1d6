import ArgumentParser
import TerminiLaunch
import TerminiRuntime

/// `termini registry add <name> <url> --trust k.pub`.
struct RegistryAddCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add",
        abstract: "Add a registry: its index must be signed by one of the --trust keys.",
        discussion: """
            The keys are copied into the store, so the .pub files may be removed afterwards. Redirects are followed \
            only to the registry's own host over https (an http registry may redirect within its host), unless the \
            target host is added with --allow-redirect-host. With --channel, the client also takes the releases \
            published to that channel ('termini publish --channel'), besides the stable ones.

            Examples:
              termini registry add main https://apps.example.com/termini/ --trust registry.pub
              termini registry add dev http://127.0.0.1:8000/ --trust dev.pub --store /tmp/store
              termini registry add testers https://apps.example.com/termini/ --trust registry.pub --channel beta
              termini registry add cdn https://apps.example.com/ --trust new.pub --trust old.pub --allow-redirect-host cdn.example.net
            """)

    @Argument(help: "A name for the registry (letters, digits, '-', '_', '.').")
    var name: String

    @Argument(help: "The registry's base URL: the folder that holds index.json.")
    var url: String

    @Option(name: .long, help: ArgumentHelp("A public key the index may be signed with (repeatable; at least one).", valueName: "prefix.pub"))
    var trust: [String] = []

    @Option(name: .customLong("allow-redirect-host"), help: ArgumentHelp("Another host redirects may go to over https (repeatable).", valueName: "host"))
    var allowRedirectHosts: [String] = []

    @Option(name: .long, help: ArgumentHelp("The channel to follow: its releases and every stable one (default: stable).", valueName: "name"))
    var channel: String = RegistryIndex.stableChannel

    @OptionGroup var store: StoreOption

    func run() throws {
        let keys = try trust.map { path throws in try BundlePublicKey.load(path: path) }
        let sources = RegistrySources(store: store.appStore)
        do {
            let source = try RegistrySource(name: name, url: url, trust: keys, allowRedirectHosts: allowRedirectHosts, channel: channel)
            try sources.add(source)
            print("added registry \(source.name) \(source.url.absoluteString) (trusting \(keys.map(\.fingerprint).joined(separator: ", "))) to \(store.appStore.root)")
        } catch {
            throw CLIError("\(error)")
        }
    }
}
