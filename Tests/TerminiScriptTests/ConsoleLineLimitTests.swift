import Testing
import TerminiScript

/// A console line is cut at 65,536 characters with a note of how much was cut, so a huge string logged costs one
/// bounded line, not its size again in every copy on the way to the log.
@Suite struct ConsoleLineLimitTests {
    @Test func aHundredMegabyteStringIsCutWithANote() {
        let h = ScriptHarness()
        defer { h.shutdown() }
        h.load("console.log('x'.repeat(100e6))")
        let line = h.delegate.logs.first ?? ""
        #expect(line.hasPrefix(String(repeating: "x", count: 65536) + " … [99934464 more characters cut: a log line holds 65536]"),
                "\(line.prefix(80))… \(line.count) characters")
        #expect(line.count < 65536 + 80)
    }

    @Test func manyArgumentsAreCutAsOneLine() {
        let h = ScriptHarness()
        defer { h.shutdown() }
        h.load("console.warn('a'.repeat(40000), 'b'.repeat(40000), { c: 1 })")
        let line = h.delegate.logs.first ?? ""
        // 40,000 + 1 + 40,000 + 1 + 7 characters: 14,473 past the limit.
        #expect(line.hasPrefix("warn: " + String(repeating: "a", count: 40000) + " " + String(repeating: "b", count: 25535)
                + " … [14473 more characters cut"), "\(line.suffix(80))")
    }

    @Test func aCutNeverSplitsASurrogatePair() {
        let h = ScriptHarness()
        defer { h.shutdown() }
        h.load("console.log('a' + '😀'.repeat(40000))")
        let line = h.delegate.logs.first ?? ""
        #expect(!line.contains("\u{FFFD}"))
        #expect(line.hasPrefix("a" + String(repeating: "😀", count: 32767) + " … [14466 more characters cut"),
                "\(line.prefix(20))… \(line.suffix(80))")
    }

    @Test func linesUpToTheLimitAreWhole() {
        let h = ScriptHarness()
        defer { h.shutdown() }
        h.load("console.log('y'.repeat(65534), 1)")
        #expect(h.delegate.logs == [String(repeating: "y", count: 65534) + " 1"])
    }
}
