import Foundation
import TerminiClock

/// The JS thread's loop: a job queue, a timer heap and two condition variables, all guarded by one lock.
///
/// The thread sleeps on the work condition until a job is posted or the earliest timer is due; it never polls.
/// Jobs run before timers within an iteration, and each iteration runs at most one of each so neither starves.
final class ScriptEventLoop: @unchecked Sendable {
    typealias Job = @Sendable (ScriptEngine) -> Void

    let lock = LoopLock()
    // Everything below is guarded by `lock`.
    private var jobs = JobQueue<Job>()
    private var timers = TimerHeap()
    private var pendingInvokes = Set<Int>()
    private var stopping = false
    private var finished = false
    private var sleeping = false
    /// While set, a post made `lazily` queues its job without waking the thread; `wakeOwed` remembers one was.
    private var lazyWakes = false
    private var wakeOwed = false
    private var busySince: UInt64?
    private var lastBeat: UInt64 = MonotonicClock.now()
    private var startupNanos: UInt64?
    private var jsThread: pthread_t?
    /// With a fixed script clock, timers are due against it instead of the real clock.
    private let fixedClock: FixedScriptClock?

    init(fixedClock: FixedScriptClock? = nil) { self.fixedClock = fixedClock }

    /// The time timers are due against: the real monotonic clock, or the fixed script clock's elapsed time.
    func timerNow() -> UInt64 { fixedClock?.elapsedNanoseconds ?? MonotonicClock.now() }

    // MARK: any thread

    /// Queues `job` for the JS thread; false once the loop is stopping. A `lazily` posted job does not wake the
    /// thread while wakes are held (`holdLazyWakes`): it runs when they are released, or sooner if another post
    /// or a timer wakes the thread, always in the order posted.
    @discardableResult
    func post(lazily: Bool = false, _ job: @escaping Job) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        guard !stopping else { return false }
        jobs.append(job)
        if lazily && lazyWakes {
            wakeOwed = true
        } else if sleeping {
            lock.signal(.work)
        }
        return true
    }

    /// Starts holding the wakes of lazily posted jobs (see `ScriptRuntime.holdingEventWakes`).
    func holdLazyWakes() { lock.withLock { lazyWakes = true } }

    /// Stops holding them, and wakes the thread if a held job waits.
    func releaseLazyWakes() {
        lock.withLock {
            lazyWakes = false
            payOwedWake()
        }
    }

    /// Wakes the thread for a job whose wake was held, if it sleeps. With `lock` held.
    private func payOwedWake() {
        if wakeOwed && sleeping { lock.signal(.work) }
        wakeOwed = false
    }

    /// Asks the loop to exit after the job it is running.
    func stop() {
        lock.withLock {
            stopping = true
            lock.signal(.work)
        }
    }

    /// Blocks until the thread has left its loop and released the JS context, or `timeout` passes.
    func waitUntilFinished(timeout: Duration) -> Bool {
        let deadline = MonotonicClock.now() &+ MonotonicClock.nanoseconds(timeout)
        lock.lock()
        defer { lock.unlock() }
        while !finished {
            if MonotonicClock.now() >= deadline { return false }
            lock.wait(.idle, until: deadline)
        }
        return true
    }

    /// Whether the caller is the JS thread.
    var isCurrentThread: Bool {
        let thread = lock.withLock { jsThread }
        guard let thread else { return false }
        return pthread_equal(thread, pthread_self()) != 0
    }

    func pulse() -> ScriptThreadPulse {
        lock.withLock {
            ScriptThreadPulse(lastBeat: lastBeat, busySince: busySince, queuedJobs: jobs.count,
                              liveTimers: timers.liveCount, pendingInvokes: pendingInvokes.count,
                              isStopped: finished)
        }
    }

    var startupDuration: Duration? {
        lock.withLock { startupNanos.map { Duration.nanoseconds(Int64($0)) } }
    }

    /// See `ScriptRuntime.waitUntilIdle(timeout:criteria:)`.
    func waitUntilIdle(timeout: Duration, criteria: IdleCriteria) -> Bool {
        let deadline = MonotonicClock.now() &+ MonotonicClock.nanoseconds(timeout)
        lock.lock()
        defer { lock.unlock() }
        // Waiting for the thread to be idle while its wake is held would wait for the timeout.
        payOwedWake()
        while true {
            if finished { return true }
            if sleeping, jobs.isEmpty, busySince == nil, !(criteria.includesBridgeCalls && !pendingInvokes.isEmpty) {
                let horizon = criteria.timersDueWithin.map { timerNow() &+ MonotonicClock.nanoseconds($0) }
                let blocking = timers.earliestDeadline { timer in
                    if criteria.ignoresRepeatingTimers && timer.repeats { return false }
                    if let horizon { return timer.deadline <= horizon }
                    return true
                }
                if blocking == nil { return true }
            }
            if MonotonicClock.now() >= deadline { return false }
            // The loop broadcasts each time it goes back to sleep, including after firing a blocking timer.
            lock.wait(.idle, until: deadline)
        }
    }

    // MARK: JS thread only

    func startTimer(id: Int, deadline: UInt64, repeats: Bool) {
        lock.withLock { timers.start(id: id, deadline: deadline, repeats: repeats) }
    }

    func cancelTimer(id: Int) {
        lock.withLock { timers.cancel(id: id) }
    }

    func invokeStarted(callbackId: Int) {
        _ = lock.withLock { pendingInvokes.insert(callbackId) }
    }

    /// Whether `callbackId` was pending; a second settle of the same call is ignored.
    func invokeFinished(callbackId: Int) -> Bool {
        lock.withLock { pendingInvokes.remove(callbackId) != nil }
    }

    /// The thread body: builds the engine, serves jobs and timers until stopped, then tears the engine down here,
    /// on the thread that owns the context.
    func run(makeEngine: (ScriptEventLoop) -> ScriptEngine) {
        let started = MonotonicClock.now()
        lock.withLock { jsThread = pthread_self() }
        // Before the VM exists: its run loop takes this thread's default GLib context.
        let glib = GLibContextPump()
        // The engine (and the host's delegate it holds) is gone before `finished` is published: once `shutdown`
        // returns, nothing on this thread keeps the host's objects alive.
        do {
            let engine = makeEngine(self)
            lock.withLock { startupNanos = MonotonicClock.now() &- started }
            lock.lock()
            while true {
                lastBeat = MonotonicClock.now()
                if stopping { break }
                var didWork = false
                if let job = jobs.popFirst() {
                    busySince = lastBeat
                    lock.unlock()
                    job(engine)
                    lock.lock()
                    busySince = nil
                    didWork = true
                }
                if !stopping, let timer = timers.popDue(now: timerNow()) {
                    busySince = MonotonicClock.now()
                    lock.unlock()
                    engine.fireTimer(id: timer.id, deadline: timer.deadline)
                    lock.lock()
                    busySince = nil
                    didWork = true
                }
                if didWork { continue }
                // JavaScriptCore's own timers (collection, sweeping, FinalizationRegistry), outside our lock.
                lock.unlock()
                let glibTimeout = glib.dispatchDueAndNextTimeout()
                lock.lock()
                if stopping || !jobs.isEmpty { continue }
                sleeping = true
                lock.broadcast(.idle)
                // A fixed clock moves only when the host advances it, which posts a job: sleep until then.
                var wakeAt = fixedClock == nil ? timers.peek()?.deadline : nil
                if let ms = glibTimeout {
                    let glibDeadline = MonotonicClock.now() &+ UInt64(ms) &* 1_000_000
                    wakeAt = min(wakeAt ?? glibDeadline, glibDeadline)
                }
                lock.wait(.work, until: wakeAt)
                sleeping = false
            }
            lock.unlock()
            engine.tearDown()
        }
        glib.tearDown()
        lock.withLock {
            finished = true
            jobs = JobQueue()
            lock.broadcast(.idle)
        }
    }
}

