import TerminiTemplate

/// Who is calling a command: the app, its permissions, and the page the call belongs to.
public struct CommandContext: Sendable {
    public var appId: String
    /// The calling page's instance id; nil for calls made outside any page (e.g. from `App.onLaunch`).
    public var pageId: Int?
    public var pageName: String?
    /// The permissions the bundle's manifest grants.
    public var permissions: Set<String>
    /// Where the call reports what happens before its answer (a response's chunks, a socket's messages); the router
    /// sets it for each call, and drops what a call sends once it is aborted, answered or its page unloaded.
    public var events: CommandEvents

    public init(appId: String, pageId: Int?, pageName: String?, permissions: Set<String>,
                events: CommandEvents = .ignored)
    {
        self.appId = appId
        self.pageId = pageId
        self.pageName = pageName
        self.permissions = permissions
        self.events = events
    }
}

/// Typed failure codes returned to JS as `errCode`. The numbers are part of the public contract; never renumber.
public enum CommandErrorCode: Int, Sendable, CaseIterable {
    case unknownCommand = 1
    case permissionDenied = 2
    case invalidParameter = 3
    case notFound = 4
    case quotaExceeded = 5
    case timeout = 6
    case network = 7
    case cancelled = 8
    case limitReached = 9
    case busy = 10
    case `internal` = 11
    /// A service cannot work in this store: its file cannot be opened or written (the reason names the file, the
    /// cause and the remedy). Other services, and the app, go on.
    case unavailable = 12
}

/// A command failure: a code and a one-line reason, sent to JS as `{errMsg: '<name>:fail <reason>', errCode}`.
public struct CommandError: Error, Equatable, Sendable {
    public var code: CommandErrorCode
    public var reason: String
    public init(_ code: CommandErrorCode, _ reason: String) {
        self.code = code
        self.reason = reason
    }
}

/// Helpers for reading parameters with errors that name the field.
extension JSONValue {
    /// The parameter `key` as a string, or an `.invalidParameter` error naming it.
    public func requiredString(_ key: String) throws(CommandError) -> String {
        guard let v = self[key] else { throw CommandError(.invalidParameter, "missing required parameter '\(key)'") }
        guard case .string(let s) = v else {
            throw CommandError(.invalidParameter, "parameter '\(key)' must be a string, got \(v.typeName)")
        }
        return s
    }

    /// The optional parameter `key` as a number, or an `.invalidParameter` error naming it.
    public func optionalNumber(_ key: String) throws(CommandError) -> Double? {
        guard let v = self[key], !v.isNull else { return nil }
        guard case .number(let n) = v, n.isFinite else {
            throw CommandError(.invalidParameter, "parameter '\(key)' must be a number, got \(v.typeName)")
        }
        return n
    }

    /// The optional parameter `key` as a boolean, or an `.invalidParameter` error naming it.
    public func optionalBool(_ key: String) throws(CommandError) -> Bool? {
        guard let v = self[key], !v.isNull else { return nil }
        guard case .bool(let b) = v else {
            throw CommandError(.invalidParameter, "parameter '\(key)' must be a boolean, got \(v.typeName)")
        }
        return b
    }

    /// The optional parameter `key` as a string, or an `.invalidParameter` error naming it.
    public func optionalString(_ key: String) throws(CommandError) -> String? {
        guard let v = self[key], !v.isNull else { return nil }
        guard case .string(let s) = v else {
            throw CommandError(.invalidParameter, "parameter '\(key)' must be a string, got \(v.typeName)")
        }
        return s
    }
}
