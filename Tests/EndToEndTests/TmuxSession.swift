import Foundation
import TestSupport

/// One tmux session running a command on a real terminal: send keys, read the screen as a person would.
struct TmuxSession {
    let name = "termini-e2e-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"

    /// Runs one tmux client command to its end, on this session's own server (`-L name`): tests that run at the
    /// same time never share a server, so one test's last `kill-session` cannot take another's server down with it.
    /// Only capture-pane's and display-message's output is read: `new-session` forks the tmux server, which would
    /// hold any pipe it inherited open for its whole life.
    @discardableResult
    func tmux(_ args: [String]) throws -> String {
        let capture = args.first == "capture-pane" || args.first == "display-message"
        let client = try ChildProcess("/usr/bin/env", ["tmux", "-L", name] + args, stdout: capture ? .pipe : .null, stderr: .null)
        let output = PipeDrain(client.standardOutput)
        let status = client.waitBlocking()
        let text = output.waitBlocking()
        // An empty screen and a session that has ended must not look alike to a test.
        if capture && status != .exited(0) { throw SessionEnded(name: name, command: args.first ?? "") }
        return text
    }

    /// The session is gone: its pane's process ended or the tmux server did.
    struct SessionEnded: Error, CustomStringConvertible {
        let name: String
        let command: String
        var description: String { "tmux \(command): session \(name) has ended" }
    }

    func start(_ command: String, width: Int = 80, height: Int = 24, in folder: String? = nil) throws {
        var args = ["new-session", "-d", "-s", name, "-x", "\(width)", "-y", "\(height)"]
        if let folder { args += ["-c", folder] }
        try tmux(args + [command])
    }

    func kill() { _ = try? tmux(["kill-session", "-t", name]) }

    func keys(_ keys: String...) throws { try tmux(["send-keys", "-t", name] + keys) }

    func type(_ text: String) throws { try tmux(["send-keys", "-t", name, "-l", text]) }

    func screen() throws -> String { try tmux(["capture-pane", "-p", "-t", name]) }

    /// The screen with its colours and attributes as escape sequences (`capture-pane -e`).
    func styledScreen() throws -> String { try tmux(["capture-pane", "-e", "-p", "-t", name]) }

    /// Polls the screen until `predicate` holds or a generous deadline passes (a loaded machine is slow, not wrong).
    func waitForScreen(timeout: TimeInterval = 20, _ predicate: (String) -> Bool) async throws -> String {
        let deadline = Date().addingTimeInterval(timeout)
        var text = try screen()
        while !predicate(text) && Date() < deadline {
            try await Task.sleep(for: .milliseconds(50))
            text = try screen()
        }
        return text
    }

    /// Polls the styled screen (`capture-pane -e`) until `predicate` holds or the deadline passes.
    func waitForStyledScreen(timeout: TimeInterval = 20, _ predicate: (String) -> Bool) async throws -> String {
        let deadline = Date().addingTimeInterval(timeout)
        var text = try styledScreen()
        while !predicate(text) && Date() < deadline {
            try await Task.sleep(for: .milliseconds(50))
            text = try styledScreen()
        }
        return text
    }

    /// The one process the pane's shell runs now (the app under test), by its parent: a pattern match could also
    /// hit a process that merely mentions the same arguments (a tmux server keeps the argv of the client that
    /// started it).
    func appProcess() throws -> String {
        let shell = try tmux(["display-message", "-p", "-t", name, "#{pane_pid}"]).trimmingCharacters(in: .whitespacesAndNewlines)
        let children = try ChildProcess("/usr/bin/env", ["pgrep", "-P", shell], stdout: .pipe, stderr: .null)
        let found = PipeDrain(children.standardOutput)
        _ = children.waitBlocking()
        let pids = found.waitBlocking().split(whereSeparator: \.isNewline).map(String.init)
        guard pids.count == 1 else { throw NotOneApp(pids: pids) }
        return pids[0]
    }

    /// Sends `signal` (a name such as `TERM`) to the app the pane's shell runs; returns its pid.
    @discardableResult
    func signalApp(_ signal: String) throws -> String {
        let pid = try appProcess()
        _ = try ChildProcess("/usr/bin/env", ["kill", "-\(signal)", pid], stdout: .null, stderr: .null).waitBlocking()
        return pid
    }

    /// The pane's shell runs no process, or more than one.
    struct NotOneApp: Error, CustomStringConvertible {
        let pids: [String]
        var description: String { "the shell should run the app alone: \(pids)" }
    }
}
