import ArgumentParser
import Foundation
import TerminiLaunch
import TerminiRuntime

/// `termini update [id] [--store DIR]`: checks registries now, in the foreground, with a progress bar.
struct UpdateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "update",
        abstract: "Check the registries now and install newer versions of apps installed from them.",
        discussion: """
            Each app is checked against the registry it was installed from: the index is fetched with If-None-Match \
            (an unchanged index costs one 304), its signature checked, and a newer version downloaded, checked \
            against the index's size and SHA-256 and installed; the next launch runs it. A version lower than the \
            installed one is ignored. When the index lists the new version's files, only the files that changed are \
            downloaded and the bundle is rebuilt and checked as a full install would be (any mismatch falls back to \
            the whole archive); -v says how many bytes that saved. An update that adds permissions or request domains is downloaded but held \
            until approved (--approve, or at the next launch). Exits 1 when a check failed, naming the step and the \
            reason.

            Examples:
              termini update
              termini update todo
              termini update -v todo
              termini update todo --store /tmp/store --timeout 5
              termini update --approve todo
            """)

    @Argument(help: "The app to check (default: every app installed from a registry).")
    var id: String?

    @OptionGroup var store: StoreOption

    @OptionGroup var timeout: TimeoutOption

    @Flag(name: .shortAndLong, help: "Say what each update downloaded against the whole archive, e.g. 'downloaded 12 KB of 2.0 MB (3 of 120 files changed; 2.0 MB saved)'.")
    var verbose = false

    @Option(name: .long, help: ArgumentHelp("Accept the held update of this app, which adds permissions or request domains; the next launch runs it. Nothing is downloaded.", valueName: "id"))
    var approve: String?

    func run() throws {
        if let approve {
            let appStore = store.appStore
            guard let waiting = appStore.heldUpdate(approve) else {
                throw CLIError("\(approve) has no update waiting for approval")
            }
            do { try appStore.approveHeld(approve) } catch { throw CLIError("\(error)") }
            print("approved \(approve) \(waiting.version), which wants \(waiting.adds.summary); the next launch runs it (\(waiting.current) kept for rollback)")
            return
        }
        let updater = AppUpdater(client: timeout.client(store.appStore))
        let ids: [String]
        if let id {
            ids = [id]
        } else {
            ids = store.appStore.list().map(\.id)
            if ids.isEmpty { print("no apps installed in \(store.appStore.root)") }
        }
        var failed = 0
        for app in ids {
            let bar = DownloadProgressBar("downloading \(app)")
            do {
                let outcome = try updater.check(app) { phase in
                    if case .downloading(_, let bytes, let total) = phase { bar.update(received: bytes, total: total) }
                }
                bar.finish()
                switch outcome {
                case .notFromRegistry:
                    print("\(app): not installed from a registry; skipped")
                case .upToDate(let version):
                    print("\(app) \(version) is up to date")
                case .withdrawn(let from, let to):
                    print("\(app) \(from) was withdrawn by its publisher; the next launch runs \(to) (\(from) was removed)")
                case .withdrawnWithoutReplacement(let version):
                    print("\(app) \(version) was withdrawn by its publisher, but the registry offers no other version this engine runs; kept")
                case .held(let installed, let version, let adds, let download):
                    print("\(app) \(version) is downloaded but held: it wants \(adds.summary); approve it with 'termini update --approve \(app)' or at the next launch (\(installed) runs until then)")
                    if verbose, let download { print("\(app) \(version): \(download.summary)") }
                case .heldByRollout(let installed, let version, let percent):
                    print("\(app) \(installed) is up to date for this install: \(version) is rolling out to \(percent) % of installs, not yet to this one")
                case .skippedFailed(let installed, let failed):
                    print("\(app) \(installed) is kept: \(failed.version) failed its first launch here (\(failed.reason)) and is not installed again; 'termini install \(app) --retry-failed' retries it")
                case .installed(let from, let to, let download):
                    print("updated \(app) \(from) -> \(to); the next launch runs \(to) (\(from) kept for rollback)")
                    if verbose { print("\(app) \(to): \(download.summary)") }
                }
            } catch {
                bar.finish()
                failed += 1
                FileHandle.standardError.write(Data("termini: update of \(app) failed at \(Self.step(error)): \(error)\n".utf8))
            }
        }
        if failed > 0 { throw ExitCode(1) }
    }

    /// The step a failure belongs to, in the words of docs/DISTRIBUTION.md.
    static func step(_ error: RegistryError) -> String {
        switch error.kind {
        case .network, .redirectRefused: "fetching from the registry"
        case .badIndex, .badSignature: "checking the index"
        case .tooLarge: "downloading"
        case .mismatch: "checking the download"
        case .install, .conflict: "installing"
        case .config, .notFound, .io: "reading the store"
        }
    }
}
