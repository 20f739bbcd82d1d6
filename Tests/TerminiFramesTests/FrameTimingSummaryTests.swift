import Testing
@testable import TerminiFrames

@Suite struct FrameTimingSummaryTests {
    static let budget: UInt64 = 16_666_666
    static let ms: UInt64 = 1_000_000

    /// Frames laid end to end with the given build and raster milliseconds.
    static func frames(build: [UInt64], raster: [UInt64]) -> [FrameTiming] {
        var t: UInt64 = 1_000 * ms
        return zip(build, raster).map { b, r in
            defer { t += 100 * ms }
            return FrameTiming(vsyncStart: t, buildStart: t, buildEnd: t + b * ms, rasterStart: t + b * ms,
                               rasterEnd: t + (b + r) * ms, bytes: 10, cells: 2)
        }
    }

    @Test func computesFlutterStatisticsExactly() {
        let timings = Self.frames(build: [1, 2, 3, 4, 5, 6, 7, 8, 9, 17], raster: [2, 2, 2, 2, 20, 2, 2, 2, 2, 2])
        let summary = FrameTimingSummary(timings: timings, budgetNanoseconds: Self.budget)
        #expect(summary.averageBuildMillis == 6.2)
        #expect(summary.p90BuildMillis == 9)      // sorted[round(9 * 0.9) = 8]
        #expect(summary.p99BuildMillis == 17)     // sorted[round(9 * 0.99) = 9]
        #expect(summary.worstBuildMillis == 17)
        #expect(summary.missedBuildBudgetCount == 1)
        #expect(summary.averageRasterMillis == 3.8)
        #expect(summary.p90RasterMillis == 2)
        #expect(summary.p99RasterMillis == 20)
        #expect(summary.worstRasterMillis == 20)
        #expect(summary.missedRasterBudgetCount == 1)
        #expect(summary.frameCount == 10)
        #expect(summary.jsonObject() == """
            {"average_frame_build_time_millis":6.2,"90th_percentile_frame_build_time_millis":9,\
            "99th_percentile_frame_build_time_millis":17,"worst_frame_build_time_millis":17,\
            "missed_frame_build_budget_count":1,"average_frame_rasterizer_time_millis":3.8,\
            "90th_percentile_frame_rasterizer_time_millis":2,"99th_percentile_frame_rasterizer_time_millis":20,\
            "worst_frame_rasterizer_time_millis":20,"missed_frame_rasterizer_budget_count":1,"frame_count":10}
            """)
    }

    @Test func exactlyOnBudgetIsNotAMiss() {
        let t = FrameTiming(vsyncStart: 0, buildStart: 0, buildEnd: Self.budget, rasterStart: Self.budget,
                            rasterEnd: 2 * Self.budget + 1)
        let summary = FrameTimingSummary(timings: [t], budgetNanoseconds: Self.budget)
        #expect(summary.missedBuildBudgetCount == 0)
        #expect(summary.missedRasterBudgetCount == 1)
        #expect(t.isJanky(budgetNanoseconds: Self.budget))
    }

    @Test func noFramesGivesZeros() {
        let summary = FrameTimingSummary(timings: [], budgetNanoseconds: Self.budget)
        #expect(summary.frameCount == 0)
        #expect(summary.worstBuildMillis == 0)
        #expect(summary.jsonObject().hasSuffix("\"frame_count\":0}"))
    }

    @Test func timingDurationsAndJSONLine() {
        let t = FrameTiming(vsyncStart: 1_000, buildStart: 501_000, buildEnd: 2_501_000, rasterStart: 2_600_000,
                            rasterEnd: 3_100_000, bytes: 42, cells: 7)
        #expect(t.vsyncOverheadNanoseconds == 500_000)
        #expect(t.buildDuration == .nanoseconds(2_000_000))
        #expect(t.rasterDuration == .microseconds(500))
        #expect(t.totalSpan == .nanoseconds(3_099_000))
        #expect(t.jsonLine(frame: 3, budgetNanoseconds: Self.budget) == """
            {"frame":3,"vsync_start_ns":1000,"build_start_ns":501000,"build_end_ns":2501000,\
            "raster_start_ns":2600000,"raster_end_ns":3100000,"build_ms":2,"raster_ms":0.5,\
            "vsync_overhead_ms":0.5,"total_span_ms":3.099,"bytes":42,"cells":7,"janky":false}
            """)
    }

    @Test func aFrameThatAnswersInputSaysWhereTheKeyWas() {
        var t = FrameTiming(vsyncStart: 1_000, buildStart: 9_000, buildEnd: 10_000, rasterStart: 10_000, rasterEnd: 11_000)
        t.cause = FrameCause(inputRead: 2_000, inputRouted: 3_000, answerPosted: 8_000)
        #expect(t.jsonLine(frame: 0, budgetNanoseconds: Self.budget).hasSuffix("""
            "janky":false,"input_read_ns":2000,"input_routed_ns":3000,"answer_posted_ns":8000}
            """))
        // A key the UI thread answered alone (a typed character): no answer to report.
        t.cause.answerPosted = nil
        #expect(t.jsonLine(frame: 0, budgetNanoseconds: Self.budget).hasSuffix("""
            "janky":false,"input_read_ns":2000,"input_routed_ns":3000}
            """))
    }

    @Test func outOfOrderTimestampsGiveZeroNotATrap() {
        let t = FrameTiming(vsyncStart: 10, buildStart: 5, buildEnd: 1, rasterStart: 9, rasterEnd: 0)
        #expect(t.buildNanoseconds == 0)
        #expect(t.totalSpanNanoseconds == 0)
        #expect(t.vsyncOverheadNanoseconds == 0)
    }
}
