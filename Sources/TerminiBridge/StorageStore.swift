import CSQLite
import Foundation
import TerminiTemplate

/// Size and key list of one app's storage, as `getStorageInfo` reports it.
public struct StorageUsage: Equatable, Sendable {
    /// The app's keys in byte order.
    public var keys: [String]
    /// Bytes in use: the sum of every key's UTF-8 length plus its serialized value's length.
    public var currentBytes: Int
    /// The per-app quota in bytes.
    public var limitBytes: Int
}

/// The durable key-value store behind the storage commands: one SQLite database per store directory
/// (`<directory>/storage.sqlite`), namespaced by app id, with per-value and per-app quotas.
///
/// The database opens at the first call, not when the store is made: an app that never uses storage starts whatever
/// state the file is in, and a file that cannot be opened fails each call with errCode 12 naming the file, the cause
/// and the remedy (`StorageUnavailable`), tried again at the next call.
///
/// Thread-safe: one connection, and every operation holds `lock` for its whole duration, so statements are never
/// shared between threads and a quota check and its write are one unit.
public final class StorageStore: @unchecked Sendable {
    /// Largest serialized value, in bytes (1 MB).
    public static let valueLimitBytes = 1024 * 1024
    /// Largest sum of key and value bytes for one app (10 MB).
    public static let appLimitBytes = 10 * 1024 * 1024
    /// Longest key, in UTF-8 bytes.
    public static let keyLimitBytes = 1024

    /// The database file.
    public let fileURL: URL
    private let directory: URL
    private let reserve: StorageReserve
    private let lock = NSLock()
    private var db: OpaquePointer?
    private var statements: [Statement: OpaquePointer] = [:]
    /// Set by `close()`: later calls fail instead of opening the file again.
    private var closed = false
    /// Each app's keys and JSON texts, once `cachedValue` has loaded them (`getStorageSync`'s in-memory copy).
    ///
    /// Why here: every write, the async commands' and `setStorageSync`'s alike, goes through this store under `lock`,
    /// so the copy changes in the same step as the database and each side sees the other's writes at once. The
    /// script thread reads it under `lock`, which only another storage call holds (never the UI thread, which does
    /// not touch storage), so a sync call never waits for a frame. Another process writing the same store is not
    /// seen until the next launch.
    private var copies: [String: [String: String]] = [:]
    /// The quota storage shares with the app's files (`AppFiles`), once they are attached: the files' bytes count
    /// against the same limit as the stored values.
    private var sharedQuota: SharedQuota?

    /// What else counts against an app's quota, and the quota, in bytes.
    struct SharedQuota {
        var otherBytes: @Sendable (_ app: String) -> Int
        var quotaBytes: @Sendable (_ app: String) -> Int
    }

    private enum Statement: String, CaseIterable {
        case select = "SELECT value FROM storage WHERE app = ?1 AND key = ?2"
        case rowBytes = "SELECT bytes FROM storage WHERE app = ?1 AND key = ?2"
        case appBytes = "SELECT COALESCE(SUM(bytes), 0) FROM storage WHERE app = ?1"
        case upsert = "INSERT OR REPLACE INTO storage (app, key, bytes, value) VALUES (?1, ?2, ?3, ?4)"
        case delete = "DELETE FROM storage WHERE app = ?1 AND key = ?2"
        case clear = "DELETE FROM storage WHERE app = ?1"
        case keys = "SELECT key FROM storage WHERE app = ?1 ORDER BY key"
        case all = "SELECT key, value FROM storage WHERE app = ?1"
        case begin = "BEGIN IMMEDIATE"
        case commit = "COMMIT"
        case rollback = "ROLLBACK"
    }

    /// A store for `<directory>/storage.sqlite`, opened (and created if needed) at the first call.
    public init(directory: URL) {
        self.directory = directory
        fileURL = directory.appendingPathComponent("storage.sqlite")
        reserve = StorageReserve(databasePath: fileURL.path)
    }

