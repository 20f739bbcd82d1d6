import Foundation

/// CodePush's notifyAppReady for mini-apps: an installed version whose first launch is not yet confirmed. A first
/// frame that shows a page confirms it; a script error or an invalid template before that rolls the app back, and
/// so does a first launch whose process ended before either (found at the next start: `LaunchPreparer`). A version
/// rolled back this way is recorded as failed, and updates never install it again.
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

    /// The launch is about to run the version's script: from now until it is settled, a process that dies leaves the
    /// attempt on disk, and the next start rolls the version back.
    public func begin() {
        try? store.recordFirstLaunchAttempt(id, version: version)
    }

    /// The first launch showed a page: record it so later failures are ordinary errors, not rollbacks.
    public func succeed() {
        guard claim() else { return }
        try? store.markLaunchSucceeded(id, version: version)
    }

    /// The first launch failed: roll back to the previous version, record this one as failed, and return the notice,
    /// or nil when there is no previous version (the failure is then reported as a plain error). `runsNow` says
    /// whether the version rolled back to runs in this process (a failure found at start) or from the next run.
    @discardableResult
    public func fail(reason: String, runsNow: Bool = false) -> String? {
        guard claim() else { return notice }
        let message: String
        do {
            let result = try store.rollbackFailedLaunch(id, version: version, reason: reason)
            message = "\(id) \(version) failed its first launch (\(reason)); rolled back to \(result.to), "
                + (runsNow ? "which runs now. " : "which the next run uses. ")
                + "\(version) is not installed again ('termini install \(id) --retry-failed' overrides)."
        } catch {
            guard error.kind != .nothingToRollBack else { return nil }
            message = "\(id) \(version) failed its first launch (\(reason)); the rollback failed too: \(error)"
        }
        lock.lock(); rollbackNotice = message; lock.unlock()
        return message
    }

    /// Why an earlier first launch counts as failed when its process ended before confirming it: the crash report's
    /// first line when the run left one, else what can have happened.
    public static func reason(abandoned attempt: LaunchAttempt, store: AppStore) -> String {
        if let path = store.crashReportPath(pid: attempt.pid),
           let text = try? String(contentsOfFile: path, encoding: .utf8),
           let first = text.split(separator: "\n").first, first.hasPrefix("termini: crashed with ")
        {
            return "the process \(attempt.pid) \(first.dropFirst("termini: ".count)) before its first frame (report: \(path))"
        }
        return "the process \(attempt.pid) ended before its first frame: it crashed, was killed or was interrupted during startup"
    }

    private func claim() -> Bool {
        lock.lock(); defer { lock.unlock() }
        if settled { return false }
        settled = true
        return true
    }
}
