/// What an update's manifest asks for beyond the installed version's: new permissions and request domains. An update
/// that adds any is held until the user approves it; one that only removes never asks.
public struct PermissionChange: Equatable, Sendable {
    public var permissions: [String]
    public var requestDomains: [String]

    public init(from installed: BundleManifest, to update: BundleManifest) {
        permissions = update.permissions.filter { !installed.permissions.contains($0) }
        requestDomains = update.requestDomains.filter { !installed.requestDomains.contains($0) }
    }

    public var isEmpty: Bool { permissions.isEmpty && requestDomains.isEmpty }

    /// As the user is asked: `files, request to api.example.com`.
    public var summary: String {
        (permissions + requestDomains.map { "request to \($0)" }).joined(separator: ", ")
    }
}

/// A downloaded update held until approved, and what it adds.
public struct HeldUpdate: Equatable, Sendable {
    public var id: String
    public var version: String
    public var current: String
    public var adds: PermissionChange
}
