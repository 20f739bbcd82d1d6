import TerminiClock
@testable import TerminiFrames
import Testing

/// The startup line of `--timings`: each step's span from the marks, the first frame's own times, written once.
@Suite struct StartupTimelineTests {
    @Test func spansComeFromTheMarksAndTheLineIsWrittenOnce() throws {
        let clock = ManualClock(nanoseconds: 1_000_000_000)
        let timeline = StartupTimeline(clock: clock.clock)
        timeline.markMain()
        clock.advance(milliseconds: 2)
        timeline.mark(.argumentsParsed)
        clock.advance(milliseconds: 3)
        timeline.mark(.bundleLoaded)
        clock.advance(milliseconds: 1)
        timeline.mark(.terminalReady)
        clock.advance(milliseconds: 4)
        timeline.mark(.engineCreated)
        timeline.mark(.pageRequested)
        clock.advance(milliseconds: 5)
        timeline.mark(.argumentsParsed)  // a second pass (a restart) keeps the first
        let start = clock.nanoseconds
        let frame = FrameTiming(vsyncStart: start, buildStart: start, buildEnd: start + 1_000_000,
                                rasterStart: start + 1_000_000, rasterEnd: start + 1_500_000, bytes: 10, cells: 5)
        let line = try #require(timeline.takeJSONLine(firstFrame: frame, scriptStart: .milliseconds(7)))
        #expect(line.hasPrefix("{\"startup\":{\"before_main_ms\":"), "\(line)")
        for part in ["\"arguments_ms\":2", "\"bundle_load_ms\":3", "\"terminal_ms\":1", "\"engine_ms\":4",
                     "\"page_load_ms\":5", "\"first_layout_ms\":1", "\"first_write_ms\":0.5", "\"script_start_ms\":7"] {
            #expect(line.contains(part), "\(part) in \(line)")
        }
        // total: everything after main (2 + 3 + 1 + 4 + 5 + 1.5 ms) plus the CPU time before main.
        let total = try #require(Double(line.split(separator: "\"total_ms\":").last?.dropLast(2) ?? ""))
        #expect(total >= 16.5, "\(line)")
        #expect(timeline.takeJSONLine(firstFrame: frame, scriptStart: nil) == nil)
    }

    /// A host that embeds the engine passes no CLI steps: those are null and the total counts from the engine.
    @Test func stepsNotPassedAreNull() throws {
        let clock = ManualClock(nanoseconds: 5_000)
        let timeline = StartupTimeline(clock: clock.clock)
        timeline.mark(.engineCreated)
        clock.advance(milliseconds: 3)
        let now = clock.nanoseconds
        let frame = FrameTiming(vsyncStart: now, buildStart: now, buildEnd: now, rasterStart: now, rasterEnd: now,
                                bytes: 0, cells: 0)
        let line = try #require(timeline.takeJSONLine(firstFrame: frame, scriptStart: nil))
        #expect(line.contains("\"arguments_ms\":null") && line.contains("\"before_main_ms\":null"), "\(line)")
        #expect(line.hasSuffix("\"total_ms\":3}}"), "\(line)")
    }
}
