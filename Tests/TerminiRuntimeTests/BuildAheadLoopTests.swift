import Testing
@testable import TerminiRuntime

/// The engine's loop builds a list's next rows while no input waits (`PageView.buildAhead`), so the scroll that
/// shows them finds them built.
@Suite struct BuildAheadLoopTests {
    @Test func theIdleLoopBuildsTheRowsBeyondTheScreenAndAScrollShowsThem() throws {
        let h = try EngineHarness(
            pages: ["a"], action: "function ACTION() {}", size: (30, 8),
            root: #"""
            {"cls":"ListView","p1":"{{rows}}","key":"id","item":"row","loc":"nav/pages/a.swift:3:5","children":[
              {"cls":"Text","p1":"row {{row.id}}","loc":"nav/pages/a.swift:4:9"}]}
            """#,
            data: "{ rows: Array.from({ length: 1000 }, (_, i) => ({ id: i })) }")
        h.start()
        let page = try #require(h.engine.stack.last).view
        #expect(h.screen.dropFirst().first?.hasPrefix("row 0") == true, "below the title bar: \(h.screen)")
        var steps = 0
        while page.hasWorkAhead && steps < 100 {
            h.engine.step(maxWaitMilliseconds: 0)
            steps += 1
        }
        #expect(!page.hasWorkAhead, "the loop left rows to build after \(steps) idle steps")
        #expect(page.builtAhead.inserted > 0)
        try h.play("key PageDown")
        let shown = h.screen.compactMap { line in line.split(separator: " ").dropFirst().first.flatMap { Int($0) } }
        #expect(shown.count >= 6 && shown.first! > 0, "\(h.screen)")
        #expect(shown == Array(shown.first!..<(shown.first! + shown.count)), "\(h.screen)")
    }
}
