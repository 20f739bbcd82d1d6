import Foundation
import Testing
import TestSupport

/// A handler that allocates without bound is stopped at the script memory limit with a clear error, the process
/// stays within the limit plus its own baseline plus 64 MB, and the engine goes on running.
@Suite struct ScriptMemoryLimitTests {
    func hogProject() throws -> String {
        let dir = BuiltBinaries.temporaryFolder() + "/hog"
        try FileManager.default.createDirectory(atPath: dir + "/pages", withIntermediateDirectories: true)
        try #"{ "id": "hog", "name": "Hog", "version": "1.0.0", "pages": ["index"], "permissions": [] }"#
            .write(toFile: dir + "/app.json", atomically: true, encoding: .utf8)
        try "import TerminiDSL\n\nlet index = Page(\"index\") {\n    Column {\n        Text(\"{{message}}\")\n        Button(\"Hog\", onTap: \"hog\")\n    }\n}\n"
            .write(toFile: dir + "/pages/index.swift", atomically: true, encoding: .utf8)
        try """
            Page('index', { data: { message: 'ready' },
              hog() { const a = []; for (;;) a.push(new Array(1 << 20).fill(7)) },
            })
            """.write(toFile: dir + "/main.js", atomically: true, encoding: .utf8)
        return dir
    }

    /// The child's peak resident memory (VmHWM), read every 10 ms on a thread of its own (the test's cooperative
    /// threads may be busy with other tests) until the child exits.
    func runWatchingPeak(_ arguments: [String]) async throws -> (output: String, peakKB: Int, status: Int32) {
        let child = try ChildProcess(BuiltBinaries.path("termini"), arguments)
        let out = PipeDrain(child.standardOutput), err = PipeDrain(child.standardError)
        let peak = PeakWatcher(pid: child.pid)
        let termination = await child.wait(timeout: 60)
        peak.stop()
        return (await out.wait() + (await err.wait()), peak.peakKB, termination.status)
    }
    @Test func aRunawayAllocationIsStoppedAtTheLimit() async throws {
        let dir = try hogProject()
        let events = dir + "/events.txt"
        // The wait keeps the process alive after the handler was stopped, so its peak is read.
        try "key Tab\nkey Enter\nsettle\nwait 1500\n".write(toFile: events, atomically: true, encoding: .utf8)
        try "wait 1500\n".write(toFile: dir + "/idle.txt", atomically: true, encoding: .utf8)
        let baseline = try await runWatchingPeak(["snapshot", dir, "--size", "60x8", "--events", dir + "/idle.txt"])
        let run = try await runWatchingPeak(["snapshot", dir, "--size", "60x8", "--events", events, "--script-memory", "128"])
        #expect(run.output.contains("the script used more than 128 MB"), "\(run.output)")
        #expect(run.output.contains("in hog (page 1)"), "\(run.output)")
        // The error screen is shown and the run ends normally (exit 1 for the script error), not killed.
        #expect(run.status == 1, "\(run.output)")
        #expect(run.peakKB < (128 + 64) * 1024 + baseline.peakKB, "peak \(run.peakKB) KB, baseline \(baseline.peakKB) KB: \(baseline.output)")
    }

    @Test func theLimitIsAnOptionWithClearBounds() async throws {
        let dir = try hogProject()
        let r = try await BuiltBinaries.run("termini", ["snapshot", dir, "--script-memory", "99999999"])
        #expect(r.status != 0 && r.stderr.contains("--script-memory must be between 0 (no limit) and 1048576 MB"), "\(r.stderr)")
    }
}

/// Polls /proc/<pid>/status for VmHWM on its own thread.
final class PeakWatcher: @unchecked Sendable {
    private let lock = NSLock()
    private var peak = 0
    private var running = true

    init(pid: pid_t) {
        Thread.detachNewThread { [self] in
            while lock.withLock({ running }) {
                if let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
                   let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
                   let kb = Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "")
                {
                    lock.withLock { peak = max(peak, kb) }
                }
                usleep(10_000)
            }
        }
    }

    func stop() { lock.withLock { running = false } }
    var peakKB: Int { lock.withLock { peak } }
}
