import ArgumentParser
import Foundation
import TerminiLaunch
import TerminiRuntime

/// `termini install <file.zip | http(s)://…/x.zip | id> [--store DIR] [--trust k.pub]... [--dev] [--registry name]
/// [--version v]`: verified, atomic install into the store from a file, a URL or a registry.
struct InstallCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "install",
        abstract: "Verify a bundle and install it into the app store atomically: from a file, a URL or a registry.",
        discussion: """
            A path with a '/' or ending in .zip is a file (write ./name for other files), a bare name an app id. \
            A file or URL is checked against the --trust keys plus <store>/trusted/*.pub. An app id is looked up in \
            the store's registries ('termini registry add'); its archive must match the signed index (size and \
            SHA-256) and be signed by a key the registry is trusted with. The previous version is kept for \
            'termini rollback'. An interrupted install leaves the store as it was. A version that failed its first \
            launch in this store is not installed again unless --retry-failed is given.

            Examples:
              termini install todo.zip --trust team.pub
              termini install https://example.com/apps/todo-1.0.0.zip --trust team.pub
              termini install todo
              termini install todo --registry main --version 1.1.0
              termini install todo --version 1.0.2 --retry-failed
            """)

    @Argument(help: ArgumentHelp("A bundle archive made by 'termini pack', its http(s) URL, or an app id to install from a registry.", valueName: "file.zip|url|id"))
    var archive: String

    @OptionGroup var store: StoreOption

    @OptionGroup var timeout: TimeoutOption

    @Option(name: .long, help: ArgumentHelp("A trusted public key for a file or URL (repeatable).", valueName: "prefix.pub"))
    var trust: [String] = []

    @Flag(name: .long, help: "Skip the signature check of a file or URL (development only; hashes, paths and limits are still checked).")
    var dev = false

    @Option(name: .long, help: ArgumentHelp("The registry to install an app id from (default: the one registry that lists it).", valueName: "name"))
    var registry: String?

    @Option(name: .long, help: ArgumentHelp("The version to install from the registry (default: the newest this engine runs).", valueName: "version"))
    var version: String?

    @Flag(name: .customLong("retry-failed"), help: "Install a version even though it failed its first launch in this store before ('termini list' shows such versions).")
    var retryFailed = false

    var isURL: Bool { archive.lowercased().hasPrefix("http://") || archive.lowercased().hasPrefix("https://") }

    /// A bare name is an app id; a file is named by a path with `/` or a `.zip` ending (`./name` for others).
    var isAppId: Bool { !isURL && !archive.contains("/") && !archive.lowercased().hasSuffix(".zip") }

    func validate() throws {
        if !isAppId && (registry != nil || version != nil) {
            throw ValidationError("--registry and --version apply to installing an app id from a registry, not a file or URL")
        }
        if isAppId && (dev || !trust.isEmpty) {
            throw ValidationError("--trust and --dev apply to files and URLs; a registry's keys are given with 'termini registry add --trust'")
        }
    }

    func run() throws {
        let appStore = store.appStore
        let result: InstallResult
        var from = ""
        if isAppId {
            let bar = DownloadProgressBar("downloading \(archive)")
            let updater = AppUpdater(client: timeout.client(appStore))
            do {
                let installed = try updater.install(archive, version: version, registry: registry, retryFailed: retryFailed) { bar.update(received: $0, total: $1) }
                bar.finish()
                result = installed.result
                from = " from registry \(installed.registry)"
            } catch {
                bar.finish()
                throw CLIError("install of \(archive) failed: \(error)")
            }
        } else if isURL {
            guard let url = URL(string: archive), url.host != nil else { throw CLIError("\(archive): not a valid URL") }
            let keys = try trust.map { path throws in try BundlePublicKey.load(path: path) }
            let bar = DownloadProgressBar("downloading \(url.lastPathComponent)")
            do {
                result = try timeout.client(appStore).install(url: url, trust: keys, skipSignatureCheck: dev, retryFailed: retryFailed) { bar.update(received: $0, total: $1) }
                bar.finish()
            } catch {
                bar.finish()
                throw CLIError("install from \(archive) failed: \(error)")
            }
            from = " from \(url.host ?? "")"
        } else {
            let keys = try trust.map { path throws in try BundlePublicKey.load(path: path) }
            let installer = BundleInstaller(store: appStore, options: InstallOptions(trustedKeys: keys, skipSignatureCheck: dev,
                                                                                      retryFailed: retryFailed))
            result = try installer.install(archivePath: archive)
        }
        let previous = result.previousVersion.map { " (previous version \($0) kept for rollback)" } ?? ""
        print("installed \(result.id) \(result.version)\(from) into \(appStore.root)\(previous)")
    }
}
