import Glibc

/// A mutex with two condition variables on the monotonic clock: one wakes the JS thread for work, the other wakes
/// threads waiting for the loop to go idle.
final class LoopLock: @unchecked Sendable {
    enum Condition { case work, idle }

    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let workCondition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    private let idleCondition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)

    init() {
        pthread_mutex_init(mutex, nil)
        var attributes = pthread_condattr_t()
        pthread_condattr_init(&attributes)
        pthread_condattr_setclock(&attributes, CLOCK_MONOTONIC)
        pthread_cond_init(workCondition, &attributes)
        pthread_cond_init(idleCondition, &attributes)
        pthread_condattr_destroy(&attributes)
    }

    deinit {
        pthread_cond_destroy(workCondition)
        pthread_cond_destroy(idleCondition)
        pthread_mutex_destroy(mutex)
        workCondition.deallocate()
        idleCondition.deallocate()
        mutex.deallocate()
    }

    func lock() { pthread_mutex_lock(mutex) }
    func unlock() { pthread_mutex_unlock(mutex) }

    func withLock<R>(_ body: () throws -> R) rethrows -> R {
        lock()
        defer { unlock() }
        return try body()
    }

    /// Waits (the lock held) until signalled or until the monotonic `deadline` in nanoseconds; nil waits forever.
    func wait(_ condition: Condition, until deadline: UInt64?) {
        let cond = condition == .work ? workCondition : idleCondition
        guard let deadline else { pthread_cond_wait(cond, mutex); return }
        var ts = timespec(tv_sec: Int(deadline / 1_000_000_000), tv_nsec: Int(deadline % 1_000_000_000))
        pthread_cond_timedwait(cond, mutex, &ts)
    }

    func signal(_ condition: Condition) { pthread_cond_signal(condition == .work ? workCondition : idleCondition) }
    func broadcast(_ condition: Condition) {
        pthread_cond_broadcast(condition == .work ? workCondition : idleCondition)
    }
}