    /// The open connection, opening the database first when it is not open. On a full disk the reserve is given
    /// back and the open tried once more, so that the app can still remove data.
    private func connection() throws(CommandError) -> OpaquePointer {
        if let db { return db }
        if closed { throw CommandError(.internal, "storage is closed") }
        do {
            try openConnection()
        } catch where error.reason.hasSuffix(StorageUnavailable.diskFullRemedy) && reserve.release() {
            try openConnection()
        }
        reserve.hold()
        return db!
    }

    private func openConnection() throws(CommandError) {
        let path = fileURL.path
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            let systemError = ((error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError)?.code ?? 0
            throw StorageUnavailable.error(path: path, action: "cannot be created: its folder \(directory.path) cannot be made",
                                           code: SQLITE_CANTOPEN, message: error.localizedDescription,
                                           systemError: Int32(truncatingIfNeeded: systemError))
        }
        var handle: OpaquePointer?
        // NOMUTEX: `lock` already serializes every use of the connection.
        let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX
        let rc = sqlite3_open_v2(path, &handle, flags, nil)
        guard rc == SQLITE_OK, let handle else {
            let message = handle.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
            let systemError = handle.map { sqlite3_system_errno($0) } ?? 0
            sqlite3_close_v2(handle)
            throw StorageUnavailable.error(path: path, action: "cannot be opened", code: rc, message: message,
                                           systemError: systemError)
        }
        db = handle
        // Another process (or a second store on the same file) may hold the write lock briefly; wait instead of
        // failing with SQLITE_BUSY.
        sqlite3_busy_timeout(handle, 5_000)
        do throws(CommandError) {
            let mode = try queryText("PRAGMA journal_mode=WAL")
            guard mode.lowercased() == "wal" else { throw CommandError(.internal, "SQLite refused WAL mode (got \(mode))") }
            // Durability choice: in WAL mode a commit appends the transaction to the -wal file with write(2) before
            // COMMIT returns. synchronous=NORMAL skips the fsync, so the bytes live in the kernel's page cache, which
            // outlives the process: an acknowledged write survives SIGKILL or a crash of the host. Only a power loss
            // or kernel panic can drop the last few commits, and even then the database stays consistent. FULL
            // would add an fsync per write (milliseconds) for a guarantee mini-app storage does not need.
            try exec("PRAGMA synchronous=NORMAL")
            // Debian's SQLite is built with secure_delete on, which writes every page a removal frees, zeroed, to
            // the WAL: removing a 100 KB value appended 115 KB, so on a full disk removals failed for want of the
            // very space they were to free. FAST still zeroes what is deleted in the pages a removal writes anyway
            // (20 KB for that value; clearing 14 of them, 29 KB instead of 1.4 MB).
            try exec("PRAGMA secure_delete=FAST")
            try exec("""
                CREATE TABLE IF NOT EXISTS storage (
                    app TEXT NOT NULL, key TEXT NOT NULL, bytes INTEGER NOT NULL, value TEXT NOT NULL,
                    PRIMARY KEY (app, key))
                """)
            // Covering index so the quota check sums an app's sizes without touching (possibly large) values.
            try exec("CREATE INDEX IF NOT EXISTS storage_usage ON storage (app, bytes)")
            for statement in Statement.allCases {
                var stmt: OpaquePointer?
                guard sqlite3_prepare_v3(handle, statement.rawValue, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &stmt, nil)
                    == SQLITE_OK, let stmt
                else { throw failure("prepare") }
                statements[statement] = stmt
            }
        } catch {
            // What went wrong while setting the file up is the file's problem (damaged, read-only, no space).
            let message = error.code == .unavailable ? String(cString: sqlite3_errmsg(handle)) : error.reason
            let unavailable = StorageUnavailable.error(path: path, action: "cannot be opened",
                                                       code: sqlite3_extended_errcode(handle), message: message,
                                                       systemError: sqlite3_system_errno(handle))
            closeConnection()
            throw unavailable
        }
    }

    deinit { closeConnection() }

