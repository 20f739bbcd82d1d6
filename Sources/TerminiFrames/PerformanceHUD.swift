import TerminiCanvas

/// The `--perf` overlay: current FPS and sparkline bars of the last frames' build and raster times against the budget.
///
/// Three rows, painted last into the back buffer:
/// ```
/// FPS 60 b 1.2 r 0.3     <- FPS of the current frame group, latest build and raster ms
/// b▁▁▂▁▄▁▁█              <- build time per frame, oldest left; full height = one budget
/// r▁▁▁▁▁▁▁▁              <- raster time per frame
/// ```
/// Bars are green under half a budget, yellow up to the budget and red when over it (a janky frame).
public struct PerformanceHUD: Sendable {
    /// Where the panel sits.
    public enum Corner: Hashable, Sendable { case topRight, bottomRight, topLeft, bottomLeft }

    public let history: Int
    public let budgetNanoseconds: UInt64
    public private(set) var meter: FrameRateMeter
    private var build: [UInt64]
    private var raster: [UInt64]
    private var next = 0
    private var recorded = 0
    private var latest: FrameTiming?

    public static let height = 3
    /// Panel width in columns.
    public var width: Int { max(history + 1, 20) }

    private static let blocks: [Character] = ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]
    static let panel = CellStyle(foreground: .index(7), background: .index(0))
    static let good = CellStyle(foreground: .index(2), background: .index(0))
    static let tight = CellStyle(foreground: .index(3), background: .index(0))
    static let over = CellStyle(foreground: .index(1), background: .index(0), attributes: .bold)

    /// `history` frames are shown (clamped to 4...200).
    public init(framesPerSecond: Int = 60, history: Int = 24) {
        self.history = min(max(history, 4), 200)
        meter = FrameRateMeter(maxFramesPerSecond: framesPerSecond)
        budgetNanoseconds = meter.budgetNanoseconds
        build = Array(repeating: 0, count: self.history)
        raster = Array(repeating: 0, count: self.history)
    }

    /// Adds a finished frame.
    public mutating func record(_ timing: FrameTiming) {
        meter.add(timing)
        build[next] = timing.buildNanoseconds
        raster[next] = timing.rasterNanoseconds
        next = (next + 1) % history
        recorded = min(recorded + 1, history)
        latest = timing
    }

    /// FPS of the current frame group, nil before the first frame.
    public var framesPerSecond: Double? { meter.currentFramesPerSecond }

    /// Paints the panel into `buffer`'s corner (clipped when the buffer is smaller).
    public func paint(into buffer: inout CellBuffer, corner: Corner = .topRight) {
        let w = min(width, buffer.width), h = min(Self.height, buffer.height)
        guard w > 0, h > 0 else { return }
        let left = corner == .topLeft || corner == .bottomLeft ? 0 : buffer.width - w
        let top = corner == .topLeft || corner == .topRight ? 0 : buffer.height - h
        buffer.fill(x: left, y: top, width: w, height: h, with: Cell(character: " ", style: Self.panel))
        buffer.write(headline(), x: left, y: top, style: Self.panel, maxWidth: w)
        if h > 1 { paintBars(build, label: "b", into: &buffer, x: left, y: top + 1, width: w) }
        if h > 2 { paintBars(raster, label: "r", into: &buffer, x: left, y: top + 2, width: w) }
    }

    /// Paints the panel as one row across `buffer` at row `y`: the headline, then one bar per frame for build plus
    /// raster time against the budget, the newest at the right edge. The host gives the row to the panel alone,
    /// so it never covers the page.
    public func paintRow(into buffer: inout CellBuffer, y: Int) {
        guard y >= 0, y < buffer.height, buffer.width > 0 else { return }
        buffer.fill(x: 0, y: y, width: buffer.width, height: 1, with: Cell(character: " ", style: Self.panel))
        let text = " " + headline() + " ms"
        buffer.write(text, x: 0, y: y, style: Self.panel, maxWidth: buffer.width)
        let room = buffer.width - text.count - 2  // the headline is ASCII
        let shown = min(recorded, history, max(0, room))
        for i in 0..<shown {
            let age = shown - 1 - i
            let index = ((next - 1 - age) % history + history) % history
            let total = build[index] + raster[index]
            buffer[buffer.width - 1 - shown + i, y] = Cell(character: bar(total), style: style(total))
        }
    }

    private func headline() -> String {
        let fps = framesPerSecond.map { String(Int($0.rounded())) } ?? "--"
        guard let latest else { return "FPS \(fps)" }
        return "FPS \(fps) b \(Self.millis(latest.buildNanoseconds)) r \(Self.millis(latest.rasterNanoseconds))"
    }

    private func paintBars(_ values: [UInt64], label: String, into buffer: inout CellBuffer, x: Int, y: Int, width: Int) {
        buffer.write(label, x: x, y: y, style: Self.panel)
        let slots = min(history, width - 1)
        // The newest frames, oldest first, right-aligned so the latest bar is always at the panel's edge.
        let shown = min(recorded, slots)
        for i in 0..<shown {
            let age = shown - 1 - i   // 0 = newest
            let index = ((next - 1 - age) % history + history) % history
            let value = values[index]
            let column = x + width - shown + i
            buffer[column, y] = Cell(character: bar(value), style: style(value))
        }
    }

    private func bar(_ nanoseconds: UInt64) -> Character {
        guard budgetNanoseconds > 0 else { return Self.blocks[0] }
        let eighths = (nanoseconds * 8 + budgetNanoseconds - 1) / budgetNanoseconds   // rounded up
        return Self.blocks[Int(min(max(eighths, 1), 8)) - 1]
    }

    private func style(_ nanoseconds: UInt64) -> CellStyle {
        if nanoseconds > budgetNanoseconds { return Self.over }
        return nanoseconds * 2 > budgetNanoseconds ? Self.tight : Self.good
    }

    /// Milliseconds with one decimal, without Foundation's formatter on the frame path.
    static func millis(_ nanoseconds: UInt64) -> String {
        let tenths = (nanoseconds + 50_000) / 100_000
        return "\(tenths / 10).\(tenths % 10)"
    }
}
