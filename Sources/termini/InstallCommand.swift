import ArgumentParser
import TerminiRuntime

/// `termini install app.zip [--store DIR] [--trust k.pub]... [--dev]`: verified, atomic install into the store.
struct InstallCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "install",
        abstract: "Verify a bundle archive and install it into the app store atomically.",
        discussion: """
            Trusted keys are the --trust files plus <store>/trusted/*.pub. The previous version is kept for \
            'termini rollback'. An interrupted install leaves the store as it was.
            """)

    @Argument(help: ArgumentHelp("The bundle archive made by 'termini pack'.", valueName: "file.zip"))
    var archive: String

    @Option(name: .long, help: ArgumentHelp("Store folder (default: $XDG_DATA_HOME/termini or ~/.local/share/termini).", valueName: "dir"))
    var store: String?

    @Option(name: .long, help: ArgumentHelp("A trusted public key (repeatable).", valueName: "prefix.pub"))
    var trust: [String] = []

    @Flag(name: .long, help: "Skip the signature check (development only; hashes, paths and limits are still checked).")
    var dev = false

    func run() throws {
        let keys = try trust.map { path throws in try BundlePublicKey.load(path: path) }
        let appStore = AppStore(root: store ?? AppStore.defaultRoot())
        let installer = BundleInstaller(store: appStore, options: InstallOptions(trustedKeys: keys, skipSignatureCheck: dev))
        let result = try installer.install(archivePath: archive)
        let previous = result.previousVersion.map { " (previous version \($0) kept for rollback)" } ?? ""
        print("installed \(result.id) \(result.version) into \(appStore.root)\(previous)")
    }
}