    /// Counts `otherBytes` (the app's files) with the stored values against `quotaBytes` from now on.
    func shareQuota(otherBytes: @escaping @Sendable (_ app: String) -> Int, quotaBytes: @escaping @Sendable (_ app: String) -> Int) {
        lock.lock()
        defer { lock.unlock() }
        sharedQuota = SharedQuota(otherBytes: otherBytes, quotaBytes: quotaBytes)
    }

    /// Closes the database. Later calls fail with `.internal`; a new `StorageStore` on the directory reopens it.
    public func close() {
        lock.lock()
        defer { lock.unlock() }
        closed = true
        closeConnection()
    }

    // MARK: - Operations

    /// Stores `value` under `key` for `app`. Fails with `.quotaExceeded` (writing nothing) when the value or the
    /// app's total would exceed its quota, and `.invalidParameter` for a bad key.
    public func set(app: String, key: String, value: JSONValue) throws(CommandError) {
        try Self.validate(key: key)
        let text = value.serialized()
        let valueBytes = text.utf8.count
        guard valueBytes <= Self.valueLimitBytes else {
            throw CommandError(.quotaExceeded,
                               "value for key '\(Self.shown(key))' is \(valueBytes) bytes, over the 1 MB per-value quota")
        }
        let rowBytes = key.utf8.count + valueBytes
        lock.lock()
        defer { lock.unlock() }
        try step(.begin)
        do throws(CommandError) {
            // Checked inside the write transaction so no other writer can slip in between check and write.
            let old = try queryInt(.rowBytes, app: app, key: key) ?? 0
            let total = (try queryInt(.appBytes, app: app, key: nil) ?? 0) - old + rowBytes
            guard total <= Self.appLimitBytes else {
                throw CommandError(.quotaExceeded,
                                   "app '\(app)' would use \(total) bytes, over the 10 MB per-app quota")
            }
            if let sharedQuota {
                let withFiles = total + sharedQuota.otherBytes(app), limit = sharedQuota.quotaBytes(app)
                guard withFiles <= limit else {
                    throw CommandError(.quotaExceeded, "app '\(app)' would use \(withFiles) bytes of files and storage, "
                                       + "over its quota of \(limit) bytes")
                }
            }
            let stmt = try bound(.upsert, app: app, key: key)
            sqlite3_bind_int64(stmt, 3, Int64(rowBytes))
            bindText(stmt, 4, text)
            try stepDone(stmt)
            try step(.commit)
            copies[app]?[key] = text
        } catch {
            try? step(.rollback)
            throw error
        }
    }

    /// The value stored under `key` for `app`, or `.notFound`.
    public func get(app: String, key: String) throws(CommandError) -> JSONValue {
        try Self.validate(key: key)
        lock.lock()
        defer { lock.unlock() }
        let stmt = try bound(.select, app: app, key: key)
        defer { sqlite3_reset(stmt) }
        let rc = sqlite3_step(stmt)
        if rc == SQLITE_DONE { throw CommandError(.notFound, "no data for key '\(Self.shown(key))'") }
        guard rc == SQLITE_ROW else { throw failure("read") }
        let text = columnText(stmt, 0)
        do {
            return try JSONValue.parse(text)
        } catch {
            throw CommandError(.internal, "stored value for key '\(Self.shown(key))' is corrupt: \(error)")
        }
    }

    /// Deletes `key` for `app`. Deleting a missing key succeeds, as in WeChat.
    public func remove(app: String, key: String) throws(CommandError) {
        try Self.validate(key: key)
        lock.lock()
        defer { lock.unlock() }
        try freeingSpace { () throws(CommandError) in try stepDone(try bound(.delete, app: app, key: key)) }
        copies[app]?[key] = nil
    }

    /// Deletes every key of `app`; other apps are untouched.
    public func clear(app: String) throws(CommandError) {
        lock.lock()
        defer { lock.unlock() }
        try freeingSpace { () throws(CommandError) in try stepDone(try bound(.clear, app: app, key: nil)) }
        if copies[app] != nil { copies[app] = [:] }
    }

