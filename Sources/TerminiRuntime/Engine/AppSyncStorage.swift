import TerminiBridge
import TerminiScript
import TerminiTemplate

/// `getStorageSync` and `setStorageSync` for one app: the script thread's way into the same `StorageStore` the async
/// storage commands use, so each sees the other's writes. Reads come from the store's in-memory copy of the app's
/// storage; writes go through to SQLite before they return, with the commands' quotas.
///
/// Needs no permission, as the storage commands need none (docs/COMMANDS.md#permissions): storage is the app's own.
struct AppSyncStorage: ScriptSyncStorage {
    let store: StorageStore
    let appId: String

    func read(key: String) throws(ScriptStorageError) -> String? {
        do { return try store.cachedValue(app: appId, key: key) } catch { throw Self.scriptError(error, call: "getStorageSync", key: key) }
    }

    func write(key: String, json: String) throws(ScriptStorageError) {
        // Parsed and written as the setStorage command writes, so both store the same text and count the same bytes
        // against the quotas.
        let value: JSONValue
        do { value = try JSONValue.parse(json) } catch {
            throw ScriptStorageError(.typeError, "setStorageSync: the value of '\(Self.shown(key))' is not JSON: \(error)")
        }
        do { try store.set(app: appId, key: key, value: value) } catch { throw Self.scriptError(error, call: "setStorageSync", key: key) }
    }

    /// A bad key is a TypeError, a quota a RangeError that says nothing was written, anything else an Error with the
    /// store's reason (the file that cannot be opened and its remedy).
    static func scriptError(_ error: CommandError, call: String, key: String) -> ScriptStorageError {
        switch error.code {
        case .invalidParameter:
            ScriptStorageError(.typeError, "\(call): bad key '\(shown(key))': \(error.reason)")
        case .quotaExceeded:
            ScriptStorageError(.rangeError, "\(call)('\(shown(key))'): \(error.reason); nothing was written")
        default:
            ScriptStorageError(.error, "\(call)('\(shown(key))'): \(error.reason)")
        }
    }

    /// A key as error messages show it: long keys are cut, and control characters (a bad key's) escaped.
    static func shown(_ key: String) -> String {
        let cut = key.count > 64 ? String(key.prefix(64)) + "…" : key
        return String(cut.unicodeScalars.map { $0.properties.generalCategory == .control ? "\\u{\(String($0.value, radix: 16))}" : String($0) }.joined())
    }
}
