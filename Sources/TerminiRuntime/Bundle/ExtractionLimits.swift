/// Caps on what an archive may contain, enforced on the bytes actually inflated so that zip bombs are caught.
public struct ExtractionLimits: Sendable, Equatable {
    public var maxEntries: Int
    public var maxFileBytes: Int64
    public var maxTotalBytes: Int64

    public init(maxEntries: Int = 10_000, maxFileBytes: Int64 = 50 << 20, maxTotalBytes: Int64 = 200 << 20) {
        self.maxEntries = maxEntries
        self.maxFileBytes = maxFileBytes
        self.maxTotalBytes = maxTotalBytes
    }

    public static let standard = ExtractionLimits()
}
