import TerminiClock

/// Decides when the UI thread renders: only when something is dirty, at most `framesPerSecond` times a second.
///
/// The first change after idle is due at once (leading edge). Changes that arrive before the next allowed tick merge
/// into that tick; there is no trailing debounce, so a steady stream of changes renders at exactly the frame rate.
/// A change that answers input (the script's setData from an input's handler) is due at once whatever the pace:
/// otherwise the answer to a key whose own frame was just drawn waited up to a whole budget (16.7 ms) for its tick.
/// Input arrives at a person's pace, so these frames cannot flood the terminal; timers and streams stay paced. A
/// page that appears (the launch page, a navigation's) is such an answer too.
///
/// Host loop (UI thread), with the backend's waker passed to the scheduler:
/// ```
/// while running {
///     watchdog.beat("ui")
///     let wait = scheduler.millisecondsUntilNextFrame() ?? -1     // -1: nothing dirty, sleep until input or wake
///     if wait != 0 { watchdog.idle("ui") }                         // waiting is not a stall
///     if let event = backend.nextInput(timeoutMilliseconds: wait) { watchdog.beat("ui"); handle(event) }
///     if let frame = scheduler.beginFrameIfDue() {                  // handlers and other threads call markDirty()
///         build (frame.buildStart) ... raster ... -> FrameTiming(vsyncStart: frame.vsyncStart, ...)
///     }
/// }
/// ```
/// Other threads call `markDirty()`; with a `waker` (the backend's `inputWaker`), that also ends the input wait.
public final class FrameScheduler: Sendable {
    /// The earliest time a frame may run and the clock reading when it was started.
    public struct FrameStart: Hashable, Sendable {
        /// When the frame became due (monotonic ns): the leading-edge change, or the earliest allowed tick.
        public var vsyncStart: UInt64
        /// When `beginFrameIfDue` started it (monotonic ns); build starts here.
        public var buildStart: UInt64
    }

    private struct State {
        var dirty = false
        /// The pending change answers input: due at once, not at the next tick.
        var answersInput = false
        /// When the pending change arrived; meaningful only while dirty.
        var dirtySince: UInt64 = 0
        var lastFrameStart: UInt64?
        /// `lastFrameStart` before the latest frame, restored when that frame turns out to have changed nothing.
        var frameStartBeforeLatest: UInt64?
    }

    public let framesPerSecond: Int
    /// One frame's time budget in nanoseconds (1 s / fps).
    public let budgetNanoseconds: UInt64
    private let clock: MonotonicClock
    private let waker: WakeSignal?
    private let state = Locked(State())

    /// `framesPerSecond` is clamped to 1...1000.
    public init(framesPerSecond: Int = 60, clock: MonotonicClock = .system, waker: WakeSignal? = nil) {
        self.framesPerSecond = min(max(framesPerSecond, 1), 1000)
        budgetNanoseconds = 1_000_000_000 / UInt64(self.framesPerSecond)
        self.clock = clock
        self.waker = waker
    }

    /// Something changed that needs a frame. Safe from any thread; wakes the UI thread's input wait once per frame.
    /// `answeringInput`: the change is the script's answer to input, due at once rather than at the next tick.
    public func markDirty(answeringInput: Bool = false) {
        let now = clock.now()
        let becameDue = state.withLock { state -> Bool in
            let hurried = answeringInput && !state.answersInput
            if answeringInput { state.answersInput = true }
            guard !state.dirty else { return hurried }
            state.dirty = true
            state.dirtySince = now
            return true
        }
        if becameDue { waker?.wake() }
    }

    /// Whether a change is waiting for a frame.
    public var isDirty: Bool { state.withLock { $0.dirty } }

    /// How long the UI thread may wait for input before the next frame is due: nil when nothing is dirty (wait for
    /// input or a wake), 0 when a frame is due now. Rounded up so the loop never wakes early and spins.
    public func millisecondsUntilNextFrame() -> Int? {
        let now = clock.now()
        return state.withLock { state -> Int? in
            guard state.dirty else { return nil }
            let due = Self.dueTime(state, budget: budgetNanoseconds)
            guard due > now else { return 0 }
            return Int((due - now + 999_999) / 1_000_000)
        }
    }

    /// Whether a frame should run now.
    public func isFrameDue() -> Bool {
        let now = clock.now()
        return state.withLock { state in state.dirty && Self.dueTime(state, budget: budgetNanoseconds) <= now }
    }

    /// Starts a frame if one is due: clears the dirty flag (changes from now on go to the next frame) and returns
    /// the frame's vsync and build start times. Nil when nothing is due.
    public func beginFrameIfDue() -> FrameStart? {
        let now = clock.now()
        return state.withLock { state -> FrameStart? in
            guard state.dirty else { return nil }
            let due = Self.dueTime(state, budget: budgetNanoseconds)
            guard due <= now else { return nil }
            state.dirty = false
            state.answersInput = false
            state.frameStartBeforeLatest = state.lastFrameStart
            // Keep the vsync phase when on time, so the rate is exactly fps rather than drifting below it; a frame
            // that is more than a budget late restarts the phase instead of bursting to catch up.
            state.lastFrameStart = now - due < budgetNanoseconds ? due : now
            return FrameStart(vsyncStart: due, buildStart: now)
        }
    }

    /// The frame just begun put nothing on screen (a key that only asked for a repaint, say): it does not count
    /// against the frame rate, so the change that follows it (the handler's setData) renders at once rather than a
    /// whole budget later.
    public func frameChangedNothing() {
        state.withLock { state in state.lastFrameStart = state.frameStartBeforeLatest }
    }

    /// A change is due when it arrived, but never sooner than one budget after the previous frame started, unless it
    /// answers input.
    private static func dueTime(_ state: State, budget: UInt64) -> UInt64 {
        guard let last = state.lastFrameStart, !state.answersInput else { return state.dirtySince }
        return max(state.dirtySince, last &+ budget)
    }
}