/// What "idle" means for `ScriptRuntime.waitUntilIdle`.
public struct IdleCriteria: Sendable {
    /// Timers due later than now + this count as idle; nil waits for every pending timer to fire.
    public var timersDueWithin: Duration?
    /// Whether `setInterval` timers count as idle (a clock app's interval never ends).
    public var ignoresRepeatingTimers: Bool
    /// Whether `bridge.invoke` calls not yet settled by `resolveInvoke` keep the runtime busy.
    public var includesBridgeCalls: Bool

    public init(timersDueWithin: Duration? = nil, ignoresRepeatingTimers: Bool = false,
                includesBridgeCalls: Bool = true)
    {
        self.timersDueWithin = timersDueWithin
        self.ignoresRepeatingTimers = ignoresRepeatingTimers
        self.includesBridgeCalls = includesBridgeCalls
    }

    /// Every queued job, timer and bridge call must finish: for tests.
    public static let everything = IdleCriteria()
    /// `termini snapshot`'s `settle`: jobs, bridge calls and timers due within 50 ms must finish; intervals and
    /// later timers do not hold the snapshot back.
    public static let settle = IdleCriteria(timersDueWithin: .milliseconds(50), ignoresRepeatingTimers: true)
}

/// A reading of the JS thread's liveness for a watchdog.
public struct ScriptThreadPulse: Sendable, Equatable {
    /// `MonotonicClock.now()` at the start of the loop's latest iteration.
    public var lastBeat: UInt64
    /// When the job or timer now running started; nil while the thread sleeps waiting for work.
    public var busySince: UInt64?
    public var queuedJobs: Int
    public var liveTimers: Int
    public var pendingInvokes: Int
    public var isStopped: Bool

    /// How long the current job has been running at `now`; zero when idle. A watchdog reports a stall when this
    /// exceeds its threshold (a sleeping loop is not stalled).
    public func busyDuration(now: UInt64 = MonotonicClock.now()) -> Duration {
        guard let busySince, now > busySince else { return .zero }
        return .nanoseconds(Int64(now - busySince))
    }
}
