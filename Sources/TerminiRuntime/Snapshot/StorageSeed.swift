import Foundation
import TerminiBridge
import TerminiTemplate

/// App storage that a headless run starts with (`termini snapshot --storage seed.json`, a test's `storage` line), so
/// a run of an app that reads its storage repeats exactly. A seed is one JSON object of storage keys to values.
public enum StorageSeed {
    /// Reads a seed file; errors name the file, and the line and column of malformed JSON.
    public static func read(path: String) throws(StorageSeedError) -> JSONObject {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
            throw StorageSeedError("\(path): cannot read the storage seed")
        }
        let json: JSONValue
        do { json = try JSONValue.parse(text) } catch { throw StorageSeedError("\(path):\(error.line):\(error.column): \(error.message)") }
        guard case .object(let values) = json else {
            throw StorageSeedError("\(path): expected a JSON object of storage keys to values, found \(json.typeName)")
        }
        return values
    }

    /// Writes every key of `values` into the app's storage under `storeDirectory`; `source` names the seed in errors.
    public static func write(_ values: JSONObject, app: String, into storeDirectory: String, source: String) throws(StorageSeedError) {
        do {
            let store = StorageStore(directory: URL(fileURLWithPath: storeDirectory))
            defer { store.close() }
            for key in values.keys.sorted() { try store.set(app: app, key: key, value: values[key]!) }
        } catch {
            throw StorageSeedError("\(source): \(error.reason)")
        }
    }
}

/// A storage seed that cannot be read or written, with the file (and place) at fault.
public struct StorageSeedError: Error, CustomStringConvertible, Sendable {
    public var description: String
    public init(_ description: String) { self.description = description }
}
