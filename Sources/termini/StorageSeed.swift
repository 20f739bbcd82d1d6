import Foundation
import TerminiRuntime

/// `termini snapshot --storage seed.json`: app storage that a run starts with, so a snapshot of an app that reads
/// its storage is repeatable. The file is one JSON object of storage keys to values.
enum StorageSeed {
    /// Writes every key of the seed into the app's storage under `storeDirectory`; errors name the file, and the
    /// line and column of malformed JSON.
    static func load(path: String, app: String, into storeDirectory: String?) throws {
        guard let storeDirectory else { throw CLIError("--storage needs a store for the app's storage") }
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
            throw CLIError("\(path): cannot read the storage seed")
        }
        let json: JSONValue
        do { json = try JSONValue.parse(text) } catch { throw CLIError("\(path):\(error.line):\(error.column): \(error.message)") }
        guard case .object(let values) = json else {
            throw CLIError("\(path): expected a JSON object of storage keys to values, found \(json.typeName)")
        }
        do {
            let store = StorageStore(directory: URL(fileURLWithPath: storeDirectory))
            defer { store.close() }
            for key in values.keys.sorted() { try store.set(app: app, key: key, value: values[key]!) }
        } catch {
            throw CLIError("\(path): \(error.reason)")
        }
    }
}
