#if canImport(Glibc)
import Glibc
#endif

/// Why a timings file could not be written.
public struct FrameTimingLogError: Error, Hashable, Sendable, CustomStringConvertible {
    public var path: String
    public var reason: String
    public var description: String { "cannot write timings file \(path): \(reason)" }
}

/// Writes `--timings FILE`: one JSON object per frame, one per line (keys in `FrameTiming.jsonLine`), buffered;
/// the first frame that shows the launch page is preceded by the process's `StartupTimeline` line.
public final class FrameTimingLog {
    public let path: String
    public let budgetNanoseconds: UInt64
    private var file: UnsafeMutablePointer<FILE>?
    private var frameIndex = 0

    /// Creates or truncates the file.
    public init(path: String, budgetNanoseconds: UInt64) throws(FrameTimingLogError) {
        self.path = path
        self.budgetNanoseconds = budgetNanoseconds
        guard let file = fopen(path, "w") else {
            throw FrameTimingLogError(path: path, reason: String(cString: strerror(errno)))
        }
        self.file = file
    }

    deinit { close() }

    /// Appends one frame's line.
    public func append(_ timing: FrameTiming) {
        guard let file else { return }
        fputs(timing.jsonLine(frame: frameIndex, budgetNanoseconds: budgetNanoseconds), file)
        fputc(0x0A, file)
        frameIndex += 1
    }

    /// Appends a line that is not a frame (the startup line).
    public func appendLine(_ line: String) {
        guard let file else { return }
        fputs(line, file)
        fputc(0x0A, file)
    }

    /// Flushes and closes; later appends are ignored.
    public func close() {
        if let file { fclose(file) }
        file = nil
    }
}
