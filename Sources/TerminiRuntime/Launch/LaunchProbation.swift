import Foundation

/// CodePush's notifyAppReady for mini-apps: an installed version whose first launch is not yet confirmed. A first
/// frame that shows a page confirms it; a script error or an invalid template before that rolls the app back.
public final class LaunchProbation: @unchecked Sendable {
    public let store: AppStore
    public let id: String
    public let version: String
    private let lock = NSLock()
    private var settled = false
    private var rollbackNotice: String?

    public init(store: AppStore, id: String, version: String) {
        self.store = store
        self.id = id
        self.version = version
    }

    /// The message to show the user after a rollback (nil when none happened).
    public var notice: String? {
        lock.lock(); defer { lock.unlock() }
        return rollbackNotice
    }

    /// The first launch showed a page: record it so later failures are ordinary errors, not rollbacks.
    public func succeed() {
        guard claim() else { return }
        try? store.markLaunchSucceeded(id, version: version)
    }

    /// The first launch failed: roll back to the previous version and return the notice, or nil when there is no
    /// previous version (the failure is then reported as a plain error).
    @discardableResult
    public func fail(reason: String) -> String? {
        guard claim() else { return notice }
        let message: String
        do {
            let result = try store.rollback(id)
            message = "\(id) \(version) failed its first launch (\(reason)); rolled back to \(result.to). "
                + "The next run uses \(result.to)."
        } catch {
            guard error.kind != .nothingToRollBack else { return nil }
            message = "\(id) \(version) failed its first launch (\(reason)); the rollback failed too: \(error)"
        }
        lock.lock(); rollbackNotice = message; lock.unlock()
        return message
    }

    private func claim() -> Bool {
        lock.lock(); defer { lock.unlock() }
        if settled { return false }
        settled = true
        return true
    }
}
