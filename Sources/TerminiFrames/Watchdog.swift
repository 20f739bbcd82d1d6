import Foundation
import TerminiClock

/// A thread that missed its heartbeat for longer than the threshold, and where the user was at the time.
public struct StallReport: Hashable, Sendable, CustomStringConvertible {
    /// The heartbeat's name, e.g. "ui" or "js".
    public var threadName: String
    /// Time since the last heartbeat when the stall was detected, in nanoseconds.
    public var stalledNanoseconds: UInt64
    /// Page identifiers, bottom of the navigation stack first.
    public var pageStack: [String]

    public var description: String {
        let millis = stalledNanoseconds / 1_000_000
        return "stall: \(threadName) thread unresponsive for \(millis) ms; pages: \(pageStack.joined(separator: " > "))"
    }
}

/// Watches named heartbeats (the UI and JS threads) from its own thread and reports each stall once.
///
/// A watched thread calls `beat(_:)` every loop iteration and `idle(_:)` before it blocks waiting for work, so a thread
/// that is merely waiting is never reported. A stall is reported once; the next beat re-arms it.
public final class Watchdog: Sendable {
    private struct Heartbeat {
        var last: UInt64
        var idle: Bool
        var reported: Bool
    }

    public let thresholdNanoseconds: UInt64
    public let checkIntervalMilliseconds: Int
    private let clock: MonotonicClock
    private let pageStack: @Sendable () -> [String]
    private let onStall: @Sendable (StallReport) -> Void
    private let heartbeats = Locked([String: Heartbeat]())
    /// Threads that publish when their current piece of work began instead of beating (the JS thread's loop).
    private let probes = Locked([String: (probe: @Sendable () -> UInt64?, reportedBusySince: UInt64?)]())
    private let running = Locked(false)
    private let stopSignal: WakeSignal

    /// `threshold` defaults to 1 s; checks run every quarter threshold (at least every 1 ms) unless told otherwise.
    /// `onStall` runs on the watchdog thread.
    public init(threshold: Duration = .seconds(1), checkInterval: Duration? = nil, clock: MonotonicClock = .system,
                pageStack: @escaping @Sendable () -> [String],
                onStall: @escaping @Sendable (StallReport) -> Void) {
        thresholdNanoseconds = Self.nanoseconds(threshold)
        let interval = checkInterval.map(Self.nanoseconds) ?? thresholdNanoseconds / 4
        checkIntervalMilliseconds = max(1, Int(clamping: interval / 1_000_000))
        self.clock = clock
        self.pageStack = pageStack
        self.onStall = onStall
        stopSignal = WakeSignal()
    }

    /// The named thread is alive and working. Starts watching a name on first use.
    public func beat(_ name: String) {
        let now = clock.now()
        heartbeats.withLock { beats in
            beats[name] = Heartbeat(last: now, idle: false, reported: false)
        }
    }

    /// The named thread is about to block waiting for work: not a stall, however long it waits.
    public func idle(_ name: String) {
        let now = clock.now()
        heartbeats.withLock { beats in
            beats[name] = Heartbeat(last: now, idle: true, reported: false)
        }
    }

    /// Watches a thread through a probe that returns when its current work began (monotonic ns, same clock), or
    /// nil while it waits for work. A piece of work longer than the threshold is reported once.
    public func watch(_ name: String, busySince probe: @escaping @Sendable () -> UInt64?) {
        probes.withLock { $0[name] = (probe, nil) }
    }

    /// Stops watching a name (its thread ended).
    public func forget(_ name: String) {
        _ = heartbeats.withLock { $0.removeValue(forKey: name) }
    }

    /// One check at the clock's current time: reports (through `onStall`) and returns stalls not reported before.
    @discardableResult
    public func check() -> [StallReport] {
        let now = clock.now()
        let stalled = heartbeats.withLock { beats -> [(String, UInt64)] in
            var found: [(String, UInt64)] = []
            for (name, beat) in beats where !beat.idle && !beat.reported && now > beat.last
                && now - beat.last > thresholdNanoseconds {
                beats[name]?.reported = true
                found.append((name, now - beat.last))
            }
            return found
        } + probes.withLock { probes -> [(String, UInt64)] in
            var found: [(String, UInt64)] = []
            for (name, entry) in probes {
                guard let since = entry.probe(), now > since, now - since > thresholdNanoseconds,
                      entry.reportedBusySince != since else { continue }
                probes[name]?.reportedBusySince = since
                found.append((name, now - since))
            }
            return found
        }
        guard !stalled.isEmpty else { return [] }
        let pages = pageStack()
        let reports = stalled.sorted { $0.0 < $1.0 }.map {
            StallReport(threadName: $0.0, stalledNanoseconds: $0.1, pageStack: pages)
        }
        reports.forEach(onStall)
        return reports
    }

    /// Starts the watchdog thread. Calling it twice has no effect.
    public func start() {
        let alreadyRunning = running.withLock { running -> Bool in
            defer { running = true }
            return running
        }
        guard !alreadyRunning else { return }
        stopSignal.drain()
        Thread.detachNewThread { [self] in
            Thread.current.name = "termini-watchdog"
            while stopSignal.wait(forInputOn: -1, timeoutMilliseconds: checkIntervalMilliseconds) != .woken {
                check()
            }
        }
    }

    /// Stops the watchdog thread.
    public func stop() {
        let wasRunning = running.withLock { running -> Bool in
            defer { running = false }
            return running
        }
        if wasRunning { stopSignal.wake() }
    }

    private static func nanoseconds(_ duration: Duration) -> UInt64 {
        let (seconds, attoseconds) = duration.components
        guard seconds >= 0 else { return 0 }
        return UInt64(seconds) &* 1_000_000_000 &+ UInt64(attoseconds / 1_000_000_000)
    }
}
