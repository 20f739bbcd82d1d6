import Foundation

/// An exclusive `flock` on `<store>/lock`, held for the duration of an install, rollback or launch confirmation.
/// The kernel drops the lock when the process dies, so a SIGKILLed install never leaves the store locked.
final class StoreLock {
    private let fd: Int32

    /// Blocks until the lock is free: a second concurrent install waits its turn instead of failing.
    init(path: String) throws(BundleError) {
        let fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard fd >= 0 else {
            throw BundleError(.storeUnavailable, path, "cannot open the store lock: \(String(cString: strerror(errno)))")
        }
        while flock(fd, LOCK_EX) != 0 {
            if errno == EINTR { continue }
            let reason = String(cString: strerror(errno))
            close(fd)
            throw BundleError(.storeUnavailable, path, "cannot lock the store: \(reason)")
        }
        self.fd = fd
    }

    deinit {
        flock(fd, LOCK_UN)
        close(fd)
    }
}
