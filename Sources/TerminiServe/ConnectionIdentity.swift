import TerminiClock

/// Who one SSH connection authenticated as: filled in by `ServeAuthDelegate`, read by each session it opens.
public final class ConnectionIdentity: Sendable {
    /// The client's address without its port, the unit of failed-login limiting.
    public let address: String
    private let state = Locked<(user: String, keyFingerprint: String?)?>(nil)

    public init(address: String) { self.address = address }

    /// Records a successful login.
    func authenticated(user: String, keyFingerprint: String?) { state.value = (user, keyFingerprint) }

    /// Whether the connection has logged in.
    public var isAuthenticated: Bool { state.value != nil }
    /// The SSH user name the client logged in with (it may name an app).
    public var user: String? { state.value?.user }
    /// The fingerprint of the key the client proved it holds; nil with `--open`.
    public var keyFingerprint: String? { state.value?.keyFingerprint }
}