    /// The JSON text stored under `key` for `app`, or nil, from the in-memory copy of the app's storage, which the
    /// first call loads from the database (every key of the app, in one read).
    public func cachedValue(app: String, key: String) throws(CommandError) -> String? {
        try Self.validate(key: key)
        lock.lock()
        defer { lock.unlock() }
        if let copy = copies[app] { return copy[key] }
        let stmt = try bound(.all, app: app, key: nil)
        defer { sqlite3_reset(stmt) }
        var copy: [String: String] = [:]
        while true {
            let rc = sqlite3_step(stmt)
            if rc == SQLITE_DONE { break }
            guard rc == SQLITE_ROW else { throw failure("read") }
            copy[columnText(stmt, 0)] = columnText(stmt, 1)
        }
        copies[app] = copy
        return copy[key]
    }

    /// Runs a removal. When the disk is too full even for that (a delete appends to the WAL too), the reserve is
    /// given back and the removal runs once more; the reserve is set aside again when there is room.
    private func freeingSpace(_ removal: () throws(CommandError) -> Void) throws(CommandError) {
        do {
            try removal()
        } catch where error.code == .quotaExceeded && reserve.release() {
            try removal()
        }
        reserve.hold()
    }

    /// The app's keys and bytes in use.
    public func usage(app: String) throws(CommandError) -> StorageUsage {
        lock.lock()
        defer { lock.unlock() }
        let stmt = try bound(.keys, app: app, key: nil)
        defer { sqlite3_reset(stmt) }
        var keys: [String] = []
        while true {
            let rc = sqlite3_step(stmt)
            if rc == SQLITE_DONE { break }
            guard rc == SQLITE_ROW else { throw failure("list keys") }
            keys.append(columnText(stmt, 0))
        }
        let bytes = try queryInt(.appBytes, app: app, key: nil) ?? 0
        return StorageUsage(keys: keys, currentBytes: bytes, limitBytes: Self.appLimitBytes)
    }

    /// `PRAGMA integrity_check`: "ok" for a sound database, else SQLite's list of problems.
    public func integrityCheck() throws(CommandError) -> String {
        lock.lock()
        defer { lock.unlock() }
        _ = try connection()
        return try queryText("PRAGMA integrity_check")
    }

    // MARK: - Keys

    /// Keys are opaque strings: never file names, so `../x` is an ordinary key. Control characters (NUL included)
    /// are refused because they cannot round-trip through every JS and terminal path and are always a caller bug.
    static func validate(key: String) throws(CommandError) {
        if key.isEmpty { throw CommandError(.invalidParameter, "parameter 'key' must not be empty") }
        let bytes = key.utf8.count
        if bytes > keyLimitBytes {
            throw CommandError(.invalidParameter, "parameter 'key' is \(bytes) bytes, over the \(keyLimitBytes)-byte limit")
        }
        for (offset, scalar) in key.unicodeScalars.enumerated() where scalar.properties.generalCategory == .control {
            let code = String(scalar.value, radix: 16, uppercase: true)
            throw CommandError(.invalidParameter,
                               "parameter 'key' contains control character U+\(String(repeating: "0", count: max(0, 4 - code.count)))\(code) at character \(offset)")
        }
    }

    /// A key safe to echo in an error message: long keys are cut.
    static func shown(_ key: String) -> String {
        key.count > 64 ? String(key.prefix(64)) + "…" : key
    }

    // MARK: - SQLite plumbing (callers hold `lock`)

    private func closeConnection() {
        for stmt in statements.values { sqlite3_finalize(stmt) }
        statements.removeAll()
        if let db { sqlite3_close_v2(db) }
        db = nil
    }

    /// The error for a failed step: the file's own problems (read-only, damaged, unreadable) are errCode 12 with the
    /// file and the remedy; anything else is the engine's.
    private func failure(_ action: String) -> CommandError {
        guard let db else { return CommandError(.internal, "storage is closed") }
        let message = String(cString: sqlite3_errmsg(db))
        let code = sqlite3_extended_errcode(db)
        switch code & 0xFF {
        case SQLITE_READONLY, SQLITE_IOERR, SQLITE_CANTOPEN, SQLITE_CORRUPT, SQLITE_NOTADB, SQLITE_PERM:
            return StorageUnavailable.error(path: fileURL.path, action: action == "write" ? "cannot be written" : "cannot be read",
                                            code: code, message: message, systemError: sqlite3_system_errno(db))
        default:
            return CommandError(.internal, "storage \(action) failed: \(message)")
        }
    }

