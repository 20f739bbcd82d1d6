/// Aggregate build and raster statistics over many frames, reported with Flutter's timeline-summary keys.
public struct FrameTimingSummary: Hashable, Sendable {
    public var averageBuildMillis: Double
    public var p90BuildMillis: Double
    public var p99BuildMillis: Double
    public var worstBuildMillis: Double
    public var missedBuildBudgetCount: Int
    public var averageRasterMillis: Double
    public var p90RasterMillis: Double
    public var p99RasterMillis: Double
    public var worstRasterMillis: Double
    public var missedRasterBudgetCount: Int
    public var frameCount: Int

    /// Summarises `timings`; a frame misses the budget when its phase takes strictly longer than `budgetNanoseconds`.
    /// No frames gives all zeros.
    public init(timings: [FrameTiming], budgetNanoseconds: UInt64) {
        let build = timings.map(\.buildNanoseconds)
        let raster = timings.map(\.rasterNanoseconds)
        let buildStats = PhaseStatistics(build, budgetNanoseconds: budgetNanoseconds)
        let rasterStats = PhaseStatistics(raster, budgetNanoseconds: budgetNanoseconds)
        averageBuildMillis = buildStats.average
        p90BuildMillis = buildStats.p90
        p99BuildMillis = buildStats.p99
        worstBuildMillis = buildStats.worst
        missedBuildBudgetCount = buildStats.missed
        averageRasterMillis = rasterStats.average
        p90RasterMillis = rasterStats.p90
        p99RasterMillis = rasterStats.p99
        worstRasterMillis = rasterStats.worst
        missedRasterBudgetCount = rasterStats.missed
        frameCount = timings.count
    }

    /// The summary as one JSON object with Flutter's keys, in a stable order.
    public func jsonObject() -> String {
        let fields: [(String, String)] = [
            ("average_frame_build_time_millis", JSONNumber.format(averageBuildMillis)),
            ("90th_percentile_frame_build_time_millis", JSONNumber.format(p90BuildMillis)),
            ("99th_percentile_frame_build_time_millis", JSONNumber.format(p99BuildMillis)),
            ("worst_frame_build_time_millis", JSONNumber.format(worstBuildMillis)),
            ("missed_frame_build_budget_count", String(missedBuildBudgetCount)),
            ("average_frame_rasterizer_time_millis", JSONNumber.format(averageRasterMillis)),
            ("90th_percentile_frame_rasterizer_time_millis", JSONNumber.format(p90RasterMillis)),
            ("99th_percentile_frame_rasterizer_time_millis", JSONNumber.format(p99RasterMillis)),
            ("worst_frame_rasterizer_time_millis", JSONNumber.format(worstRasterMillis)),
            ("missed_frame_rasterizer_budget_count", String(missedRasterBudgetCount)),
            ("frame_count", String(frameCount)),
        ]
        return "{" + fields.map { "\"\($0.0)\":\($0.1)" }.joined(separator: ",") + "}"
    }
}

/// Average, percentiles, worst and budget misses of one phase's durations.
private struct PhaseStatistics {
    var average = 0.0, p90 = 0.0, p99 = 0.0, worst = 0.0
    var missed = 0

    init(_ nanoseconds: [UInt64], budgetNanoseconds: UInt64) {
        guard !nanoseconds.isEmpty else { return }
        let sorted = nanoseconds.sorted()
        let total = sorted.reduce(0.0) { $0 + Double($1) }
        average = total / Double(sorted.count) / 1e6
        p90 = Self.percentile(sorted, 90)
        p99 = Self.percentile(sorted, 99)
        worst = Double(sorted[sorted.count - 1]) / 1e6
        missed = sorted.count(where: { $0 > budgetNanoseconds })
    }

    /// Flutter driver's rule: the element at round((n - 1) * p / 100) of the sorted list.
    static func percentile(_ sorted: [UInt64], _ percent: Double) -> Double {
        let index = Int((Double(sorted.count - 1) * percent / 100).rounded())
        return Double(sorted[min(max(index, 0), sorted.count - 1)]) / 1e6
    }
}
