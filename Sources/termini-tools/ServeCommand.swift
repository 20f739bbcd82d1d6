import ArgumentParser
import Foundation
import TerminiLaunch
import TerminiRuntime
import TerminiServe

/// `termini serve`: the store's apps over SSH, each session a `termini run` child on a pseudo-terminal of its own.
struct ServeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve", abstract: "Serve the store's apps to remote users over SSH and in the browser.",
        discussion: """
            Users connect with `ssh -t -p PORT APP@HOST` or `ssh -t -p PORT HOST APP`; with neither they choose from the \
            installed apps. Each session runs `termini run` in a process of its own, with storage per client key \
            (per session with --open). With --http a page serves the same apps through xterm.js, at a URL with a \
            random token printed at start. SIGTERM tells every session the server is shutting down and ends them within \
            5 seconds. docs/SERVING.md covers set-up and the security model.
            """)

    @Option(help: ArgumentHelp("Listen for SSH here; a bare port listens on 127.0.0.1 (port 0: any free port, printed at start).", valueName: "host:port"))
    var ssh: String?

    @Option(help: ArgumentHelp("Serve the browser page here; a bare port listens on 127.0.0.1 (needs Debian's node-xterm).", valueName: "host:port"))
    var http: String?

    @Option(help: "Store folder of installed apps; users' storage goes under <store>/users (default: $XDG_DATA_HOME/termini).")
    var store: String?

    @Option(name: .customLong("host-key"), help: ArgumentHelp("The server's Ed25519 host key, generated here if absent (default: <store>/ssh_host_ed25519_key).", valueName: "file"))
    var hostKey: String?

    @Option(name: .customLong("authorized-keys"), help: ArgumentHelp("OpenSSH authorized_keys file: the client keys that may log in.", valueName: "file"))
    var authorizedKeys: String?

    @Flag(help: "Let anyone in without a key; every session gets fresh storage, removed when it ends.")
    var open = false

    @Option(help: ArgumentHelp("Every session runs this installed app.", valueName: "id"))
    var app: String?

    @Option(name: .customLong("max-sessions"), help: "Sessions beyond this many are told the server is full.")
    var maxSessions: Int = 50

    @Option(name: .customLong("idle-timeout"), help: ArgumentHelp("Close a session with no input for this long (90s, 15m, 2h).", valueName: "duration"))
    var idleTimeout: String = "15m"

    @Option(name: .customLong("login-timeout"), help: ArgumentHelp("Close a connection that has not logged in within this long.", valueName: "duration"))
    var loginTimeout: String = "20s"

    @Option(name: .customLong("script-limit"), help: "Seconds one script call of a session's app may run before it is stopped.")
    var scriptLimit: Double = 1

    @Option(name: .customLong("script-memory"), help: ArgumentHelp("MB a session's script heap may use (0: no limit).", valueName: "MB"))
    var scriptMemory: Int = 256

    func validate() throws {
        if open, authorizedKeys != nil { throw ValidationError("--open and --authorized-keys cannot be given together") }
        if !open, authorizedKeys == nil, ssh != nil { throw ValidationError("give --authorized-keys FILE, or --open to let anyone in") }
        guard maxSessions >= 1 else { throw ValidationError("--max-sessions must be at least 1, got \(maxSessions)") }
        guard DurationText.parse(idleTimeout) != nil else {
            throw ValidationError("--idle-timeout must be a duration such as 90s, 15m or 2h, got '\(idleTimeout)'")
        }
        guard DurationText.parse(loginTimeout) != nil else {
            throw ValidationError("--login-timeout must be a duration such as 20s or 1m, got '\(loginTimeout)'")
        }
        guard scriptLimit > 0, scriptLimit <= 3600 else { throw ValidationError("--script-limit must be between 0 and 3600 seconds, got \(scriptLimit)") }
        guard (0...1_048_576).contains(scriptMemory) else { throw ValidationError("--script-memory must be between 0 and 1048576 MB, got \(scriptMemory)") }
        guard ssh != nil || http != nil else { throw ValidationError("give --ssh HOST:PORT, --http HOST:PORT or both") }
        _ = try ssh.map { try Self.address($0, option: "--ssh") }
        _ = try http.map { try Self.address($0, option: "--http") }
    }

    /// `host:port`, with the port last so that an IPv6 host (`[::1]:2222`) splits right; a bare port is loopback's.
    private static func address(_ text: String, option: String) throws -> (host: String, port: Int) {
        if let port = Int(text), (0...65535).contains(port) { return ("127.0.0.1", port) }
        guard let colon = text.lastIndex(of: ":"), let port = Int(text[text.index(after: colon)...]), (0...65535).contains(port) else {
            throw ValidationError("\(option) must be host:port, such as 127.0.0.1:2222, got '\(text)'")
        }
        let host = String(text[..<colon]).trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
        guard !host.isEmpty else { throw ValidationError("\(option) needs a host, such as 127.0.0.1:2222, got '\(text)'") }
        return (host, port)
    }

    func run() throws {
        let storeRoot = store ?? AppStore.defaultRoot()
        let sshAddress = try ssh.map { try Self.address($0, option: "--ssh") }
        let httpAddress = try http.map { try Self.address($0, option: "--http") }
        do {
            try FileManager.default.createDirectory(atPath: storeRoot, withIntermediateDirectories: true)
        } catch { throw CLIError("\(storeRoot): error: cannot create the store: \(error.localizedDescription)") }
        if let app, !AppStore(root: storeRoot).list().contains(where: { $0.id == app }) {
            throw CLIError("--app \(app): error: no app '\(app)' is installed in \(storeRoot)")
        }
        var configuration = ServeConfiguration(
            store: storeRoot,
            hostKeyPath: hostKey ?? ServeConfiguration.defaultHostKeyPath(store: storeRoot),
            authorizedKeysPath: authorizedKeys, open: open, app: app, maxSessions: maxSessions,
            idleTimeout: DurationText.parse(idleTimeout)!,
            terminiExecutable: Self.sessionExecutable(),
            runArguments: ["--script-limit", "\(scriptLimit)", "--script-memory", "\(scriptMemory)"])
        configuration.loginGraceTime = DurationText.parse(loginTimeout)!
        // Caught before a listener opens, so no SIGTERM finds the server half started; held until the end of `run`,
        // since the signal sources stop when it is released.
        let stop = ShutdownSignal()
        do {
            let keys = try authorizedKeys.map { path throws(ServeError) in try AuthorizedKeys.load(path: path) }
            keys?.warnings.forEach { writeToStandardError($0) }
            let registry = SessionRegistry(limit: configuration.maxSessions)
            let environment = SessionEnvironment(configuration: configuration, registry: registry)
            if open {
                print("WARNING: --open: ANYONE who can reach the server gets a session; no key or token is checked.")
                print("WARNING: --open: each session's storage is its own and is deleted when it ends.")
            }
            var sshServer: SSHServer?
            if case let (host, port)? = sshAddress {
                let key = try HostKeyFile.loadOrGenerate(path: configuration.hostKeyPath)
                sshServer = try SSHServer(environment: environment, host: host, port: port, hostKey: key, authorizedKeys: keys)
                print(key.generated ? "generated host key \(configuration.hostKeyPath)" : "host key \(configuration.hostKeyPath)")
                print("host key fingerprint: \(key.fingerprint)")
                print("host key: \(key.publicKeyLine)")
                if let keys { print("authorized keys: \(keys.fingerprints.count) from \(authorizedKeys ?? "")") }
                print("ssh: listening on \(host):\(sshServer!.boundPort)  (ssh -t -p \(sshServer!.boundPort) APP@\(host))")
            }
            var webServer: WebServer?
            if case let (host, port)? = httpAddress {
                let token = open ? nil : AccessToken()
                webServer = try WebServer(environment: environment, host: host, port: port, token: token, xterm: try XtermBundle.load())
                let query = token.map { "?token=\($0.value)" } ?? ""
                print("http: listening on http://\(host):\(webServer!.boundPort)/\(query)")
            }
            // A test or supervisor reads the addresses from a pipe or file: they must leave now, not at exit.
            fflush(nil)
            stop.onSignal { [sshServer, webServer] name in
                ServeLog.line("serve: \(name): shutting down \(registry.count) session(s)")
                sshServer?.stopListening()
                webServer?.stop()
                registry.endAll(saying: "termini serve: server is shutting down", deadline: .seconds(5))
                sshServer?.closeConnections()
            }
        } catch { throw CLIError("\(error)") }
        // The main thread only waits: sessions run on the server's event loops and their children's threads.
        stop.waitForShutdown()
    }

    /// What runs each session's `termini run`: the launcher next to this executable, the smaller process per session,
    /// else this executable, which runs it as well.
    private static func sessionExecutable() -> String {
        let launcher = SiblingExecutable.path(SiblingExecutable.launcher)
        return FileManager.default.isExecutableFile(atPath: launcher) ? launcher : SiblingExecutable.own
    }
}
