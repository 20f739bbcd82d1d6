/// Bounds every `request` call: the timeout used when the page gives none, and the largest response body accepted.
public struct RequestLimits: Equatable, Sendable {
    /// Seconds; the page's `timeout` parameter (milliseconds) overrides it.
    public var defaultTimeout: Double
    /// Bodies larger than this are refused with `.limitReached` as soon as the size is known, never fully buffered.
    public var maxResponseBytes: Int

    public init(defaultTimeout: Double = 10, maxResponseBytes: Int = 10 * 1024 * 1024) {
        self.defaultTimeout = defaultTimeout
        self.maxResponseBytes = maxResponseBytes
    }
}
