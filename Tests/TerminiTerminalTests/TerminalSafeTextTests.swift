import Testing
@testable import TerminiTerminal

/// Nothing an app writes reaches a terminal as a control sequence: the title, clipboard, screen and cursor
/// sequences of issue 27's probe, C1 controls and DEL all print as caret notation; newlines, tabs and text stay.
@Suite struct TerminalSafeTextTests {
    @Test func escapeSequencesPrintAsText() {
        let hostile = "boom\u{1B}]0;T\u{07}\u{1B}]52;c;aGk=\u{07}\u{1B}[2J\u{1B}[?25l"
        let safe = TerminalSafeText.sanitized(hostile)
        #expect(safe == "boom^[]0;T^G^[]52;c;aGk=^G^[[2J^[[?25l")
        #expect(!safe.unicodeScalars.contains { $0.value < 0x20 || (0x7F..<0xA0).contains($0.value) })
    }

    @Test func c1ControlsDelAndNulAreShown() {
        #expect(TerminalSafeText.sanitized("a\u{9B}31mb\u{7F}\u{00}") == "a^[[31mb^?^@")
        #expect(TerminalSafeText.sanitized("\u{8D}") == "^[M")
    }

    @Test func ordinaryTextIsUntouched() {
        let text = "line one\n\tindented 世界 😀 é"
        #expect(TerminalSafeText.sanitized(text) == text)
    }
}
