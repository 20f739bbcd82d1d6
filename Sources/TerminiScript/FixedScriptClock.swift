import Synchronization

/// The time `Date` tells a script when a run must repeat exactly (`termini snapshot --clock <ms>`): it starts at a
/// given epoch time and moves only when the host advances it (an events file's `wait`), never with the real clock.
/// Timers run on it too: a `setTimeout(fn, 100)` fires once the host has advanced the clock by 100 ms, however
/// long the machine took, so a run repeats exactly under any load.
public final class FixedScriptClock: Sendable {
    /// Milliseconds since 1970 at the start of the run.
    public let start: Double
    private let elapsed = Atomic<Int>(0)

    public init(start: Double) { self.start = start }

    /// Moves the script's time forward.
    public func advance(milliseconds: Int) { elapsed.add(max(0, milliseconds), ordering: .relaxed) }

    /// What `Date.now()` returns now.
    public var now: Double { start + Double(elapsed.load(ordering: .relaxed)) }

    /// The script's time since the run started, in nanoseconds: what its timers are due against.
    var elapsedNanoseconds: UInt64 { UInt64(elapsed.load(ordering: .relaxed)) &* 1_000_000 }
}
