/// What one `PageView.build` did: counters for tests, the benchmark and the HUD.
public struct BuildStats: Hashable, Sendable {
    /// Elements marked dirty by patches since the previous build.
    public var dirtyElements = 0
    /// Elements whose props were re-evaluated (new ones included).
    public var rebuiltElements = 0
    /// Elements created.
    public var inserted = 0
    /// Elements disposed.
    public var removed = 0
    /// Keyed children that changed relative order (longest-increasing-subsequence moves).
    public var moved = 0
    /// Items whose keys a list compared in a full diff: 0 when every list change was a splice, whatever the lists'
    /// lengths.
    public var keysDiffed = 0
    /// Elements laid out; 0 when nothing needed layout.
    public var layoutNodes = 0

    public init() {}

    /// Adds `other`'s counts to these.
    public mutating func add(_ other: BuildStats) {
        dirtyElements += other.dirtyElements
        rebuiltElements += other.rebuiltElements
        inserted += other.inserted
        removed += other.removed
        moved += other.moved
        keysDiffed += other.keysDiffed
        layoutNodes += other.layoutNodes
    }
}
