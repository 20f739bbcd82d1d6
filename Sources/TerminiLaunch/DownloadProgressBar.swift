import Foundation
import TerminiRuntime

/// A download's progress on standard error: a live bar on a terminal, a line per quarter otherwise (logs and tests
/// read those).
public final class DownloadProgressBar: @unchecked Sendable {
    private let label: String
    private let isTerminal = isatty(STDERR_FILENO) == 1
    private let lock = NSLock()
    private var lastShown = -1
    private var drawn = false

    public init(_ label: String) { self.label = label }

    public func update(received: Int64, total: Int64?) {
        lock.lock()
        defer { lock.unlock() }
        guard let total, total > 0 else { return }
        let percent = Int(min(received, total) * 100 / total)
        if isTerminal {
            guard percent != lastShown else { return }
            lastShown = percent
            let width = 30, filled = percent * width / 100
            let bar = String(repeating: "#", count: filled) + String(repeating: ".", count: width - filled)
            FileHandle.standardError.write(Data("\r\u{1b}[K\(label) [\(bar)] \(percent)% \(Self.size(received))/\(Self.size(total))".utf8))
            drawn = true
        } else if percent / 25 > lastShown / 25 || lastShown < 0 {
            lastShown = percent
            FileHandle.standardError.write(Data("\(label): \(percent)% (\(received) of \(total) bytes)\n".utf8))
        }
    }

    /// Ends the bar's line on a terminal.
    public func finish() {
        lock.lock()
        defer { lock.unlock() }
        if drawn { FileHandle.standardError.write(Data("\n".utf8)) }
        drawn = false
    }

    static func size(_ bytes: Int64) -> String { DownloadReport.size(bytes) }
}
