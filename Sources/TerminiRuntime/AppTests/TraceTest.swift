import Foundation
import TerminiClock

/// A trace in a project's `tests/` (`tests/*.trace`): a run someone recorded (a bug report), replayed against the
/// project's app as a test. It passes when every frame comes out as recorded; it fails at the first frame that
/// differs, or at the byte where the file is cut or edited.
public struct TraceTest: Sendable {
    /// What a trace test's file name ends with.
    public static let fileExtension = ".trace"

    public var file: String
    public var name: String

    public init(file: String, name: String) {
        self.file = file
        self.name = name
    }

    public func run(bundle: LoadedBundle) -> AppTestResult {
        let started = MonotonicClock.now()
        var result = AppTestResult(name: name, file: file)
        result.failure = failure(bundle: bundle)
        result.seconds = Double(MonotonicClock.now() &- started) / 1e9
        return result
    }

    private func failure(bundle: LoadedBundle) -> AppTestFailure? {
        let recording: TraceRecording
        do { recording = try TraceRecording.load(path: file) } catch {
            var failure = AppTestFailure(file: file, line: 0, source: "", expected: "", actual: "error: \(error.message)")
            failure.place = "byte \(error.offset)"
            return failure
        }
        let outcome: TraceReplay.Outcome
        do { outcome = try TraceReplay(recording: recording, bundle: bundle).run() } catch {
            return AppTestFailure(file: file, line: 0, source: "", expected: "", actual: "error: cannot replay: \(error)")
        }
        guard !outcome.passed else { return nil }
        var failure = AppTestFailure(file: file, line: 0, source: "replay", expected: "every frame as recorded",
                                     actual: ReplayReport.lines(for: outcome, file: file).joined(separator: "\n  "))
        failure.place = outcome.difference.map { "frame \($0.frame)" } ?? "frame \(outcome.framesCompared)"
        failure.console = outcome.console.filter { $0.hasPrefix("[error]") || $0.hasPrefix("[warn]") }
        return failure
    }
}
