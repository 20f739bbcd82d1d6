import Foundation
import TerminiRuntime

/// The registry side of `run` and `snapshot` opening an installed app (docs/DISTRIBUTION.md): a version below the
/// index's minimum waits for the update in the foreground; otherwise the app runs at once while a background check
/// installs a newer version for the next launch, and at exit a download in flight gets up to 10 s to finish.
public final class LaunchUpdates: @unchecked Sendable {
    static let exitWait: Double = 10
    let id: String
    let updater: AppUpdater
    private var background: BackgroundUpdate?
    private let lock = NSLock()
    private var installed: AppUpdateNotice?
    private var deliver: ((AppUpdateNotice) -> Void)?

    /// Nil unless `target` is a `minigame://` URL of an app installed from a registry.
    public init?(target: String, store: AppStore, timeout: TimeoutOption) {
        guard case .installed(let id, _, _)? = try? LaunchTarget.parse(target) else { return nil }
        let updater = AppUpdater(client: timeout.client(store))
        guard updater.client.sources.origin(of: id) != nil else { return nil }
        self.id = id
        self.updater = updater
    }

    /// Before anything is shown: when the last index said the installed version is below the app's minimum, the
    /// update is installed now with a progress bar; if that fails, or the user cancels it with Esc, the old version
    /// does not run.
    public func installRequiredUpdate() throws {
        guard let required = updater.requiredUpdate(id) else { return }
        let cancellation = RegistryCancellation()
        let escape = EscapeToCancel.start { cancellation.cancel() }
        defer { escape?.stop() }
        printNotice("\(id) \(required.installed) is below the minimum version \(required.minimum) of registry \(required.registry); updating before the launch"
                    + (escape == nil ? "" : " (Esc cancels)"))
        let bar = DownloadProgressBar("downloading \(id)")
        do {
            let outcome = try updater.check(id, cancellation: cancellation) { phase in
                if case .downloading(_, let bytes, let total) = phase { bar.update(received: bytes, total: total) }
            }
            bar.finish()
            if case .installed(_, let to, _) = outcome, let version = SemanticVersion(to), version >= SemanticVersion(required.minimum)! {
                printNotice("updated \(id) to \(to)")
                return
            }
            throw CLIError("\(id) \(required.installed) is below the minimum \(required.minimum), and registry \(required.registry) offers no newer version this engine can run")
        } catch let error as RegistryError {
            bar.finish()
            if cancellation.isCancelled {
                throw CLIError("the required update of \(id) to \(required.minimum) was cancelled; \(id) \(required.installed) is below the minimum and does not start (the next launch or 'termini update \(id)' tries again)")
            }
            throw CLIError("\(id) \(required.installed) is below the minimum \(required.minimum) and the required update failed: \(error); it will be retried at the next launch or with 'termini update \(id)'")
        }
    }

    /// Starts the background check once; its console lines go to `console`.
    public func startInBackground(console: @escaping @Sendable (String) -> Void) {
        guard background == nil else { return }
        let check = BackgroundUpdate(updater: updater, id: id, log: console) { [self] notice in
            lock.lock()
            installed = notice
            let target = deliver
            lock.unlock()
            target?(notice)
        }
        background = check
        check.start()
    }

    /// The engine now running `running` hears of an installed update through `deliver` (thread-safe engine calls
    /// only); an engine restarted on that update does not hear of it again.
    public func attach(running: String, _ deliver: @escaping (AppUpdateNotice) -> Void) {
        lock.lock()
        self.deliver = deliver
        let notice = installed?.version == running ? nil : installed
        lock.unlock()
        if let notice { deliver(notice) }
    }

    /// At exit: waits for a download in flight (at most 10 s), stops anything else.
    public func finish() {
        background?.finish(waitingForDownloadAtMost: Self.exitWait)
    }
}
