/// A run of frames with no gap longer than two frame budgets between them, and the FPS it achieved.
public struct FrameGroup: Hashable, Sendable {
    /// Frames rendered in the group.
    public var frameCount: Int
    /// Frame slots the group's frames occupied: each frame takes totalSpan / budget + 1 slots (integer division).
    public var occupiedSlots: Int
    /// vsyncStart of the first frame and rasterEnd of the last, monotonic nanoseconds.
    public var start: UInt64
    public var end: UInt64

    /// frames rendered / frames that fit × max fps (Flutter's formula), so a group of on-budget frames shows max fps.
    public func framesPerSecond(maxFramesPerSecond: Int) -> Double {
        guard occupiedSlots > 0 else { return 0 }
        return Double(frameCount) / Double(occupiedSlots) * Double(maxFramesPerSecond)
    }
}

/// Computes FPS per frame group as the Flutter IntelliJ plugin does: a gap longer than two
/// frame budgets between one frame's end and the next frame's vsync closes a group, and each closed group yields an FPS.
public struct FrameRateMeter: Sendable {
    public let maxFramesPerSecond: Int
    public let budgetNanoseconds: UInt64
    /// The group still accumulating frames, if any.
    public private(set) var openGroup: FrameGroup?

    public init(maxFramesPerSecond: Int = 60) {
        self.maxFramesPerSecond = max(1, maxFramesPerSecond)
        budgetNanoseconds = 1_000_000_000 / UInt64(self.maxFramesPerSecond)
    }

    /// Adds the next frame (in time order). Returns the group it closed, if the gap before it ended one.
    @discardableResult
    public mutating func add(_ timing: FrameTiming) -> FrameGroup? {
        let slots = Int(timing.totalSpanNanoseconds / budgetNanoseconds) + 1
        guard var group = openGroup else {
            openGroup = FrameGroup(frameCount: 1, occupiedSlots: slots, start: timing.vsyncStart, end: timing.rasterEnd)
            return nil
        }
        let gap = FrameTiming.span(from: group.end, to: timing.vsyncStart)
        if gap > 2 * budgetNanoseconds {
            openGroup = FrameGroup(frameCount: 1, occupiedSlots: slots, start: timing.vsyncStart, end: timing.rasterEnd)
            return group
        }
        group.frameCount += 1
        group.occupiedSlots += slots
        group.end = max(group.end, timing.rasterEnd)
        openGroup = group
        return nil
    }

    /// FPS of the group in progress (what a HUD shows), or nil before the first frame.
    public var currentFramesPerSecond: Double? {
        openGroup.map { $0.framesPerSecond(maxFramesPerSecond: maxFramesPerSecond) }
    }

    /// Every group of `timings` (in time order), the last one included even though no gap closed it.
    public static func groups(of timings: [FrameTiming], maxFramesPerSecond: Int = 60) -> [FrameGroup] {
        var meter = FrameRateMeter(maxFramesPerSecond: maxFramesPerSecond)
        var groups: [FrameGroup] = []
        for timing in timings {
            if let closed = meter.add(timing) { groups.append(closed) }
        }
        if let last = meter.openGroup { groups.append(last) }
        return groups
    }
}
