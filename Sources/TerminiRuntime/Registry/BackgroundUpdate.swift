import Foundation

/// What the app hears through `App.onUpdateReady`: the version the next launch runs, and why when it is not simply
/// newer.
public struct AppUpdateNotice: Equatable, Sendable {
    /// Why the version changes, besides a newer one being available.
    public enum Reason: String, Sendable {
        /// The running version was withdrawn by its publisher (`termini yank`).
        case withdrawn
    }

    public var version: String
    public var reason: Reason?

    public init(version: String, reason: Reason? = nil) {
        self.version = version
        self.reason = reason
    }
}

/// The update check a launch of an installed app runs beside it: the app runs at once, this thread fetches the
/// index (one 304 when unchanged), and a newer version is downloaded, verified and installed for the next launch.
/// Failures never reach the screen: a network problem is one `[update]` log line, a bad signature a `[warn]` line.
public final class BackgroundUpdate: @unchecked Sendable {
    private let updater: AppUpdater
    private let id: String
    private let log: @Sendable (String) -> Void
    private let onInstalled: @Sendable (AppUpdateNotice) -> Void
    private let cancellation = RegistryCancellation()
    private let lock = NSLock()
    private let done = DispatchSemaphore(value: 0)
    private var phase: UpdatePhase?
    private var result: Result<UpdateOutcome, RegistryError>?

    /// `log` receives console lines; `onInstalled` the version installed for the next launch (any thread).
    public init(updater: AppUpdater, id: String, log: @escaping @Sendable (String) -> Void,
                onInstalled: @escaping @Sendable (AppUpdateNotice) -> Void)
    {
        // A file-level update that falls back to the archive says why in the log, not on the app's screen.
        var updater = updater
        updater.client.warn = { log("[warn] " + $0) }
        self.updater = updater
        self.id = id
        self.log = log
        self.onInstalled = onInstalled
    }

    /// Starts the check on its own thread and returns at once.
    public func start() {
        Thread.detachNewThread { [self] in
            let outcome: Result<UpdateOutcome, RegistryError>
            do throws(RegistryError) {
                outcome = .success(try updater.check(id, cancellation: cancellation) { [self] phase in
                    lock.lock(); self.phase = phase; lock.unlock()
                })
            } catch {
                outcome = .failure(error)
            }
            report(outcome)
            lock.lock(); result = outcome; phase = nil; lock.unlock()
            done.signal()
        }
    }

    private func report(_ outcome: Result<UpdateOutcome, RegistryError>) {
        switch outcome {
        case .success(.installed(let from, let to, let download)):
            log("[update] \(id) \(to) installed (was \(from)); the next launch runs it")
            log("[update] \(id) \(to): \(download.summary)")
            onInstalled(AppUpdateNotice(version: to))
        case .success(.withdrawn(let from, let to)):
            log("[update] \(id) \(from) was withdrawn by its publisher; the next launch runs \(to)")
            onInstalled(AppUpdateNotice(version: to, reason: .withdrawn))
        case .success(.withdrawnWithoutReplacement(let version)):
            log("[warn] \(id) \(version) was withdrawn by its publisher, but no other version runs on this engine; it is kept")
        case .success(.upToDate(let version)):
            log("[update] \(id) \(version) is up to date")
        case .success(.held(let installed, let version, let adds, _)):
            log("[update] \(id) \(version) is downloaded but held: it wants \(adds.summary); the next launch asks (or 'termini update --approve \(id)'); \(installed) runs until then")
        case .success(.heldByRollout(let installed, let version, let percent)):
            log("[update] \(id) \(installed) is up to date for this install: \(version) is rolling out to \(percent) % of installs, not yet to this one")
        case .success(.skippedFailed(let installed, let failed)):
            log("[update] \(id) \(installed) is kept: \(failed.version) failed its first launch here and is not installed again")
        case .success(.notFromRegistry):
            break
        case .failure(let error) where error.kind == .badSignature || error.kind == .badIndex:
            log("[warn] update check of \(id): index ignored: \(error)")
        case .failure(let error) where cancellation.isCancelled:
            log("[update] update check of \(id) stopped at exit: \(error.message)")
        case .failure(let error):
            log("[update] update check of \(id) failed; running the installed version: \(error)")
        }
    }

    /// The outcome once the check has finished.
    public var outcome: Result<UpdateOutcome, RegistryError>? {
        lock.lock(); defer { lock.unlock() }
        return result
    }

    /// At exit: waits up to `limit` for a download in flight so that a short session still completes it, and up to
    /// `indexLimit` for an index fetch still in flight (one small request, which may lead to such a download); stops
    /// anything else (a partial download is removed; the next launch retries). Returns whether the check had finished.
    @discardableResult
    public func finish(waitingForDownloadAtMost limit: Double = 10, forIndexAtMost indexLimit: Double = 2) -> Bool {
        let started = DispatchTime.now()
        while true {
            lock.lock()
            let finished = result != nil
            let downloading: Bool
            if case .downloading? = phase { downloading = true } else { downloading = false }
            lock.unlock()
            if finished { return true }
            let until = started + (downloading ? limit : indexLimit)
            guard DispatchTime.now() < until else { break }
            // Short waits while the index is fetched: the check may move on to a download, which gets the longer limit.
            if done.wait(timeout: downloading ? until : min(until, .now() + 0.05)) == .success {
                done.signal()
                return true
            }
        }
        cancellation.cancel()
        _ = done.wait(timeout: .now() + 2)
        return false
    }
}
