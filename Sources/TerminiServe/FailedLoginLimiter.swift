import Foundation
import TerminiClock

/// Failed logins per client address: after `limit` failures within `window`, that address's attempts fail at once,
/// without a key check, until the window has passed since its oldest counted failure. Guessing keys then takes
/// forever, and a flood from one address costs almost nothing.
public final class FailedLoginLimiter: Sendable {
    private let limit: Int
    private let window: TimeInterval
    private let failures = Locked([String: [Date]]())

    public init(limit: Int = 5, window: TimeInterval = 60) {
        self.limit = limit
        self.window = window
    }

    /// Whether `address` may try now.
    public func allows(_ address: String, now: Date = Date()) -> Bool {
        failures.withLock { table in
            let recent = (table[address] ?? []).filter { now.timeIntervalSince($0) < window }
            table[address] = recent.isEmpty ? nil : recent
            return recent.count < limit
        }
    }

    /// Counts one failed attempt from `address`.
    public func recordFailure(_ address: String, now: Date = Date()) {
        failures.withLock { table in
            table[address, default: []].append(now)
            // Only the newest `limit` matter; an address that keeps failing does not grow the table without end.
            if let count = table[address]?.count, count > limit { table[address]?.removeFirst(count - limit) }
        }
    }
}
