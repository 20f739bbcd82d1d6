import Foundation
import Testing
import TestSupport

/// Hostile clients against `termini serve`: garbage instead of a handshake, a handshake never finished, 200
/// connections in a second, and window changes to 0×0 and 10000×10000 from a real OpenSSH session. After each the
/// server still serves a session, and no process or connection is left behind.
@Suite(.serialized) struct ServeBadInputTests {
    @Test func garbageBeforeTheHandshakeIsDroppedAndTheServerServesOn() async throws {
        let serve = try await ServeFixture.withTodo()
        let key = try await serve.makeKey("erin")
        try await serve.start(["--authorized-keys", try serve.authorize([key])])
        for garbage in ["GET / HTTP/1.1\r\nHost: x\r\n\r\n", "SSH-9.9-nonsense\r\n" + String(repeating: "\u{1}\u{ff}", count: 4000),
                        String(repeating: "A", count: 70_000)] {
            let socket = try RawClient(port: serve.port)
            socket.send(Array(garbage.utf8))
            #expect(await socket.waitForClose(timeout: 60), "the server kept a connection that sent garbage open")
        }
        try await expectServesASession(serve, key: key)
        #expect(await serve.stop() == .exited(0))
    }

    @Test func aHandshakeNeverFinishedIsClosedAtTheLoginTimeout() async throws {
        let serve = try await ServeFixture.withTodo()
        let key = try await serve.makeKey("frank")
        try await serve.start(["--authorized-keys", try serve.authorize([key]), "--login-timeout", "2s"])
        let silent = try RawClient(port: serve.port)
        let versionOnly = try RawClient(port: serve.port)
        versionOnly.send(Array("SSH-2.0-OpenSSH_9.2\r\n".utf8))
        #expect(await silent.waitForClose(timeout: 60))
        #expect(await versionOnly.waitForClose(timeout: 60))
        let log = try await serve.waitForLog { $0.components(separatedBy: "no login within 2s").count > 2 }
        #expect(log.components(separatedBy: "no login within 2s").count > 2, "\(log)")
        try await expectServesASession(serve, key: key)
        #expect(await serve.stop() == .exited(0))
    }

    @Test func twoHundredConnectsInASecond() async throws {
        let serve = try await ServeFixture.withTodo()
        let key = try await serve.makeKey("grace")
        try await serve.start(["--authorized-keys", try serve.authorize([key]), "--login-timeout", "5s"])
        let pid = try #require(serve.server?.pid)
        let descriptorsBefore = Self.openDescriptors(pid)
        let started = Date()
        var clients: [RawClient] = []
        for index in 0..<200 {
            let client = try RawClient(port: serve.port)
            if index % 2 == 0 { client.send(Array("SSH-2.0-flood\r\n".utf8)) }
            clients.append(client)
        }
        let took = Date().timeIntervalSince(started)
        clients.forEach { $0.close() }
        // Every connection is closed and forgotten: the server's descriptors fall back to where they were.
        var descriptorsAfter = Self.openDescriptors(pid)
        let deadline = Date().addingTimeInterval(60)
        while descriptorsAfter > descriptorsBefore + 2 && Date() < deadline {
            try await Task.sleep(for: .milliseconds(100))
            descriptorsAfter = Self.openDescriptors(pid)
        }
        #expect(descriptorsAfter <= descriptorsBefore + 2, "descriptors \(descriptorsBefore) before, \(descriptorsAfter) after; 200 connects took \(took) s")
        try await expectServesASession(serve, key: key)
        #expect(await serve.stop() == .exited(0))
    }

