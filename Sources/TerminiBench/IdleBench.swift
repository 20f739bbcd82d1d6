#if canImport(Glibc)
import Glibc
#endif
import Foundation
import TerminiClock
import TerminiFrames
import TerminiRuntime
import TerminiTemplate
import TerminiTerminal
import TerminiUI

/// Idle cost: an app whose only activity is a 1 Hz spinner, run for a while in a pty of its own; reports
/// the process's CPU share (from /proc/self/stat), the frames and the bytes that reached the terminal.
public enum IdleBench {
    /// What an idle run measured.
    public struct Result: Sendable {
        public var seconds: Double
        public var cpuPercent: Double
        public var frames: Int
        public var bytes: Int
        public var cells: Int

        /// One JSON object, like `termini bench --json`'s operation lines.
        public var jsonLine: String {
            "{\"op\": \"idle_1hz_spinner\", \"seconds\": \(BenchReport.round(seconds)), "
                + "\"cpu_percent\": \(BenchReport.round(cpuPercent)), \"frames\": \(frames), \"bytes\": \(bytes), "
                + "\"cells\": \(cells)}"
        }
    }

    /// The spinner page: a header and one cell that a 1 s interval steps through `|/-\`.
    static func bundle() throws -> LoadedBundle {
        let template = try TemplateFile(jsonText: #"""
            {"format":"termini.template/1","page":"index","source":"bench/idle.swift","deps":["frame"],
             "root":{"cls":"Column","loc":"idle:1:1","children":[
               {"cls":"Text","p1":"termini idle bench","loc":"idle:2:1"},
               {"cls":"Text","p1":"{{frame}} waiting","loc":"idle:3:1"}]}}
            """#)
        let script = """
            const frames = ['|', '/', '-', '\\\\']
            Page('index', { data: { frame: '|' }, n: 0,
              onLoad() { setInterval(() => { this.n = (this.n + 1) % 4; this.setData({ frame: frames[this.n] }) }, 1000) } })
            """
        let manifest = BundleManifest(id: "idle-bench", name: "Idle bench", version: "1.0.0", pages: ["index"])
        return LoadedBundle(manifest: manifest, origin: "idle-bench", script: script, scriptName: "idle/main.js",
                            pages: ["index": template])
    }

    /// Runs the spinner app for `seconds` after a one-second warm-up.
    public static func run(seconds: Double, width: Int = 120, height: Int = 40) throws -> Result {
        let pty = try BenchPseudoTerminal(width: width, height: height)
        defer { pty.close() }
        let backend: NcursesBackend
        do { backend = try NcursesBackend(input: pty.slave, output: pty.slave, term: "xterm-256color", mouse: false) } catch {
            throw BenchError("cannot start ncurses on the bench pty: \(error)")
        }
        defer { backend.shutdown() }
        var options = EngineOptions()
        options.storeDirectory = nil
        let engine = try MiniAppEngine(bundle: try bundle(), backend: backend, options: options)
        defer { engine.stop() }
        var frames = 0, bytes = 0, cells = 0
        engine.onFrame = { frames += 1; bytes += $0.bytes; cells += $0.cells }
        engine.start()
        let clock = MonotonicClock.system
        func loop(for s: Double) {
            let end = clock.now() + UInt64(s * 1e9)
            while clock.now() < end { engine.step(maxWaitMilliseconds: Int(max(1, Double(end - min(end, clock.now())) / 1e6))) }
        }
        loop(for: 1)
        guard engine.screenText.contains("termini idle bench") else { throw BenchError("the idle app showed no first frame") }
        frames = 0; bytes = 0; cells = 0
        let cpuBefore = cpuSeconds(), wallBefore = clock.now()
        loop(for: seconds)
        let cpu = cpuSeconds() - cpuBefore
        let wall = Double(clock.now() - wallBefore) / 1e9
        return Result(seconds: wall, cpuPercent: 100 * cpu / wall, frames: frames, bytes: bytes, cells: cells)
    }

    /// User plus system CPU time of the whole process (every thread), from /proc/self/stat.
    static func cpuSeconds() -> Double {
        guard let text = try? String(contentsOfFile: "/proc/self/stat", encoding: .utf8),
              let close = text.lastIndex(of: ")") else { return 0 }
        // Fields after the command name: state is field 3, utime 14 and stime 15 (1-based over the whole line).
        let fields = text[text.index(after: close)...].split(separator: " ")
        guard fields.count > 12, let user = Double(fields[11]), let system = Double(fields[12]) else { return 0 }
        return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
    }
}
