import TerminiTemplate

// The five storage commands, WeChat-shaped. Each gets its `StorageStore` from its registration closure
// (`BuiltinCommands.registrations(environment:)`); no permission is needed, as storage is private to the app.

/// `setStorage({key, data})`: stores any JSON value under `key` for the calling app.
public struct SetStorageCommand: Command {
    public static let name = "setStorage"
    public static let shape = CommandShape(
        "Stores a JSON value under a key of this app's storage.",
        parameters: [CommandField("key", "string", "1 to 1024 UTF-8 bytes"), CommandField("data", "unknown", "any JSON value, at most 1 MB")])
    private let context: CommandContext
    private let params: JSONValue
    private let store: StorageStore
    private var key = ""
    private var data: JSONValue = .null

    public init(context: CommandContext, params: JSONValue, store: StorageStore) {
        self.context = context
        self.params = params
        self.store = store
    }

    public mutating func checkAndParse() throws(CommandError) {
        key = try params.requiredString("key")
        try StorageStore.validate(key: key)
        guard let data = params["data"] else { throw CommandError(.invalidParameter, "missing required parameter 'data'") }
        self.data = data
    }

    public func run() async throws(CommandError) -> [String: JSONValue] {
        try store.set(app: context.appId, key: key, value: data)
        return [:]
    }
}

/// `getStorage({key})` → `{data}`; a missing key fails with `.notFound`.
public struct GetStorageCommand: Command {
    public static let name = "getStorage"
    public static let shape = CommandShape(
        "Reads the value stored under a key; fails with errCode 4 when there is none.",
        parameters: [CommandField("key", "string")], result: [CommandField("data", "any", "the value as stored")])
    private let context: CommandContext
    private let params: JSONValue
    private let store: StorageStore
    private var key = ""

    public init(context: CommandContext, params: JSONValue, store: StorageStore) {
        self.context = context
        self.params = params
        self.store = store
    }

    public mutating func checkAndParse() throws(CommandError) {
        key = try params.requiredString("key")
        try StorageStore.validate(key: key)
    }

    public func run() async throws(CommandError) -> [String: JSONValue] {
        ["data": try store.get(app: context.appId, key: key)]
    }
}

/// `removeStorage({key})`: deletes one key; a missing key is not an error.
public struct RemoveStorageCommand: Command {
    public static let name = "removeStorage"
    public static let shape = CommandShape(
        "Removes a key (a missing key is not an error).", parameters: [CommandField("key", "string")])
    private let context: CommandContext
    private let params: JSONValue
    private let store: StorageStore
    private var key = ""

    public init(context: CommandContext, params: JSONValue, store: StorageStore) {
        self.context = context
        self.params = params
        self.store = store
    }

    public mutating func checkAndParse() throws(CommandError) {
        key = try params.requiredString("key")
        try StorageStore.validate(key: key)
    }

    public func run() async throws(CommandError) -> [String: JSONValue] {
        try store.remove(app: context.appId, key: key)
        return [:]
    }
}

/// `clearStorage()`: deletes every key of the calling app.
public struct ClearStorageCommand: Command {
    public static let name = "clearStorage"
    public static let shape = CommandShape("Removes every key of this app.")
    private let context: CommandContext
    private let store: StorageStore

    public init(context: CommandContext, params: JSONValue, store: StorageStore) {
        self.context = context
        self.store = store
    }

    public mutating func checkAndParse() throws(CommandError) {}

    public func run() async throws(CommandError) -> [String: JSONValue] {
        try store.clear(app: context.appId)
        return [:]
    }
}

/// `getStorageInfo()` → `{keys, currentSize, limitSize}`. Sizes are in KB (1024 bytes) as in WeChat;
/// `currentSize` rounds up, so any stored data shows as at least 1.
public struct GetStorageInfoCommand: Command {
    public static let name = "getStorageInfo"
    public static let shape = CommandShape(
        "Lists this app's keys and the space used.",
        result: [CommandField("keys", "string[]", "sorted"), CommandField("currentSize", "number", "KB used, rounded up"),
                 CommandField("limitSize", "number", "the quota in KB")])
    private let context: CommandContext
    private let store: StorageStore

    public init(context: CommandContext, params: JSONValue, store: StorageStore) {
        self.context = context
        self.store = store
    }

    public mutating func checkAndParse() throws(CommandError) {}

    public func run() async throws(CommandError) -> [String: JSONValue] {
        let usage = try store.usage(app: context.appId)
        return [
            "keys": .array(usage.keys.map { .string($0) }),
            "currentSize": .number(Double((usage.currentBytes + 1023) / 1024)),
            "limitSize": .number(Double(usage.limitBytes / 1024)),
        ]
    }
}
