import Foundation

/// One tmux session running a command on a real terminal: send keys, read the screen as a person would.
struct TmuxSession {
    let name = "termini-e2e-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"

    @discardableResult
    func tmux(_ args: [String]) throws -> String {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = ["tmux"] + args
        // Only capture-pane's output is read: `new-session` forks the tmux server, which would keep a pipe open.
        let capture = args.first == "capture-pane"
        let out = Pipe()
        p.standardOutput = capture ? out : FileHandle.nullDevice
        p.standardError = FileHandle.nullDevice
        p.standardInput = FileHandle.nullDevice
        try p.run()
        let data = capture ? out.fileHandleForReading.readDataToEndOfFile() : Data()
        p.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
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
}
