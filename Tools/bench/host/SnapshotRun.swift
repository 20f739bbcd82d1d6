import Foundation
import TerminiClock
import TerminiFrames
import TerminiTemplate

/// One `termini snapshot` process at 80x24 with `--timings`: what it printed (when captured), when it was spawned and when it
/// exited (monotonic ns), and its frame timing lines.
struct SnapshotRun {
    var screen: String
    var spawn: UInt64
    var exit: UInt64
    var frames: [[String: JSONValue]]

    /// Runs the `termini` built next to this binary on `folder`, with its store inside the folder. The screen is
    /// read only when asked for: reading the pipe delays Foundation's notice of the exit by tens of ms, which would
    /// show in `exit`.
    init(folder: String, timings: String, captureScreen: Bool = false) throws {
        let termini = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
            .appendingPathComponent("termini").path
        let process = Process()
        process.executableURL = URL(fileURLWithPath: termini)
        process.arguments = ["snapshot", folder, "--size", "80x24", "--timings", timings, "--store", folder + "/store"]
        let out = Pipe()
        process.standardOutput = captureScreen ? out : FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        spawn = MonotonicClock.system.now()
        try process.run()
        screen = captureScreen ? String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self) : ""
        process.waitUntilExit()
        exit = MonotonicClock.system.now()
        // Frame lines only: the startup line (docs/DATA-FLOW.md) is not a frame.
        frames = ((try? String(contentsOfFile: timings, encoding: .utf8)) ?? "").split(separator: "\n").compactMap {
            if case .object(let o)? = try? JSONValue.parse(String($0)), o["frame"] != nil { o.dictionary } else { nil }
        }
    }

    /// From spawn to the raster end of the first or last frame, in ms; nil when there was no frame.
    func millisecondsTo(_ frame: [String: JSONValue]?) -> Double? {
        guard let rasterEnd = frame?["raster_end_ns"]?.numberValue else { return nil }
        return (rasterEnd - Double(spawn)) / 1e6
    }
}
