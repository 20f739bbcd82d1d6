import TerminiTemplate

/// The five storage commands, WeChat-shaped. They need no permission: storage is private to the app, kept under the
/// calling app's id in the engine's `StorageStore`.
enum StorageCommands {
    static let definitions: [CommandDefinition<StorageStore>] = [
        CommandDefinition(name: "setStorage", shape: CommandShape(
            "Stores a JSON value under a key of this app's storage.",
            parameters: [CommandField("key", "string", "1 to 1024 UTF-8 bytes"),
                         CommandField("data", "unknown", "any JSON value, at most 1 MB")])
        ) { store, params, context throws(CommandError) in
            let key = try checkedKey(params)
            guard let data = params["data"] else { throw CommandError(.invalidParameter, "missing required parameter 'data'") }
            return { () throws(CommandError) in
                try store.set(app: context.appId, key: key, value: data)
                return [:]
            }
        },
        CommandDefinition(name: "getStorage", shape: CommandShape(
            "Reads the value stored under a key; fails with errCode 4 when there is none.",
            parameters: [CommandField("key", "string")], result: [CommandField("data", "any", "the value as stored")])
        ) { store, params, context throws(CommandError) in
            let key = try checkedKey(params)
            return { () throws(CommandError) in ["data": try store.get(app: context.appId, key: key)] }
        },
        CommandDefinition(name: "removeStorage", shape: CommandShape(
            "Removes a key (a missing key is not an error).", parameters: [CommandField("key", "string")])
        ) { store, params, context throws(CommandError) in
            let key = try checkedKey(params)
            return { () throws(CommandError) in
                try store.remove(app: context.appId, key: key)
                return [:]
            }
        },
        CommandDefinition(name: "clearStorage", shape: CommandShape("Removes every key of this app.")) { store, _, context in
            { () throws(CommandError) in
                try store.clear(app: context.appId)
                return [:]
            }
        },
        // Sizes in KB (1024 bytes) as in WeChat; `currentSize` rounds up, so any stored data shows as at least 1.
        CommandDefinition(name: "getStorageInfo", shape: CommandShape(
            "Lists this app's keys and the space used.",
            result: [CommandField("keys", "string[]", "sorted"), CommandField("currentSize", "number", "KB used, rounded up"),
                     CommandField("limitSize", "number", "the quota in KB")])
        ) { store, _, context in
            { () throws(CommandError) in
                let usage = try store.usage(app: context.appId)
                return [
                    "keys": .array(usage.keys.map { .string($0) }),
                    "currentSize": .number(Double((usage.currentBytes + 1023) / 1024)),
                    "limitSize": .number(Double(usage.limitBytes / 1024)),
                ]
            }
        },
    ]

    /// The `key` parameter, present, a string and within the key limits.
    private static func checkedKey(_ params: JSONValue) throws(CommandError) -> String {
        let key = try params.requiredString("key")
        try StorageStore.validate(key: key)
        return key
    }
}
