import Foundation
import TerminiLaunch
import TerminiRuntime
import TerminiTerminal
import TerminiUI

/// `termini replay --interactive`: the trace replayed once, then shown step by step: the app's screen after each
/// input on the left, and beside it the input and the data changes it brought.
struct ReplayStepper {
    let replay: TraceReplay
    let file: String

    /// Returns whether the replay matched the recording, for the exit status.
    func run() throws -> Bool {
        var checkpoints: [TraceReplay.Checkpoint] = []
        let outcome = try replay.run { checkpoints.append($0) }
        guard !checkpoints.isEmpty else { throw CLIError("\(file): the trace holds no steps") }
        let backend: NcursesBackend
        do { backend = try NcursesBackend() } catch { throw CLIError("cannot start the terminal: \(error)") }
        defer { backend.shutdown() }
        var index = 0
        var front = CellBuffer(width: 0, height: 0)
        while true {
            let size = backend.size
            let back = Self.compose(checkpoints[index], step: index, of: checkpoints.count, outcome: outcome,
                                    width: size.width, height: size.height)
            if front.width != back.width || front.height != back.height {
                front = CellBuffer(width: back.width, height: back.height)
                front.fill(x: 0, y: 0, width: back.width, height: back.height, with: Cell(character: "\u{1}"))
            }
            _ = backend.present(back, previous: front)
            front = back
            guard let input = backend.nextInput(timeoutMilliseconds: -1) else { continue }
            switch input {
            case .key(.right), .key(.down), .key(.space), .key(.enter), .key(.character("n")):
                index = min(index + 1, checkpoints.count - 1)
            case .key(.left), .key(.up), .key(.backspace), .key(.character("p")):
                index = max(index - 1, 0)
            case .key(.character("q")), .key(.escape), .key(.control("c")), .terminalClosed:
                backend.shutdown()
                for line in ReplayReport.lines(for: outcome, file: file) { print(line) }
                return outcome.passed
            default:
                continue
            }
        }
    }

    /// The screen: the app's screen on the left, the step's input and data changes on the right, keys at the bottom.
    static func compose(_ checkpoint: TraceReplay.Checkpoint, step: Int, of count: Int, outcome: TraceReplay.Outcome,
                        width: Int, height: Int) -> CellBuffer
    {
        var buffer = CellBuffer(width: width, height: height)
        let screen = checkpoint.screen.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let left = min(width, (screen.map { TextWidth.of($0) }.max() ?? 0) + 1)
        for (row, line) in screen.prefix(max(0, height - 1)).enumerated() {
            _ = buffer.write(line, x: 0, y: row, style: .plain, maxWidth: left)
        }
        let panelX = left + 2
        var panel = ["step \(step + 1) of \(count)", "input: " + (checkpoint.input ?? "(the start)"), "",
                     "data changes:"]
        panel += checkpoint.dataChanges.isEmpty ? ["  (none)"] : checkpoint.dataChanges.map { "  " + $0 }
        if let difference = outcome.difference {
            panel += ["", "replay: frame \(difference.frame) differs"]
        } else if let problem = outcome.problem {
            panel += ["", "replay: \(problem)"]
        }
        if panelX < width {
            for row in 0..<max(0, height - 1) { _ = buffer.write("│", x: left, y: row, style: .plain) }
            // A patch is often longer than the panel is wide: it goes on over the next rows, indented.
            let panelWidth = max(8, width - panelX)
            let wrapped = panel.flatMap { line -> [String] in
                var pieces: [String] = []
                var rest = Substring(line)
                while rest.count > panelWidth {
                    pieces.append(String(rest.prefix(panelWidth)))
                    rest = "    " + rest.dropFirst(panelWidth)
                }
                return pieces + [String(rest)]
            }
            for (row, line) in wrapped.prefix(max(0, height - 1)).enumerated() {
                _ = buffer.write(line, x: panelX, y: row, style: .plain, maxWidth: width - panelX)
            }
        }
        _ = buffer.write("→ next input   ← previous   q quit", x: 0, y: height - 1, style: .plain, maxWidth: width)
        return buffer
    }
}
