import Testing
import TerminiUI
@testable import TerminiRuntime

/// What `termini record` writes for each kind of input, and that every line it writes parses back to the same inputs.
@Suite struct EventRecorderTests {
    func record(_ inputs: [(InputEvent, ms: UInt64)]) -> [String] {
        var lines: [String] = []
        let recorder = EventRecorder(startingSize: (80, 24)) { lines.append($0) }
        for (input, ms) in inputs { recorder.record(input, at: ms * 1_000_000) }
        recorder.finish()
        return lines
    }

    @Test func inputsBecomeEventLinesWithSettleBetweenBursts() throws {
        let lines = record([
            (.key(.tab), ms: 1000),
            (.key(.character("B")), ms: 1010), (.key(.character("u")), ms: 1020), (.key(.space), ms: 1030),
            (.key(.character("y")), ms: 1040),
            (.key(.enter), ms: 1050),
            (.mouse(MouseEvent(x: 3, y: 7, kind: .press)), ms: 2000), (.mouse(MouseEvent(x: 3, y: 7, kind: .release)), ms: 2010),
            (.mouse(MouseEvent(x: 1, y: 2, kind: .scrollDown)), ms: 2020),
            (.key(.control("r")), ms: 2030), (.key(.function(5)), ms: 2040), (.key(.character("x")), ms: 2050),
            (.resize(width: 100, height: 30), ms: 3000),
            (.suspend, ms: 3100), (.resume, ms: 9000),
            (.key(.character("a")), ms: 9100), (.key(.space), ms: 9110),
            (.key(.control("c")), ms: 9120),
        ])
        #expect(lines == [
            "# recorded by termini record; replay with: termini snapshot <target> --events <this file>",
            "resize 80x24",
            "key Tab", "type Bu y", "key Enter",
            "settle",
            "click 3 7", "wheel down 1 2", "key Ctrl-r", "key F5", "key x",
            "settle",
            "resize 100x30", "suspend",
            "settle",
            "key a", "key Space",
        ])
        let steps = try EventScript.parse(lines.joined(separator: "\n"), file: "recorded")
        #expect(steps.contains(.type("Bu y")) && steps.contains(.wheel(up: false, column: 1, row: 2)))
        #expect(steps.contains(.click(column: 3, row: 7)) && steps.contains(.key("Ctrl-r")) && steps.contains(.key("Space")))
    }

    @Test func aBadWheelLineNamesItsLine() {
        let error = #expect(throws: EventScriptError.self) { try EventScript.parse("key Tab\nwheel sideways 1 2\n", file: "e.txt") }
        #expect(error?.description == "e.txt:2: expected 'wheel up|down <col> <row>' with non-negative integers")
    }
}
