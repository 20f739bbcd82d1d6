/// When one frame's phases started and ended (monotonic nanoseconds) and what it wrote to the terminal.
///
/// Mirrors Flutter's FrameTiming: `vsyncStart` is when the frame became due, build covers patches, build and layout,
/// raster covers paint, diff and flush.
public struct FrameTiming: Hashable, Sendable {
    public var vsyncStart: UInt64
    public var buildStart: UInt64
    public var buildEnd: UInt64
    public var rasterStart: UInt64
    public var rasterEnd: UInt64
    /// Bytes that reached the terminal for this frame.
    public var bytes: Int
    /// Cells handed to the terminal for this frame.
    public var cells: Int
    /// What the frame answers, when it answers input (`--timings` splits a key's way to the screen with it).
    public var cause = FrameCause()

    public init(vsyncStart: UInt64, buildStart: UInt64, buildEnd: UInt64, rasterStart: UInt64, rasterEnd: UInt64,
                bytes: Int = 0, cells: Int = 0) {
        self.vsyncStart = vsyncStart
        self.buildStart = buildStart
        self.buildEnd = buildEnd
        self.rasterStart = rasterStart
        self.rasterEnd = rasterEnd
        self.bytes = bytes
        self.cells = cells
    }

    /// Patches, build and layout, in nanoseconds.
    public var buildNanoseconds: UInt64 { Self.span(from: buildStart, to: buildEnd) }
    /// Paint, diff and flush, in nanoseconds.
    public var rasterNanoseconds: UInt64 { Self.span(from: rasterStart, to: rasterEnd) }
    /// Delay between the frame becoming due and its build starting, in nanoseconds.
    public var vsyncOverheadNanoseconds: UInt64 { Self.span(from: vsyncStart, to: buildStart) }
    /// From the frame becoming due to the end of raster, in nanoseconds.
    public var totalSpanNanoseconds: UInt64 { Self.span(from: vsyncStart, to: rasterEnd) }

    public var buildDuration: Duration { .nanoseconds(Int64(clamping: buildNanoseconds)) }
    public var rasterDuration: Duration { .nanoseconds(Int64(clamping: rasterNanoseconds)) }
    public var vsyncOverhead: Duration { .nanoseconds(Int64(clamping: vsyncOverheadNanoseconds)) }
    public var totalSpan: Duration { .nanoseconds(Int64(clamping: totalSpanNanoseconds)) }

    /// Janky: build or raster took longer than one frame budget.
    public func isJanky(budgetNanoseconds: UInt64) -> Bool {
        buildNanoseconds > budgetNanoseconds || rasterNanoseconds > budgetNanoseconds
    }

    /// One JSON object on one line, for `--timings FILE`. Keys:
    /// `frame` (index), `vsync_start_ns`, `build_start_ns`, `build_end_ns`, `raster_start_ns`, `raster_end_ns`
    /// (monotonic nanoseconds), `build_ms`, `raster_ms`, `vsync_overhead_ms`, `total_span_ms` (milliseconds),
    /// `bytes`, `cells`, `janky` (against `budgetNanoseconds`), and, for a frame that answers input, `input_read_ns`,
    /// `input_routed_ns` and `answer_posted_ns` (`FrameCause`; each only when known).
    public func jsonLine(frame: Int, budgetNanoseconds: UInt64) -> String {
        var line = "{\"frame\":\(frame)"
        line += ",\"vsync_start_ns\":\(vsyncStart),\"build_start_ns\":\(buildStart),\"build_end_ns\":\(buildEnd)"
        line += ",\"raster_start_ns\":\(rasterStart),\"raster_end_ns\":\(rasterEnd)"
        line += ",\"build_ms\":\(JSONNumber.milliseconds(buildNanoseconds))"
        line += ",\"raster_ms\":\(JSONNumber.milliseconds(rasterNanoseconds))"
        line += ",\"vsync_overhead_ms\":\(JSONNumber.milliseconds(vsyncOverheadNanoseconds))"
        line += ",\"total_span_ms\":\(JSONNumber.milliseconds(totalSpanNanoseconds))"
        line += ",\"bytes\":\(bytes),\"cells\":\(cells),\"janky\":\(isJanky(budgetNanoseconds: budgetNanoseconds))"
        if let read = cause.inputRead { line += ",\"input_read_ns\":\(read)" }
        if let routed = cause.inputRouted { line += ",\"input_routed_ns\":\(routed)" }
        if let posted = cause.answerPosted { line += ",\"answer_posted_ns\":\(posted)" }
        return line + "}"
    }

    /// Timestamps recorded out of order (a caller bug, or a hand-written timings file) give 0, never a trap.
    static func span(from start: UInt64, to end: UInt64) -> UInt64 {
        end >= start ? end - start : 0
    }
}

/// Where a frame's input and the script's answer to it were before the frame began (monotonic nanoseconds, the
/// clock of the other timestamps): the key's way from the terminal to the screen, split at the threads' hand-offs.
public struct FrameCause: Hashable, Sendable {
    /// When the UI thread had the first input handled since the previous frame, read and decoded.
    public var inputRead: UInt64?
    /// When it had routed that input (to a widget, a binding, the page's `onKey`) and posted its events.
    public var inputRouted: UInt64?
    /// When the JS thread posted the first setData that answered input among those this frame shows.
    public var answerPosted: UInt64?

    public init(inputRead: UInt64? = nil, inputRouted: UInt64? = nil, answerPosted: UInt64? = nil) {
        self.inputRead = inputRead
        self.inputRouted = inputRouted
        self.answerPosted = answerPosted
    }
}

/// Formats numbers for the hand-written JSON of timing files and summaries.
enum JSONNumber {
    /// Nanoseconds as milliseconds with microsecond precision: enough for frame timing, short in the file.
    static func milliseconds(_ nanoseconds: UInt64) -> String {
        format(Double(nanoseconds / 1_000) / 1_000)
    }

    static func format(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return String(value)
    }
}
