import TerminiTemplate

/// The native services that built-in commands use. The host builds one and passes it to
/// `BuiltinCommands.registrations(environment:)`; commands receive it through their registration closure, so no
/// command reaches for a global.
public struct CommandEnvironment: Sendable {
    /// The durable key-value store behind `setStorage` and friends.
    public var storage: StorageStore
    /// The hosts an app may reach with `request`: its manifest's `requestDomains`, looked up by app id so one
    /// environment can serve every bundle the host runs.
    public var requestDomains: @Sendable (_ appId: String) -> [String]
    /// Default timeout and size limit for `request`.
    public var requestLimits: RequestLimits
    /// Canned answers that replace the network for `request` (snapshots).
    public var requestFixtures: RequestFixtures?
    /// What `getSystemInfo` reports; the host fills in the terminal size, colours and versions at call time.
    public var systemInfo: @Sendable (CommandContext) -> SystemInfo
    /// The apps' folders behind the file commands and `downloadFile`; nil registers none.
    public var files: AppFiles?
    /// The open WebSockets of the apps served, and their limits.
    public var sockets: OpenSockets

    public init(storage: StorageStore,
                requestDomains: @escaping @Sendable (_ appId: String) -> [String],
                requestLimits: RequestLimits = RequestLimits(), requestFixtures: RequestFixtures? = nil,
                systemInfo: @escaping @Sendable (CommandContext) -> SystemInfo, files: AppFiles? = nil,
                sockets: OpenSockets = OpenSockets())
    {
        self.files = files
        self.sockets = sockets
        self.requestFixtures = requestFixtures
        self.storage = storage
        self.requestDomains = requestDomains
        self.requestLimits = requestLimits
        self.systemInfo = systemInfo
    }
}
