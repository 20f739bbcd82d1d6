import Foundation
import TerminiTerminal
import TerminiUI

/// What `termini test` prints: a line per test, a failure's place, expectation and the app's answer, the screen
/// (as a diff against the golden screen for `expect screen`), and the summary line.
public struct AppTestReport: Sendable {
    /// Paint screens and the diff in their colours with escape sequences (a terminal, or `--color always`).
    public var styled: Bool

    public init(styled: Bool) { self.styled = styled }

    /// `ok   name (0.4 s)`, or `FAIL name` and the failure's lines.
    public func lines(for result: AppTestResult) -> [String] {
        let time = " (\(String(format: "%.1f", result.seconds)) s)"
        guard let failure = result.failure else {
            return ["ok   \(result.name)\(time)"] + result.screensWritten.map { "     wrote \($0)" }
        }
        var lines = ["FAIL \(result.name)\(time)"]
        // What the app or the test file wrote may hold escape sequences: they must not reach the terminal as such.
        let safe = TerminalSafeText.sanitized
        lines.append("\(failure.location) \(safe(failure.source.isEmpty ? failure.actual : failure.source))")
        if !failure.source.isEmpty {
            lines.append("  expected: \(safe(failure.expected))")
            lines.append("  actual:   \(safe(failure.actual))")
        }
        if let golden = failure.golden, let screen = failure.screen {
            lines.append("  diff against the golden screen (- golden, + actual):")
            lines += ScreenDiff(golden: golden, actual: screen).lines(styled: styled).map { "    " + $0 }
        } else if let screen = failure.screen {
            lines.append("  screen (\(screen.width)x\(screen.height)):")
            lines += screenLines(screen).map { "    " + $0 }
        }
        if !failure.console.isEmpty {
            lines.append("  console:")
            lines += failure.console.suffix(10).map { "    " + safe($0) }
        }
        return lines
    }

    /// `N passed, N failed`, as the last line of the run.
    public static func summary(passed: Int, failed: Int) -> String { "\(passed) passed, \(failed) failed" }

    /// The screen's rows with their numbers, trailing blank rows left out.
    private func screenLines(_ screen: CellBuffer) -> [String] {
        let labelWidth = String(max(0, screen.height - 1)).count
        let plain = screen.renderText().split(separator: "\n", omittingEmptySubsequences: false)
        var rows = (0..<screen.height).map { y in
            (text: styled ? ANSIScreenText.row(screen, y) : String(plain[y]), label: y)
        }
        while let last = rows.last, last.text.isEmpty { rows.removeLast() }
        return rows.map { "row " + String(repeating: " ", count: labelWidth - String($0.label).count) + "\($0.label) |" + $0.text }
    }
}
