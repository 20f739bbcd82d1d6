#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A value shared between threads, guarded by a pthread mutex: what the engine uses instead of `Synchronization.Mutex`.
///
/// On Linux, `Mutex` hands a contended lock from thread to thread inside the kernel (`FUTEX_LOCK_PI` and
/// `FUTEX_UNLOCK_PI`, in the uninstrumented standard library), where ThreadSanitizer cannot see the hand-off, so it
/// reports every contended critical section as a race. ThreadSanitizer intercepts `pthread_mutex_lock`, so behind
/// this lock `Scripts/sanitize tsan` reports only real races (docs/ARCHITECTURE.md, "Locks").
public final class Locked<Value>: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let value: UnsafeMutablePointer<Value>

    public init(_ initialValue: sending Value) {
        pthread_mutex_init(mutex, nil)
        value = .allocate(capacity: 1)
        value.initialize(to: initialValue)
    }

    deinit {
        value.deinitialize(count: 1)
        value.deallocate()
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// Runs `body` with the value while holding the lock; `body` must not take this lock again.
    public func withLock<Result, E: Error>(_ body: (inout sending Value) throws(E) -> sending Result) throws(E) -> sending Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value.pointee)
    }
}

extension Locked where Value: Sendable {
    /// The value, read or replaced under the lock: a value one thread publishes for others (the terminal size for
    /// `getSystemInfo`, the page stack for stall reports).
    public var value: Value {
        get { withLock { $0 } }
        set { withLock { $0 = newValue } }
    }
}
