import Foundation
import Testing
import TestSupport

/// A `termini serve` started for one test on a loopback port the system picks: a store with the todo sample
/// installed, client keys made by `ssh-keygen`, and the server's output in a log file the test reads.
final class ServeFixture: @unchecked Sendable {
    let folder = BuiltBinaries.temporaryFolder()
    var store: String { folder + "/store" }
    var logPath: String { folder + "/serve.log" }
    private(set) var server: ChildProcess?
    private(set) var port = 0
    /// The browser page's URL with its token, when the server was started with `--http`.
    private(set) var pageURL = ""
    private(set) var httpPort = 0

    /// Makes the store and installs the todo sample in it.
    static func withTodo() async throws -> ServeFixture {
        let fixture = ServeFixture()
        let zip = fixture.folder + "/todo.zip"
        let pack = try await BuiltBinaries.run("termini", ["pack", BuiltBinaries.sample("todo"), "--out", zip])
        #expect(pack.status == 0, "\(pack.stderr)")
        let install = try await BuiltBinaries.run("termini", ["install", zip, "--store", fixture.store, "--dev"])
        #expect(install.status == 0, "\(install.stderr)")
        return fixture
    }

    /// A new Ed25519 key pair; returns the private key's path (the public key is `<path>.pub`).
    func makeKey(_ name: String) async throws -> String {
        let path = folder + "/" + name
        let r = try await BuiltBinaries.run("/usr/bin/ssh-keygen", ["-q", "-t", "ed25519", "-N", "", "-C", name, "-f", path])
        #expect(r.status == 0, "\(r.stderr)")
        return path
    }

    /// An authorized_keys file listing the public halves of `keys`.
    func authorize(_ keys: [String]) throws -> String {
        let path = folder + "/authorized_keys"
        let lines = try keys.map { try String(contentsOfFile: $0 + ".pub", encoding: .utf8) }
        try lines.joined().write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// Starts the server with `--store <store>`, `listeners` (default: SSH on a free loopback port) and `arguments`,
    /// and waits until every listener has printed its address.
    func start(_ arguments: [String], listeners: [String] = ["--ssh", "127.0.0.1:0"]) async throws {
        let command = ([BuiltBinaries.path("termini"), "serve", "--store", store] + listeners + arguments)
            .map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }.joined(separator: " ")
        server = try ChildProcess("/bin/sh", ["-c", "exec \(command) >'\(logPath)' 2>&1"], stdout: .null, stderr: .null)
        let wantsSSH = listeners.contains("--ssh"), wantsHTTP = listeners.contains("--http")
        let log = try await waitForLog {
            ((!wantsSSH || $0.contains("ssh: listening on")) && (!wantsHTTP || $0.contains("http: listening on")))
                || self.server?.poll() != nil
        }
        if wantsSSH {
            let match = log.firstMatch(of: /ssh: listening on 127\.0\.0\.1:(\d+)/)
            port = try #require(match.flatMap { Int($0.1) }, "the server did not start:\n\(log)")
        }
        if wantsHTTP {
            let match = try #require(log.firstMatch(of: /http: listening on (http:\/\/127\.0\.0\.1:(\d+)\/\S*)/),
                                     "the server did not start:\n\(log)")
            pageURL = String(match.1)
            httpPort = Int(match.2) ?? 0
        }
    }

    /// The server's output so far.
    var log: String { (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? "" }

    /// Polls the log until `predicate` holds or a generous deadline passes.
    @discardableResult
    func waitForLog(timeout: TimeInterval = 60, _ predicate: @escaping (String) -> Bool) async throws -> String {
        let deadline = Date().addingTimeInterval(timeout)
        var text = log
        while !predicate(text) && Date() < deadline {
            try await Task.sleep(for: .milliseconds(50))
            text = log
        }
        return text
    }

    /// The OpenSSH client command line that logs in with `key`, as `user`, optionally running `command`.
    func ssh(key: String, user: String, command: String? = nil) -> String {
        "ssh -tt -i '\(key)' -o IdentitiesOnly=yes -o StrictHostKeyChecking=no -o UserKnownHostsFile=/dev/null "
            + "-o LogLevel=ERROR -o BatchMode=yes -p \(port) \(user)@127.0.0.1" + (command.map { " " + $0 } ?? "")
            + "; status=$?; echo; echo ssh-exit-$status; sleep 600"
    }

    /// The server's child processes now (its sessions' `termini run`).
    func children() -> [String] {
        guard let server else { return [] }
        let r = try? ChildProcess.runBlocking("/usr/bin/pgrep", ["-P", "\(server.pid)"])
        return (r?.stdout ?? "").split(whereSeparator: \.isNewline).map(String.init)
    }

    /// Sends SIGTERM and waits for the server to end; returns how it ended.
    func stop() async -> ChildProcess.Termination? {
        guard let server else { return nil }
        server.kill(SIGTERM)
        return await server.wait(timeout: 30)
    }

    deinit {
        server?.kill(SIGKILL)
        _ = server?.poll()
    }
}
