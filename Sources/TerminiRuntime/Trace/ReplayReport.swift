import Foundation

/// What `termini replay` and `termini test` print about a replay.
public enum ReplayReport {
    /// The report's lines: all frames matched, or the first that differs with its input and diff, or why the
    /// replay stopped.
    public static func lines(for outcome: TraceReplay.Outcome, file: String, seconds: Double? = nil) -> [String] {
        let time = seconds.map { String(format: " in %.2f s", $0) } ?? ""
        if let difference = outcome.difference {
            var lines = ["\(file): frame \(difference.frame) differs from the recording"
                         + (difference.inputBefore.map { " (the input before it: \($0))" } ?? " (before any input)")]
            lines += difference.diff.isEmpty ? ["  the text is the same; the styles (colours or attributes) differ"]
                : difference.diff.map { "  " + $0 }
            lines.append("\(outcome.framesCompared - 1) of \(outcome.framesRecorded) frames matched before it\(time)")
            return lines
        }
        if let problem = outcome.problem {
            return ["\(file): \(problem)", "\(outcome.framesCompared) of \(outcome.framesRecorded) frames matched\(time)"]
        }
        return ["\(file): all \(outcome.framesRecorded) frames match the recording\(time)"]
    }
}
