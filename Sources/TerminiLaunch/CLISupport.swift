import ArgumentParser
import Foundation
import TerminiRuntime
import TerminiTerminal

/// A user-facing failure: printed as `termini: error: <message>` with exit code 1.
public struct CLIError: Error, CustomStringConvertible, DiagnosticConvertible {
    public var description: String
    public init(_ message: String) { description = message }
    public var diagnostic: Diagnostic { Diagnostic(.error, "", description) }
}

/// A notice for the user on standard error, e.g. an automatic rollback, after the screen is released.
public func printNotice(_ text: String) {
    writeToStandardError("termini: \(text)")
}

/// Writes a line to standard error through `TerminalSafeText`: what an app put in a message (an error's text, a
/// file name) cannot reach the user's terminal as an escape sequence.
public func writeToStandardError(_ line: String) {
    FileHandle.standardError.write(Data((TerminalSafeText.sanitized(line) + "\n").utf8))
}

/// Where console output goes: a log file, standard error (snapshot), and a short memory of errors to show after an
/// interactive run ends (writing to the terminal during the run would corrupt the screen).
public final class ConsoleSink: @unchecked Sendable {
    private let lock = NSLock()
    private let file: FileHandle?
    private let echo: Bool
    private var errors: [String] = []

    public init(logPath: String?, echoToStandardError: Bool = false) {
        self.logPath = logPath
        echo = echoToStandardError
        if let logPath {
            _ = FileManager.default.createFile(atPath: logPath, contents: nil)
            file = FileHandle(forWritingAtPath: logPath)
            _ = try? file?.seekToEnd()
        } else {
            file = nil
        }
    }

    public var write: @Sendable (String) -> Void { { [self] line in self.append(line) } }

    private func append(_ line: String) {
        lock.lock()
        defer { lock.unlock() }
        if echo { writeToStandardError(line) }
        writeToLog(line)
        if line.hasPrefix("[error]") { errorTotal += 1 }
        if line.hasPrefix("[error]") || line.hasPrefix("[stall]") {
            errors.append(line)
            if errors.count > 20 { errors.removeFirst() }
        }
    }

    /// Script errors seen so far.
    public var errorCount: Int {
        lock.lock()
        defer { lock.unlock() }
        return errorTotal
    }

    private var errorTotal = 0

    /// The errors kept from the run, and why the log stopped if it did: the screen is the user's again.
    public func printErrorsAfterExit() {
        lock.lock()
        defer { lock.unlock() }
        for line in errors { writeToStandardError(line) }
        if let logFailure, let logPath { writeToStandardError("termini: the log \(logPath) stopped: \(logFailure)") }
    }

    /// Why writing the log failed (a full disk, `ulimit -f`); the log is not written after that.
    private var logFailure: String?
    private let logPath: String?

    /// Appends a line to the log, sanitised like standard error (a log is often read with `tail -f` in a terminal).
    /// A failed write stops the log and is reported after the run; it never stops the app.
    private func writeToLog(_ line: String) {
        guard let file, logFailure == nil else { return }
        do {
            try file.write(contentsOf: Data((TerminalSafeText.sanitized(line) + "\n").utf8))
        } catch {
            // Foundation's own text for a failed write names no cause ("error 512"); the POSIX error under it does.
            let underlying = (error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError
            if let underlying, underlying.domain == NSPOSIXErrorDomain {
                logFailure = String(cString: strerror(Int32(underlying.code)))
            } else {
                logFailure = error.localizedDescription
            }
        }
    }
}
