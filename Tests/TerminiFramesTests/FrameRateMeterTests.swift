import Testing
@testable import TerminiFrames

@Suite struct FrameRateMeterTests {
    static let ms: UInt64 = 1_000_000
    static let budget: UInt64 = 16_666_666

    static func frame(at start: UInt64, span: UInt64) -> FrameTiming {
        FrameTiming(vsyncStart: start, buildStart: start, buildEnd: start + span / 2, rasterStart: start + span / 2,
                    rasterEnd: start + span)
    }

    @Test func onBudgetFramesShowMaxFPSAndSlowFramesOccupyMoreSlots() {
        var timings: [FrameTiming] = []
        // Group 1: three 5 ms frames, one per vsync: one slot each.
        for i in 0..<3 { timings.append(Self.frame(at: UInt64(i) * Self.budget, span: 5 * Self.ms)) }
        // 100 ms of idle, then group 2: two 20 ms frames, each 20/16.67 + 1 = 2 slots.
        let second = 2 * Self.budget + 5 * Self.ms + 100 * Self.ms
        timings.append(Self.frame(at: second, span: 20 * Self.ms))
        timings.append(Self.frame(at: second + 21 * Self.ms, span: 20 * Self.ms))

        let groups = FrameRateMeter.groups(of: timings, maxFramesPerSecond: 60)
        #expect(groups.count == 2)
        #expect(groups[0].frameCount == 3)
        #expect(groups[0].occupiedSlots == 3)
        #expect(groups[0].framesPerSecond(maxFramesPerSecond: 60) == 60)
        #expect(groups[1].frameCount == 2)
        #expect(groups[1].occupiedSlots == 4)
        #expect(groups[1].framesPerSecond(maxFramesPerSecond: 60) == 30)
    }

    @Test func aGapOfExactlyTwoBudgetsKeepsTheGroupAndOneMoreNanosecondEndsIt() {
        var meter = FrameRateMeter(maxFramesPerSecond: 60)
        let first = Self.frame(at: 0, span: Self.ms)
        #expect(meter.add(first) == nil)
        let sameGroup = Self.frame(at: Self.ms + 2 * Self.budget, span: Self.ms)
        #expect(meter.add(sameGroup) == nil)
        #expect(meter.openGroup?.frameCount == 2)
        let nextGroup = Self.frame(at: sameGroup.rasterEnd + 2 * Self.budget + 1, span: Self.ms)
        let closed = meter.add(nextGroup)
        #expect(closed?.frameCount == 2)
        #expect(closed?.start == 0)
        #expect(closed?.end == sameGroup.rasterEnd)
        #expect(meter.openGroup?.frameCount == 1)
        #expect(meter.currentFramesPerSecond == 60)
    }

    @Test func aThreeBudgetFrameAloneIsFifteenFPS() {
        // 50 ms: 50 / 16.67 = 3 (integer) + 1 = 4 slots; 1 / 4 * 60 = 15.
        let groups = FrameRateMeter.groups(of: [Self.frame(at: 0, span: 50 * Self.ms)])
        #expect(groups.map(\.occupiedSlots) == [4])
        #expect(groups.first?.framesPerSecond(maxFramesPerSecond: 60) == 15)
    }

    @Test func noFramesNoGroups() {
        #expect(FrameRateMeter.groups(of: []).isEmpty)
        #expect(FrameRateMeter().currentFramesPerSecond == nil)
    }
}
