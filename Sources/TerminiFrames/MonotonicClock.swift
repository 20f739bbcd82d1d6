#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// A source of monotonic time in nanoseconds; injectable so schedulers and watchdogs can be tested without sleeping.
public struct MonotonicClock: Sendable {
    /// Returns the current monotonic time in nanoseconds.
    public let now: @Sendable () -> UInt64

    public init(now: @escaping @Sendable () -> UInt64) {
        self.now = now
    }

    /// The system's monotonic clock (CLOCK_MONOTONIC), unaffected by wall-clock changes.
    public static let system = MonotonicClock(now: MonotonicClock.systemNanoseconds)

    /// Reads CLOCK_MONOTONIC directly: cheaper than `ContinuousClock.now` arithmetic on the per-frame path.
    @Sendable public static func systemNanoseconds() -> UInt64 {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return UInt64(spec.tv_sec) &* 1_000_000_000 &+ UInt64(spec.tv_nsec)
    }
}

/// A clock that only moves when told to: for deterministic tests of time-based logic.
public final class ManualClock: Sendable {
    private let current: Mutex<UInt64>

    public init(nanoseconds: UInt64 = 0) {
        current = Mutex(nanoseconds)
    }

    /// The current time in nanoseconds.
    public var nanoseconds: UInt64 { current.withLock { $0 } }

    /// Moves time forward.
    public func advance(nanoseconds: UInt64) {
        current.withLock { $0 &+= nanoseconds }
    }

    /// Moves time forward by whole milliseconds.
    public func advance(milliseconds: UInt64) {
        advance(nanoseconds: milliseconds &* 1_000_000)
    }

    /// A `MonotonicClock` view of this clock.
    public var clock: MonotonicClock {
        MonotonicClock { [self] in self.nanoseconds }
    }
}
