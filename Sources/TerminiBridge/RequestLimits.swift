/// Bounds every `request` call: the timeout used when the page gives none, the largest response body accepted, and
/// for streamed responses (`enableChunked`) the total per request, the largest chunk and how often chunks are handed
/// to the script.
public struct RequestLimits: Equatable, Sendable {
    /// Seconds; the page's `timeout` parameter (milliseconds) overrides it. For a streamed response it is the longest
    /// wait between two chunks.
    public var defaultTimeout: Double
    /// Bodies larger than this are refused with `.limitReached` as soon as the size is known, never fully buffered.
    public var maxResponseBytes: Int
    /// The most a streamed response (`enableChunked`, an event stream) may deliver in all; the manifest's
    /// `requestStreamLimitMB` sets it per app.
    public var maxStreamBytes: Int
    /// A chunk larger than this reaches the script as several.
    public var maxChunkBytes: Int
    /// Seconds between two hand-offs of a stream's chunks to the script: one frame.
    public var chunkInterval: Double
    /// Redirects followed before a request fails: a redirect loop ends here.
    public var maxRedirects: Int

    public init(defaultTimeout: Double = 10, maxResponseBytes: Int = 10 * 1024 * 1024,
                maxStreamBytes: Int = 100 * 1024 * 1024, maxChunkBytes: Int = 1024 * 1024,
                chunkInterval: Double = 1.0 / 60, maxRedirects: Int = 10)
    {
        self.defaultTimeout = defaultTimeout
        self.maxResponseBytes = maxResponseBytes
        self.maxStreamBytes = maxStreamBytes
        self.maxChunkBytes = maxChunkBytes
        self.chunkInterval = chunkInterval
        self.maxRedirects = maxRedirects
    }
}