    private func statement(_ s: Statement) throws(CommandError) -> OpaquePointer {
        _ = try connection()
        guard let stmt = statements[s] else { throw CommandError(.internal, "storage is closed") }
        return stmt
    }

    private func bound(_ s: Statement, app: String, key: String?) throws(CommandError) -> OpaquePointer {
        let stmt = try statement(s)
        sqlite3_reset(stmt)
        sqlite3_clear_bindings(stmt)
        bindText(stmt, 1, app)
        if let key { bindText(stmt, 2, key) }
        return stmt
    }

    private func step(_ s: Statement) throws(CommandError) {
        try stepDone(try statement(s))
    }

    private func stepDone(_ stmt: OpaquePointer) throws(CommandError) {
        defer { sqlite3_reset(stmt) }
        let rc = sqlite3_step(stmt)
        guard rc == SQLITE_DONE || rc == SQLITE_ROW else {
            if rc == SQLITE_BUSY || rc == SQLITE_LOCKED {
                throw CommandError(.busy, "storage is locked by another writer")
            }
            if rc & 0xFF == SQLITE_FULL {
                throw CommandError(.quotaExceeded, "the disk is full (\(fileURL.path) cannot grow); free some space or remove data")
            }
            throw failure("write")
        }
    }

    private func queryInt(_ s: Statement, app: String, key: String?) throws(CommandError) -> Int? {
        let stmt = try bound(s, app: app, key: key)
        defer { sqlite3_reset(stmt) }
        let rc = sqlite3_step(stmt)
        if rc == SQLITE_DONE { return nil }
        guard rc == SQLITE_ROW else { throw failure("read") }
        return Int(sqlite3_column_int64(stmt, 0))
    }

    private func exec(_ sql: String) throws(CommandError) {
        guard let db else { throw CommandError(.internal, "storage is closed") }
        guard sqlite3_exec(db, sql, nil, nil, nil) == SQLITE_OK else { throw failure("setup") }
    }

    /// Runs a one-row pragma and returns its first column (all rows joined by newlines).
    private func queryText(_ sql: String) throws(CommandError) -> String {
        guard let db else { throw CommandError(.internal, "storage is closed") }
        var stmt: OpaquePointer?
        guard sqlite3_prepare_v2(db, sql, -1, &stmt, nil) == SQLITE_OK, let stmt else { throw failure("query") }
        defer { sqlite3_finalize(stmt) }
        var lines: [String] = []
        while true {
            let rc = sqlite3_step(stmt)
            if rc == SQLITE_DONE { break }
            guard rc == SQLITE_ROW else { throw failure("query") }
            lines.append(columnText(stmt, 0))
        }
        return lines.joined(separator: "\n")
    }

    private func bindText(_ stmt: OpaquePointer, _ index: Int32, _ text: String) {
        var text = text
        text.withUTF8 { buf in
            // An empty buffer may have no base address, which SQLite would store as NULL.
            let empty: StaticString = ""
            let base = buf.baseAddress ?? empty.utf8Start
            base.withMemoryRebound(to: CChar.self, capacity: max(buf.count, 1)) { ptr in
                _ = sqlite3_bind_text(stmt, index, ptr, Int32(buf.count), Self.transient)
            }
        }
    }

    private func columnText(_ stmt: OpaquePointer, _ column: Int32) -> String {
        guard let ptr = sqlite3_column_text(stmt, column) else { return "" }
        let count = Int(sqlite3_column_bytes(stmt, column))
        return String(decoding: UnsafeBufferPointer(start: ptr, count: count), as: UTF8.self)
    }

    /// SQLITE_TRANSIENT: SQLite copies the bound bytes, since the Swift buffer dies when the closure returns.
    private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
}