    @Test func windowChangesToZeroAndHugeSizesAreClamped() async throws {
        let serve = try await ServeFixture.withTodo()
        let key = try await serve.makeKey("heidi")
        try await serve.start(["--authorized-keys", try serve.authorize([key])])
        let tmux = TmuxSession()
        defer { tmux.kill() }
        try tmux.start(serve.ssh(key: key, user: "todo"), width: 70, height: 20)
        _ = try await tmux.waitForScreen(timeout: 60) { $0.contains("Todo (2)") }
        let child = try #require(serve.children().first)
        // Setting the size of the ssh client's own terminal sends it SIGWINCH; it sends the window-change.
        let tty = try tmux.tmux(["display-message", "-p", "-t", tmux.name, "#{pane_tty}"]).trimmingCharacters(in: .whitespacesAndNewlines)
        for (rows, columns) in [(0, 0), (10000, 10000), (0, 10000)] {
            let stty = try await BuiltBinaries.run("/bin/stty", ["-F", tty, "rows", "\(rows)", "cols", "\(columns)"])
            #expect(stty.status == 0, "\(stty.stderr)")
            try await Task.sleep(for: .milliseconds(500))
            #expect(FileManager.default.fileExists(atPath: "/proc/\(child)"), "the app died at \(columns)x\(rows)\n\(serve.log)")
        }
        // Back to a real size: the same app, still alive, draws again.
        _ = try await BuiltBinaries.run("/bin/stty", ["-F", tty, "rows", "20", "cols", "70"])
        try tmux.tmux(["resize-window", "-t", tmux.name, "-x", "72", "-y", "21"])
        try tmux.type("Still here")
        try tmux.keys("Enter")
        let screen = try await tmux.waitForScreen { $0.contains("Still here") && $0.contains("Todo (3)") }
        #expect(screen.contains("Still here") && screen.contains("Todo (3)"), "\(screen)\n\(serve.log)")
        #expect(serve.children() == [child])
        let status = try String(contentsOfFile: "/proc/\(child)/status", encoding: .utf8)
        let rss = status.firstMatch(of: /VmRSS:\s+(\d+) kB/).flatMap { Int($0.1) } ?? 0
        // A 10000×10000 screen would be 100 million cells; the clamp keeps the app's memory ordinary.
        #expect(rss < 1_000_000, "the app's RSS is \(rss) kB")
        #expect(await serve.stop() == .exited(0))
        #expect(!FileManager.default.fileExists(atPath: "/proc/\(child)"))
    }

    func expectServesASession(_ serve: ServeFixture, key: String) async throws {
        let tmux = TmuxSession()
        defer { tmux.kill() }
        try tmux.start(serve.ssh(key: key, user: "todo"), width: 70, height: 20)
        let screen = try await tmux.waitForScreen(timeout: 60) { $0.contains("Todo (2)") }
        #expect(screen.contains("Todo (2)"), "\(screen)\n\(serve.log)")
        try tmux.keys("C-c")
        _ = try await tmux.waitForScreen { $0.contains("ssh-exit-") }
        let deadline = Date().addingTimeInterval(60)
        while !serve.children().isEmpty && Date() < deadline { try await Task.sleep(for: .milliseconds(100)) }
        #expect(serve.children().isEmpty)
    }

    static func openDescriptors(_ pid: pid_t) -> Int {
        (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd").count) ?? -1
    }
}

/// A plain TCP connection to the server, for clients that do not speak SSH (or stop speaking it).
final class RawClient: @unchecked Sendable {
    private var fd: Int32

    init(port: Int) throws {
        guard let fd = connectToLoopback(port: port) else {
            throw TestSupportError("cannot connect to 127.0.0.1:\(port): errno \(errno)")
        }
        self.fd = fd
    }

    func send(_ bytes: [UInt8]) { _ = bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) } }

    /// Reads (and drops) what the server sends until it closes the connection; false if it is still open at `timeout`.
    func waitForClose(timeout: TimeInterval) async -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        var buffer = [UInt8](repeating: 0, count: 4096)
        while Date() < deadline {
            var ready = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            if poll(&ready, 1, 0) > 0 {
                let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
                if n <= 0 { return true }
                continue
            }
            try? await Task.sleep(for: .milliseconds(20))
        }
        return false
    }

    /// Reads until the end of an HTTP response's head (or the connection's end, or `timeout`); returns what came.
    func readHead(timeout: TimeInterval) async -> String {
        let deadline = Date().addingTimeInterval(timeout)
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while Date() < deadline && !String(decoding: received, as: UTF8.self).contains("\r\n\r\n") {
            var ready = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            if poll(&ready, 1, 0) > 0 {
                let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
                if n <= 0 { break }
                received += buffer[0..<n]
                continue
            }
            try? await Task.sleep(for: .milliseconds(20))
        }
        return String(decoding: received, as: UTF8.self)
    }

    func close() {
        if fd >= 0 { Glibc.close(fd) }
        fd = -1
    }

    deinit { close() }
}
