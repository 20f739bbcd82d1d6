import Foundation
import Testing
import TestSupport

/// Hostile scripts that used to escape the script's limits, run by the built `termini snapshot`: each is stopped or
/// refused with the error screen, a timer due after it still runs, and the process's peak resident memory stays
/// within `--script-memory` plus 128 MB.
@Suite struct ScriptLimitProbeTests {
    struct Probe: Sendable, CustomTestStringConvertible {
        var name: String
        var script: String
        /// What the error screen must say.
        var screen: String
        /// `--script-limit`: short for the probes that loop, longer for those whose point is memory.
        var scriptLimit = "0.3"
        var testDescription: String { name }
    }

    static let memoryMB = 128

    static let probes: [Probe] = [
        Probe(name: "queueMicrotask loop", script: "const f = () => queueMicrotask(f); f()",
              screen: "Script stopped: it ran past the script limit"),
        Probe(name: "Promise.then loop", script: "const p = () => Promise.resolve().then(p); p()",
              screen: "Script stopped: it ran past the script limit"),
        Probe(name: "await loop", script: "(async () => { for (;;) await null })()",
              screen: "Script stopped: it ran past the script limit"),
        Probe(name: "promise loop that allocates",
              script: "const kept = []; const p = () => { kept.push(new Array(4096).fill(kept.length)); return Promise.resolve().then(p) }; p()",
              screen: "the script used more than 128 MB"),
        Probe(name: "WebAssembly loop",
              script: "new WebAssembly.Instance(new WebAssembly.Module(new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0, 1, 4, 1, 96, 0, 0, 3, 2, 1, 0, 8, 1, 0, 10, 9, 1, 7, 0, 3, 64, 12, 0, 11, 11])))",
              screen: "ReferenceError: Can't find variable: WebAssembly"),
        Probe(name: "4 GB buffer filled", script: "new Uint8Array(2 ** 32).fill(1)",
              screen: "4096 MB would take the script past its memory limit of 128 MB"),
        Probe(name: "100 MB buffers filled and kept",
              script: "const kept = []; for (;;) { const b = new ArrayBuffer(100 << 20); new Uint8Array(b).fill(1); kept.push(b) }",
              screen: "100 MB would take the script past its memory limit of 128 MB"),
        Probe(name: "40 MB buffers kept untouched",
              script: "const kept = []; for (;;) kept.push(new Uint8Array(40 << 20))",
              screen: "40 MB would take the script past its memory limit of 128 MB"),
        Probe(name: "50 MB buffers filled and dropped",
              script: "for (let i = 0; i < 8; i++) new Uint8Array(50 << 20).fill(1); throw new Error('made 8 of 50 MB')",
              screen: "Error: made 8 of 50 MB", scriptLimit: "3"),
        Probe(name: "100 MB log line", script: "console.log('x'.repeat(100e6)); missing()",
              screen: "ReferenceError: Can't find variable: missing"),
    ]

    /// A bundle whose page runs `probe` in a timer and logs from a second timer due after it.
    func bundle(_ probe: String) throws -> String {
        let dir = try BadBundleTests().bundle(script: """
            Page('index', {
              data: { message: 'ready' },
              onLoad() {
                setTimeout(() => { \(probe) }, 20)
                setTimeout(() => console.log('the later timer ran'), 40)
              },
            })
            """)
        return dir
    }

    /// Runs `termini snapshot` on `dir`, reading the child's peak resident memory (VmHWM) until it exits.
    func snapshot(_ dir: String, scriptLimit: String = "0.3") async throws -> (stdout: String, stderr: String, peakMB: Int, status: Int32, seconds: Double) {
        let events = dir + "/events.txt"
        try "settle\n".write(toFile: events, atomically: true, encoding: .utf8)
        let started = Date()
        let child = try ChildProcess(BuiltBinaries.path("termini"), [
            "snapshot", dir, "--size", "100x12", "--events", events, "--script-limit", scriptLimit,
            "--script-memory", String(Self.memoryMB),
        ])
        let out = PipeDrain(child.standardOutput), err = PipeDrain(child.standardError)
        let peak = PeakWatcher(pid: child.pid)
        let termination = await child.wait(timeout: 60)
        peak.stop()
        return (await out.wait(), await err.wait(), peak.peakKB / 1024, termination.status, Date().timeIntervalSince(started))
    }

    @Test(arguments: probes)
    func aHostileScriptIsStoppedOrRefusedAndTheAppGoesOn(_ probe: Probe) async throws {
        let run = try await snapshot(try bundle(probe.script), scriptLimit: probe.scriptLimit)
        #expect(run.status == 1, "\(run.stderr.prefix(2000))")
        #expect(run.stdout.contains(probe.screen), "\(run.stdout)")
        // The later timer runs only once the probe has let go of the JS thread: an escaped probe never does. (How
        // soon it is stopped is timed by MicrotaskLimitTests in the JS thread's CPU time; the wall time of a whole
        // run here is mostly starting the app, and grows with the machine's load.)
        #expect(run.stderr.contains("the later timer ran"), "\(run.stderr.prefix(2000))")
        #expect(run.peakMB < Self.memoryMB + 128, "peak \(run.peakMB) MB")
        print("probe '\(probe.name)': peak \(run.peakMB) MB, \(String(format: "%.2f", run.seconds)) s")
    }

    @Test func aHugeLogLineIsWrittenCut() async throws {
        let run = try await snapshot(try bundle("console.log('x'.repeat(100e6))"))
        #expect(run.stderr.utf8.count < 100_000, "\(run.stderr.utf8.count) bytes on standard error")
        #expect(run.stderr.contains("99934464 more characters cut: a log line holds 65536"), "\(run.stderr.suffix(300))")
        #expect(run.stderr.contains("the later timer ran"))
    }
}
