import Foundation

/// The bound on a browser session's output that has been read from the app's pty but not yet written to the
/// WebSocket. The pty's reader takes from it before queuing a chunk and waits while the bound is reached, so it stops
/// reading; the pty's own buffer then fills and the app's writes block, as a slow SSH client holds an app back
/// through the SSH window. A client that does not read costs the server at most `limit` bytes plus one chunk.
///
/// State is guarded by `condition`.
public final class OutputBudget: @unchecked Sendable {
    /// The bytes that may be queued before the reader waits.
    public let limit: Int
    private let condition = NSCondition()
    private var queued = 0
    private var isOpen = false

    /// A budget of `limit` bytes.
    public init(limit: Int) { self.limit = limit }

    /// Counts `bytes` as queued, first waiting (blocking the calling thread) while the queue is at its limit.
    public func take(_ bytes: Int) {
        condition.lock()
        defer { condition.unlock() }
        while queued >= limit && !isOpen { condition.wait() }
        queued += bytes
    }

    /// Counts `bytes` as written, which lets a waiting reader go on.
    public func giveBack(_ bytes: Int) {
        condition.lock()
        defer { condition.unlock() }
        queued -= bytes
        condition.broadcast()
    }

    /// Stops holding the reader back, for good: once a session is ending its app must be able to write its last
    /// frames and exit, whether or not anyone reads them.
    public func open() {
        condition.lock()
        defer { condition.unlock() }
        isOpen = true
        condition.broadcast()
    }

    /// The bytes queued now.
    public var queuedBytes: Int {
        condition.lock()
        defer { condition.unlock() }
        return queued
    }
}
