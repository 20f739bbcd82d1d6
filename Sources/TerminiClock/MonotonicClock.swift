#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The one clock of the engine: monotonic time in nanoseconds (CLOCK_MONOTONIC) for frame timing, timers, wait
/// deadlines and the watchdog, on every thread. Injectable (`ManualClock`) so schedulers and watchdogs can be tested
/// without sleeping.
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

    /// The system clock's time now, in nanoseconds.
    public static func now() -> UInt64 { systemNanoseconds() }

    /// A duration in nanoseconds, clamped to zero below and to about 31 years above.
    public static func nanoseconds(_ duration: Duration) -> UInt64 {
        let (seconds, attoseconds) = duration.components
        if seconds < 0 { return 0 }
        if seconds > 1_000_000_000 { return UInt64(1_000_000_000) * 1_000_000_000 }
        return UInt64(seconds) * 1_000_000_000 + UInt64(attoseconds / 1_000_000_000)
    }
}

/// A clock that only moves when told to: for deterministic tests of time-based logic.
public final class ManualClock: Sendable {
    private let current: Locked<UInt64>

    public init(nanoseconds: UInt64 = 0) {
        current = Locked(nanoseconds)
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
