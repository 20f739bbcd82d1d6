/// The app's storage as `getStorageSync` and `setStorageSync` reach it, synchronously, from the script thread.
///
/// An implementation must answer without waiting for the UI thread: the script thread runs the call inside a
/// handler, and the UI thread may itself be waiting for that handler to finish (a settle, a held key).
public protocol ScriptSyncStorage: Sendable {
    /// The JSON text stored under `key`; nil when there is none.
    func read(key: String) throws(ScriptStorageError) -> String?
    /// Stores the JSON text `json` under `key`, or throws and stores nothing.
    func write(key: String, json: String) throws(ScriptStorageError)
}

/// Why a synchronous storage call failed; the script gets it as the JavaScript error `kind` names.
public struct ScriptStorageError: Error, Equatable {
    /// The JavaScript error the call throws.
    public enum Kind: String, Sendable {
        /// A bad key.
        case typeError = "TypeError"
        /// A value or the app's storage over its quota.
        case rangeError = "RangeError"
        /// The storage file cannot be opened or written, or the engine failed.
        case error = "Error"
    }

    public var kind: Kind
    /// The whole message, naming the call and the key.
    public var message: String

    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }
}
