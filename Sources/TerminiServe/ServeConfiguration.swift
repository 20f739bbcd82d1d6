import Foundation

/// What `termini serve` was asked for, whatever the listener: which store, how clients are let in, and the limits.
public struct ServeConfiguration: Sendable {
    /// The store of installed apps that sessions run from; per-user storage lives under it too.
    public var store: String
    /// Where the Ed25519 host key is read from, or generated on the first start.
    public var hostKeyPath: String
    /// OpenSSH `authorized_keys` file; nil only with `open`.
    public var authorizedKeysPath: String?
    /// Anyone may connect: no key is checked and every session gets storage of its own, removed when it ends.
    public var open: Bool
    /// Every session runs this app; nil lets the exec command, the user name or the chooser pick.
    public var app: String?
    /// Sessions beyond this many are told the server is full and closed.
    public var maxSessions: Int
    /// A session with no input for this long is closed.
    public var idleTimeout: Duration
    /// A connection that has not authenticated within this long is closed.
    public var loginGraceTime: Duration = .seconds(20)
    /// The `termini` executable that each session runs as `termini run`.
    public var terminiExecutable: String
    /// Arguments added to every child's `termini run` (the script time and memory caps).
    public var runArguments: [String]

    public init(store: String, hostKeyPath: String, authorizedKeysPath: String?, open: Bool,
                app: String?, maxSessions: Int, idleTimeout: Duration, terminiExecutable: String, runArguments: [String]) {
        self.store = store
        self.hostKeyPath = hostKeyPath
        self.authorizedKeysPath = authorizedKeysPath
        self.open = open
        self.app = app
        self.maxSessions = maxSessions
        self.idleTimeout = idleTimeout
        self.terminiExecutable = terminiExecutable
        self.runArguments = runArguments
    }

    /// The host key's place when `--host-key` is not given: inside the store.
    public static func defaultHostKeyPath(store: String) -> String { store + "/ssh_host_ed25519_key" }
}

/// A problem that stops the server from starting, worded for the person who started it.
public struct ServeError: Error, CustomStringConvertible, Sendable {
    public let description: String
    public init(_ description: String) { self.description = description }
}
