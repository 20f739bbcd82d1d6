import Testing
import TerminiUI
@testable import TerminiFrames

@Suite struct PerformanceHUDTests {
    static let ms: UInt64 = 1_000_000

    static func frame(at start: UInt64, build: UInt64, raster: UInt64) -> FrameTiming {
        FrameTiming(vsyncStart: start, buildStart: start, buildEnd: start + build, rasterStart: start + build,
                    rasterEnd: start + build + raster)
    }

    @Test func paintsFPSAndBudgetBars() {
        var hud = PerformanceHUD(framesPerSecond: 60, history: 8)
        // Build: 1 ms, 8 ms, 16 ms, 20 ms (over budget); raster 0.5 ms; 25 ms apart, so one frame group.
        let builds: [UInt64] = [1 * Self.ms, 8 * Self.ms, 16 * Self.ms, 20 * Self.ms]
        for (i, b) in builds.enumerated() {
            hud.record(Self.frame(at: UInt64(i) * 25 * Self.ms, build: b, raster: Self.ms / 2))
        }
        #expect(hud.width == 20)
        var buffer = CellBuffer(width: 30, height: 4)
        buffer.write("app content here", x: 0, y: 0, style: .plain)
        hud.paint(into: &buffer)
        // The 20.5 ms frame spans 2 slots, the others 1: 4 frames / 5 slots * 60 = 48 fps.
        // Bars in eighths of the 16.67 ms budget, rounded up: 1 ms -> 1, 8 ms -> 4, 16 ms -> 8, 20 ms -> over.
        #expect(buffer.renderText() == """
            app contenFPS 48 b 20.0 r 0.5
                      b               ▁▄██
                      r               ▁▁▁▁

            """)
        #expect(buffer[29, 1].style == PerformanceHUD.over)    // the janky frame is red
        #expect(buffer[28, 1].style == PerformanceHUD.tight)   // 16 ms: within budget, but over half
        #expect(buffer[27, 1].style == PerformanceHUD.good)
        #expect(buffer[10, 1].style == PerformanceHUD.panel)
    }

    @Test func emptyHUDAndTinyBuffersDoNotCrash() {
        let hud = PerformanceHUD()
        var buffer = CellBuffer(width: 40, height: 3)
        hud.paint(into: &buffer, corner: .bottomLeft)
        #expect(buffer.renderText().hasPrefix("FPS --"))
        for (w, h) in [(0, 0), (1, 1), (5, 2)] {
            var small = CellBuffer(width: w, height: h)
            hud.paint(into: &small)
            #expect(small.width == max(w, 0))
        }
    }
}
