import TerminiTemplate

// The five storage commands, WeChat-shaped. Each needs a `StorageStore`, which it gets from its registration closure
// (`BuiltinCommands.registrations(environment:)`). `init(context:params:)` exists only because `Command` requires it:
// an instance made that way has no store and answers `.internal` instead of crashing.

private func requireStore(_ store: StorageStore?, _ name: String) throws(CommandError) -> StorageStore {
    guard let store else {
        throw CommandError(.internal, "\(name) has no storage store; register it with BuiltinCommands.registrations(environment:)")
    }
    return store
}

/// `setStorage({key, data})`: stores any JSON value under `key` for the calling app.
public struct SetStorageCommand: Command {
    public static let name = "setStorage"
    private let context: CommandContext
    private let params: JSONValue
    private let store: StorageStore?
    private var key = ""
    private var data: JSONValue = .null

    public init(context: CommandContext, params: JSONValue) { self.init(context: context, params: params, store: nil) }
    public init(context: CommandContext, params: JSONValue, store: StorageStore?) {
        self.context = context
        self.params = params
        self.store = store
    }

    public mutating func checkAndParse() throws(CommandError) {
        _ = try requireStore(store, Self.name)
        key = try params.requiredString("key")
        try StorageStore.validate(key: key)
        guard let data = params["data"] else { throw CommandError(.invalidParameter, "missing required parameter 'data'") }
        self.data = data
    }

    public func run() async throws(CommandError) -> [String: JSONValue] {
        try requireStore(store, Self.name).set(app: context.appId, key: key, value: data)
        return [:]
    }
}

/// `getStorage({key})` → `{data}`; a missing key fails with `.notFound`.
public struct GetStorageCommand: Command {
    public static let name = "getStorage"
    private let context: CommandContext
    private let params: JSONValue
    private let store: StorageStore?
    private var key = ""

    public init(context: CommandContext, params: JSONValue) { self.init(context: context, params: params, store: nil) }
    public init(context: CommandContext, params: JSONValue, store: StorageStore?) {
        self.context = context
        self.params = params
        self.store = store
    }

    public mutating func checkAndParse() throws(CommandError) {
        _ = try requireStore(store, Self.name)
        key = try params.requiredString("key")
        try StorageStore.validate(key: key)
    }

    public func run() async throws(CommandError) -> [String: JSONValue] {
        ["data": try requireStore(store, Self.name).get(app: context.appId, key: key)]
    }
}

/// `removeStorage({key})`: deletes one key; a missing key is not an error.
public struct RemoveStorageCommand: Command {
    public static let name = "removeStorage"
    private let context: CommandContext
    private let params: JSONValue
    private let store: StorageStore?
    private var key = ""

    public init(context: CommandContext, params: JSONValue) { self.init(context: context, params: params, store: nil) }
    public init(context: CommandContext, params: JSONValue, store: StorageStore?) {
        self.context = context
        self.params = params
        self.store = store
    }

    public mutating func checkAndParse() throws(CommandError) {
        _ = try requireStore(store, Self.name)
        key = try params.requiredString("key")
        try StorageStore.validate(key: key)
    }

    public func run() async throws(CommandError) -> [String: JSONValue] {
        try requireStore(store, Self.name).remove(app: context.appId, key: key)
        return [:]
    }
}

/// `clearStorage()`: deletes every key of the calling app.
public struct ClearStorageCommand: Command {
    public static let name = "clearStorage"
    private let context: CommandContext
    private let store: StorageStore?

    public init(context: CommandContext, params: JSONValue) { self.init(context: context, params: params, store: nil) }
    public init(context: CommandContext, params: JSONValue, store: StorageStore?) {
        self.context = context
        self.store = store
    }

    public mutating func checkAndParse() throws(CommandError) { _ = try requireStore(store, Self.name) }

    public func run() async throws(CommandError) -> [String: JSONValue] {
        try requireStore(store, Self.name).clear(app: context.appId)
        return [:]
    }
}

/// `getStorageInfo()` → `{keys, currentSize, limitSize}`. Sizes are in KB (1024 bytes) as in WeChat;
/// `currentSize` rounds up, so any stored data shows as at least 1.
public struct GetStorageInfoCommand: Command {
    public static let name = "getStorageInfo"
    private let context: CommandContext
    private let store: StorageStore?

    public init(context: CommandContext, params: JSONValue) { self.init(context: context, params: params, store: nil) }
    public init(context: CommandContext, params: JSONValue, store: StorageStore?) {
        self.context = context
        self.store = store
    }

    public mutating func checkAndParse() throws(CommandError) { _ = try requireStore(store, Self.name) }

    public func run() async throws(CommandError) -> [String: JSONValue] {
        let usage = try requireStore(store, Self.name).usage(app: context.appId)
        return [
            "keys": .array(usage.keys.map { .string($0) }),
            "currentSize": .number(Double((usage.currentBytes + 1023) / 1024)),
            "limitSize": .number(Double(usage.limitBytes / 1024)),
        ]
    }
}
