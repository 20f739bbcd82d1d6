import ArgumentParser
import Foundation
import TerminiRuntime

/// A user-facing failure: printed as `termini: error: <message>` with exit code 1.
struct CLIError: Error, CustomStringConvertible {
    var description: String
    init(_ message: String) { description = message }
}

/// A notice for the user on standard error, e.g. an automatic rollback, after the screen is released.
func printNotice(_ text: String) {
    FileHandle.standardError.write(Data("termini: \(text)\n".utf8))
}

/// Where console output goes: a log file, standard error (snapshot), and a short memory of errors to show after an
/// interactive run ends (writing to the terminal during the run would corrupt the screen).
final class ConsoleSink: @unchecked Sendable {
    private let lock = NSLock()
    private let file: FileHandle?
    private let echo: Bool
    private var errors: [String] = []

    init(logPath: String?, echoToStandardError: Bool = false) {
        echo = echoToStandardError
        if let logPath {
            _ = FileManager.default.createFile(atPath: logPath, contents: nil)
            file = FileHandle(forWritingAtPath: logPath)
            _ = try? file?.seekToEnd()
        } else {
            file = nil
        }
    }

    var write: @Sendable (String) -> Void { { [self] line in self.append(line) } }

    private func append(_ line: String) {
        lock.lock()
        defer { lock.unlock() }
        if echo { FileHandle.standardError.write(Data((line + "\n").utf8)) }
        file?.write(Data((line + "\n").utf8))
        if line.hasPrefix("[error]") { errorTotal += 1 }
        if line.hasPrefix("[error]") || line.hasPrefix("[stall]") {
            errors.append(line)
            if errors.count > 20 { errors.removeFirst() }
        }
    }

    /// Script errors seen so far.
    var errorCount: Int {
        lock.lock()
        defer { lock.unlock() }
        return errorTotal
    }

    private var errorTotal = 0

    func printErrorsAfterExit() {
        lock.lock()
        defer { lock.unlock() }
        for line in errors { FileHandle.standardError.write(Data((line + "\n").utf8)) }
    }
}
