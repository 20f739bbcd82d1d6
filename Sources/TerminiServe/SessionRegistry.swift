import Foundation
import TerminiClock

/// A live session as the registry sees it: it can be told to end with a message, or killed.
protocol RegisteredSession: Sendable {
    /// Ends the session: its app is asked to quit, then `message` is shown and the connection closed.
    func close(saying message: String)
    /// Kills the session's child process at once: the last resort when a shutdown's time is up.
    func kill()
}

/// The server's live sessions: admits new ones up to `--max-sessions`, and ends them all on shutdown.
public final class SessionRegistry: Sendable {
    let limit: Int
    private let state = Locked((sessions: [UInt64: any RegisteredSession](), next: UInt64(0), closing: false))

    public init(limit: Int) { self.limit = limit }

    /// Registers `session` and returns its id, or nil when the server is full or shutting down.
    func admit(_ session: any RegisteredSession) -> UInt64? {
        state.withLock { state in
            guard !state.closing, state.sessions.count < limit else { return nil }
            state.next += 1
            state.sessions[state.next] = session
            return state.next
        }
    }

    /// Forgets a session that has ended.
    func remove(_ id: UInt64) { state.withLock { _ = $0.sessions.removeValue(forKey: id) } }

    /// How many sessions are live.
    public var count: Int { state.withLock { $0.sessions.count } }

    /// Admits no more sessions and tells every live one to close with `message`.
    func closeAll(saying message: String) {
        let sessions = state.withLock { state in
            state.closing = true
            return Array(state.sessions.values)
        }
        sessions.forEach { $0.close(saying: message) }
    }

    /// Kills every live session's child process.
    func killAll() { state.withLock { Array($0.sessions.values) }.forEach { $0.kill() } }

    /// Tells every session `message` and waits until they have ended: their apps get SIGTERM and two seconds, then
    /// SIGKILL; whatever is left shortly before `deadline` is killed.
    public func endAll(saying message: String, deadline: Duration) {
        closeAll(saying: message)
        let start = ContinuousClock.now
        while count > 0 && ContinuousClock.now < start + deadline - .milliseconds(700) { usleep(20_000) }
        if count > 0 {
            ServeLog.line("serve: \(count) session(s) still running at the deadline: killing them")
            killAll()
            while count > 0 && ContinuousClock.now < start + deadline { usleep(20_000) }
        }
    }
}
