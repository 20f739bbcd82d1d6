import Foundation

/// Disk space set aside beside the storage database (`storage.sqlite-reserve`), so that removing data works when the
/// disk is full.
///
/// In WAL mode even a delete appends to `storage.sqlite-wal`, and on a full disk that fails: an app could not free
/// the space it had filled. When a removal (or opening the database) fails for want of space, the store releases
/// this file and tries once more, then tries to set the space aside again for the next time.
struct StorageReserve {
    /// Enough for a removal's pages and a checkpoint's first frames; small beside the 10 MB an app may store.
    static let bytes = 256 * 1024

    let path: String

    init(databasePath: String) { path = databasePath + "-reserve" }

    /// Whether the space is set aside now.
    var isHeld: Bool {
        var status = stat()
        return stat(path, &status) == 0 && Int(status.st_size) >= Self.bytes
    }

    /// Sets the space aside when it is not already; false when the disk has no room for it (nothing is left behind).
    @discardableResult
    func hold() -> Bool {
        if isHeld { return true }
        let descriptor = open(path, O_WRONLY | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return false }
        // Allocated, not sparse: a sparse file would free nothing when it is released.
        let allocated = posix_fallocate(descriptor, 0, off_t(Self.bytes)) == 0
        close(descriptor)
        if !allocated { unlink(path) }
        return allocated
    }

    /// Gives the space back to the disk; false when nothing was held.
    func release() -> Bool { unlink(path) == 0 }
}
