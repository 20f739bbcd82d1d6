import Foundation
import Testing
import TestSupport

/// `termini serve` over SSH, driven by Debian's OpenSSH client in tmux as a remote user would: a sample app runs
/// and takes typing; keys get separate storage; a key not listed is refused; the chooser, the exec command,
/// the session limit, the idle timeout and SIGTERM each behave as docs/SERVING.md says.
@Suite(.serialized) struct ServeSSHTests {
    @Test func sessionRunsTheAppAndTakesTyping() async throws {
        let serve = try await ServeFixture.withTodo()
        let key = try await serve.makeKey("alice")
        try await serve.start(["--authorized-keys", try serve.authorize([key])])
        let tmux = TmuxSession()
        defer { tmux.kill() }
        try tmux.start(serve.ssh(key: key, user: "todo"), width: 70, height: 20)
        let first = try await tmux.waitForScreen(timeout: 60) { $0.contains("Todo (2)") }
        #expect(first.contains("Todo (2)") && first.contains("Write the compiler"), "\(first)\n\(serve.log)")
        // The session runs in the launcher next to the server's executable, the smaller process.
        let sessions = serve.children().map { (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\($0)/exe")) ?? "?" }
        #expect(sessions.count == 1 && sessions.allSatisfy { $0.hasSuffix("/termini") }, "\(sessions)")
        try tmux.type("Buy milk")
        try tmux.keys("Enter")
        let added = try await tmux.waitForScreen { $0.contains("Todo (3)") && $0.contains("Buy milk") }
        #expect(added.contains("Todo (3)") && added.contains("Buy milk"), "\(added)")
        // A larger window: ssh sends the window change, the server resizes the app's pty, and the app draws again
        // across the new width.
        let widthBefore = Self.drawnWidth(added)
        try tmux.tmux(["resize-window", "-t", tmux.name, "-x", "110", "-y", "30"])
        let wide = try await tmux.waitForScreen(timeout: 60) { Self.drawnWidth($0) > 75 && $0.contains("Buy milk") }
        #expect(Self.drawnWidth(wide) > 75 && widthBefore <= 70, "before \(widthBefore), after \(Self.drawnWidth(wide)):\n\(wide)\n\(serve.log)")
        #expect(serve.log.contains("window change to 110x30"), "\(serve.log)")
        // The client's TERM (tmux's own) reaches the app's process.
        #expect(serve.log.contains("session started: app 'todo'"), "\(serve.log)")
        #expect(serve.log.contains("TERM=tmux") || serve.log.contains("TERM=screen"), "\(serve.log)")
        // Ctrl-C quits the app; the session ends with its exit status and the child is gone.
        try tmux.keys("C-c")
        let ended = try await tmux.waitForScreen { $0.contains("ssh-exit-") }
        #expect(ended.contains("ssh-exit-0"), "\(ended)")
        try await waitUntil { serve.children().isEmpty }
        #expect(serve.children().isEmpty)
        #expect(await serve.stop() == .exited(0))
    }

    @Test func eachKeyHasItsOwnStorageAndAnUnlistedKeyIsRefused() async throws {
        let serve = try await ServeFixture.withTodo()
        let alice = try await serve.makeKey("alice")
        let bob = try await serve.makeKey("bob")
        let mallory = try await serve.makeKey("mallory")
        try await serve.start(["--authorized-keys", try serve.authorize([alice, bob])])

        try await session(serve, key: alice) { tmux in
            try tmux.type("Alice secret")
            try tmux.keys("Enter")
            let saved = try await tmux.waitForScreen { $0.contains("Todo (3)") }
            #expect(saved.contains("Alice secret"), "\(saved)")
        }
        try await session(serve, key: alice) { tmux in
            let again = try await tmux.waitForScreen { $0.contains("Alice secret") }
            #expect(again.contains("Alice secret") && again.contains("Todo (3)"), "alice's storage is kept:\n\(again)")
        }
        try await session(serve, key: bob) { tmux in
            let other = try await tmux.waitForScreen { $0.contains("Todo (2)") }
            #expect(other.contains("Todo (2)") && !other.contains("Alice secret"), "bob sees none of alice's data:\n\(other)")
        }
        let users = try FileManager.default.contentsOfDirectory(atPath: serve.store + "/users")
        #expect(users.count == 2 && users.allSatisfy { $0.hasPrefix("sha256-") }, "\(users)")

        let tmux = TmuxSession()
        defer { tmux.kill() }
        try tmux.start(serve.ssh(key: mallory, user: "todo"), width: 70, height: 20)
        let refused = try await tmux.waitForScreen { $0.contains("ssh-exit-") }
        #expect(refused.contains("Permission denied (publickey)") && refused.contains("ssh-exit-255"), "\(refused)")
        #expect(serve.log.contains("login refused: key SHA256:"), "\(serve.log)")
        #expect(await serve.stop() == .exited(0))
    }

    /// What a client may not do: the host key is made once, owner-only, and its fingerprint printed; port forwarding
    /// and TCP channels are refused and logged; and an address that keeps failing to log in is refused without a
    /// key check, even with a listed key, until its failures are a minute old.
    @Test func hostKeyForwardingAndFailedLoginsFromOneAddress() async throws {
        let serve = try await ServeFixture.withTodo()
        let alice = try await serve.makeKey("alice")
        let mallory = try await serve.makeKey("mallory")
        try await serve.start(["--authorized-keys", try serve.authorize([alice])])
        let generated = try #require(serve.log.firstMatch(of: /generated host key (\S+)/).map { String($0.1) }, "\(serve.log)")
        let mode = try #require(FileManager.default.attributesOfItem(atPath: generated)[.posixPermissions] as? Int)
        #expect(mode == 0o600, "host key mode \(String(mode, radix: 8))")
        #expect(serve.log.contains("host key fingerprint: SHA256:"), "\(serve.log)")

        func ssh(_ key: String, _ options: [String]) async throws -> ChildProcess.Output {
            try await ChildProcess.run("/usr/bin/ssh", ["-i", key, "-o", "IdentitiesOnly=yes", "-o", "StrictHostKeyChecking=no",
                                                       "-o", "UserKnownHostsFile=/dev/null", "-o", "LogLevel=ERROR",
                                                       "-o", "BatchMode=yes", "-p", String(serve.port)] + options, timeout: 60)
        }
        // `ssh -W` asks for a direct-tcpip channel, `ssh -R` for remote forwarding: both refused and logged.
        let direct = try await ssh(alice, ["-W", "127.0.0.1:9", "todo@127.0.0.1"])
        #expect(direct.status != 0, "\(direct.stdout)\(direct.stderr)")
        _ = try await serve.waitForLog { $0.contains("refused a direct-tcpip channel to 127.0.0.1:9") }
        #expect(serve.log.contains("refused a direct-tcpip channel to 127.0.0.1:9"), "\(serve.log)")
        let remote = try await ssh(alice, ["-N", "-o", "ExitOnForwardFailure=yes", "-R", "0:127.0.0.1:9", "todo@127.0.0.1"])
        #expect(remote.status != 0, "\(remote.stdout)\(remote.stderr)")
        _ = try await serve.waitForLog { $0.contains("refused port forwarding request") }
        #expect(serve.log.contains("refused port forwarding request"), "\(serve.log)")

        // Failed logins from 127.0.0.1 until the address is held back; then alice's listed key is refused too.
        for _ in 0..<6 where !serve.log.contains("too many failed logins") {
            let refused = try await ssh(mallory, ["todo@127.0.0.1", "true"])
            #expect(refused.status == 255, "\(refused.stderr)")
        }
        _ = try await serve.waitForLog { $0.contains("login refused: too many failed logins from this address") }
        #expect(serve.log.contains("login refused: too many failed logins from this address"), "\(serve.log)")
        let heldBack = try await ssh(alice, ["todo@127.0.0.1", "true"])
        #expect(heldBack.status == 255 && heldBack.stderr.contains("Permission denied"), "\(heldBack.stderr)")
        #expect(serve.children().isEmpty)
        #expect(await serve.stop() == .exited(0))
    }

    /// A newer version installed while a session runs (as a background update installs it): the next session runs
    /// it, and the running one keeps the version it started with.
    @Test func aNewerVersionReachesNewSessionsAndRunningOnesKeepTheirs() async throws {
        let serve = try await ServeFixture.withTodo()
        let key = try await serve.makeKey("erin")
        try await serve.start(["--authorized-keys", try serve.authorize([key])])
        let running = TmuxSession()
        defer { running.kill() }
        try running.start(serve.ssh(key: key, user: "todo"), width: 70, height: 20)
        let old = try await running.waitForScreen(timeout: 60) { $0.contains("Todo (2)") }
        #expect(!old.contains("Todo Two"), "\(old)")

        // Version 1.1.0, whose page is titled "Todo Two", installed into the server's store.
        let source = serve.folder + "/todo-1.1.0"
        try FileManager.default.copyItem(atPath: BuiltBinaries.sample("todo"), toPath: source)
        for (file, from, to) in [("app.json", #""version": "1.0.0""#, #""version": "1.1.0""#),
                                 ("pages/index.swift", #"title: "Todo")"#, #"title: "Todo Two")"#)] {
            let path = source + "/" + file
            let text = try String(contentsOfFile: path, encoding: .utf8)
            #expect(text.contains(from), "\(file) no longer holds \(from)")
            try text.replacingOccurrences(of: from, with: to).write(toFile: path, atomically: true, encoding: .utf8)
        }
        let zip = serve.folder + "/todo-1.1.0.zip"
        let pack = try await BuiltBinaries.run("termini", ["pack", source, "--out", zip])
        #expect(pack.status == 0, "\(pack.stderr)")
        let install = try await BuiltBinaries.run("termini", ["install", zip, "--store", serve.store, "--dev"])
        #expect(install.status == 0, "\(install.stdout)\(install.stderr)")

        let next = TmuxSession()
        defer { next.kill() }
        try next.start(serve.ssh(key: key, user: "todo"), width: 70, height: 20)
        let screen = try await next.waitForScreen(timeout: 60) { $0.contains("Todo Two") && $0.contains("Todo (") }
        #expect(screen.contains("Todo Two"), "the new session runs 1.1.0:\n\(screen)\n\(serve.log)")
        try next.keys("C-c")
        _ = try await next.waitForScreen { $0.contains("ssh-exit-") }
        // The first session still runs 1.0.0 and still takes input.
        try running.type("Still here")
        try running.keys("Enter")
        // The typed text shows in the field before Enter adds it, so wait for the count.
        let kept = try await running.waitForScreen(timeout: 60) { $0.contains("Todo (3)") }
        #expect(kept.contains("Todo (3)") && !kept.contains("Todo Two"), "the running session keeps 1.0.0:\n\(kept)")
        try running.keys("C-c")
        _ = try await running.waitForScreen { $0.contains("ssh-exit-") }
        #expect(await serve.stop() == .exited(0))
    }

    @Test func chooserExecCommandAndUnknownApp() async throws {
        let serve = try await ServeFixture.withTodo()
        let key = try await serve.makeKey("carol")
        try await serve.start(["--authorized-keys", try serve.authorize([key])])
        // A user name that names no app and no command: the chooser.
        try await session(serve, key: key, user: "carol", waitFor: "choose an app") { tmux in
            let list = try tmux.screen()
            #expect(list.contains("1  todo"), "\(list)")
            try tmux.type("7")
            try tmux.keys("Enter")
            let wrong = try await tmux.waitForScreen { $0.contains("there is no app 7") }
            #expect(wrong.contains("there is no app 7; type 1 to 1"), "\(wrong)")
            try tmux.type("1")
            try tmux.keys("Enter")
            let app = try await tmux.waitForScreen { $0.contains("Todo (2)") }
            #expect(app.contains("Todo (2)"), "\(app)")
        }
        // The exec command names the app.
        try await session(serve, key: key, user: "carol", command: "todo") { tmux in
            let screen = try tmux.screen()
            #expect(screen.contains("Todo (2)"), "\(screen)")
        }
        let tmux = TmuxSession()
        defer { tmux.kill() }
        try tmux.start(serve.ssh(key: key, user: "carol", command: "nosuchapp"), width: 70, height: 20)
        let missing = try await tmux.waitForScreen { $0.contains("ssh-exit-") }
        #expect(missing.contains("no app 'nosuchapp' is installed here; installed: todo") && missing.contains("ssh-exit-1"), "\(missing)")
        #expect(await serve.stop() == .exited(0))
    }

    @Test func sessionLimitIdleTimeoutAndShutdown() async throws {
        let serve = try await ServeFixture.withTodo()
        let key = try await serve.makeKey("dave")
        try await serve.start(["--authorized-keys", try serve.authorize([key]), "--max-sessions", "1", "--idle-timeout", "4s"])
        let first = TmuxSession()
        defer { first.kill() }
        try first.start(serve.ssh(key: key, user: "todo"), width: 70, height: 20)
        _ = try await first.waitForScreen(timeout: 60) { $0.contains("Todo (2)") }
        let second = TmuxSession()
        defer { second.kill() }
        try second.start(serve.ssh(key: key, user: "todo"), width: 70, height: 20)
        let full = try await second.waitForScreen { $0.contains("ssh-exit-") }
        #expect(full.contains("the server is full (1 sessions); try again later") && full.contains("ssh-exit-1"), "\(full)")
        // No input for 4 s: the first session is closed and says why.
        let idle = try await first.waitForScreen(timeout: 60) { $0.contains("ssh-exit-") }
        #expect(idle.contains("idle for 4s; the session is closed"), "\(idle)")
        try await waitUntil { serve.children().isEmpty }

        // SIGTERM with a session open: it is told, the server ends within the 5 s it promises (plus a loaded
        // machine's slack), and leaves no process behind.
        let third = TmuxSession()
        defer { third.kill() }
        try third.start(serve.ssh(key: key, user: "todo"), width: 70, height: 20)
        _ = try await third.waitForScreen(timeout: 60) { $0.contains("Todo (2)") }
        let children = serve.children()
        #expect(children.count == 1, "\(children)")
        let stopped = Date()
        #expect(await serve.stop() == .exited(0))
        #expect(Date().timeIntervalSince(stopped) < 15)
        let told = try await third.waitForScreen { $0.contains("ssh-exit-") }
        #expect(told.contains("server is shutting down"), "\(told)")
        for pid in children { #expect(!FileManager.default.fileExists(atPath: "/proc/\(pid)"), "child \(pid) is left") }
    }

    /// Opens a session with `key` in tmux, waits for `waitFor`, runs `body`, then quits with Ctrl-C and waits for
    /// the session's end, so the next session sees what this one stored.
    func session(_ serve: ServeFixture, key: String, user: String = "todo", command: String? = nil,
                 waitFor: String = "Todo (", _ body: (TmuxSession) async throws -> Void) async throws {
        let tmux = TmuxSession()
        defer { tmux.kill() }
        try tmux.start(serve.ssh(key: key, user: user, command: command), width: 70, height: 20)
        let screen = try await tmux.waitForScreen(timeout: 60) { $0.contains(waitFor) }
        #expect(screen.contains(waitFor), "\(screen)\n\(serve.log)")
        try await body(tmux)
        try tmux.keys("C-c")
        let ended = try await tmux.waitForScreen { $0.contains("ssh-exit-") }
        #expect(ended.contains("ssh-exit-"), "\(ended)")
        try await waitUntil { serve.children().isEmpty }
    }

    /// How far right the screen has anything drawn: the last column that is not blank, on its widest row.
    static func drawnWidth(_ screen: String) -> Int {
        screen.split(separator: "\n").map { $0.replacing(/\s+$/, with: "").count }.max() ?? 0
    }

    func waitUntil(timeout: TimeInterval = 60, _ condition: () -> Bool) async throws {
        let deadline = Date().addingTimeInterval(timeout)
        while !condition() && Date() < deadline { try await Task.sleep(for: .milliseconds(100)) }
    }
}
