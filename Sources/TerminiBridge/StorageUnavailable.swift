import CSQLite
import Foundation

/// The error a storage call gets when `<store>/storage.sqlite` cannot be opened or set up: errCode 12
/// (`unavailable`), with the file, SQLite's and the system's word for the cause, and what to do about it.
///
/// Storage is opened at its first use, not when the app starts, so a damaged file stops only the calls that need it.
enum StorageUnavailable {
    /// The failure of `action` on `path`, from SQLite's result code, its message and the system error it saw.
    static func error(path: String, action: String, code: Int32, message: String, systemError: Int32) -> CommandError {
        var cause = message
        if systemError != 0 {
            let system = String(cString: strerror(systemError))
            if !cause.localizedCaseInsensitiveContains(system) { cause += " (\(system))" }
        }
        return CommandError(.unavailable, "storage file \(path) \(action): \(cause); \(remedy(path: path, code: code, systemError: systemError))")
    }

    /// The remedy for a disk without room, which the store also recognizes to give its reserve back.
    static let diskFullRemedy = "the disk is full: free some space"

    /// What a user can do, by cause.
    static func remedy(path: String, code: Int32, systemError: Int32) -> String {
        let folder = (path as NSString).deletingLastPathComponent
        switch (code & 0xFF, systemError) {
        case (_, EISDIR):
            return "a folder is in its place: move the folder away and storage starts empty"
        case (SQLITE_NOTADB, _), (SQLITE_CORRUPT, _):
            return "it is damaged or not a SQLite database: move it (and any \(path)-wal) away and storage starts empty"
        case (SQLITE_FULL, _), (_, ENOSPC), (_, EDQUOT):
            return diskFullRemedy
        case (SQLITE_READONLY, _), (_, EROFS), (_, EACCES), (_, EPERM):
            return "the store is read-only: make \(folder) writable, or run with another --store"
        default:
            return "check the file and its folder \(folder), or run with another --store"
        }
    }
}
