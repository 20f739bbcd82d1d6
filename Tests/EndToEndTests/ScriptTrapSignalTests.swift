import Foundation
import Testing

/// The script limit's watchdog stops running code by polling, never by signalling the JS thread: JavaScriptCore's
/// signal path (its "VMTraps Signal Sender" thread suspending the JS thread with `tgkill`) races the JS thread in
/// this JSC and aborts the process (`ScriptRuntime.prepareProcess`). Counted with strace on the built `termini snapshot`.
@Suite struct ScriptTrapSignalTests {
    /// Thirty timer entries that each run 12 ms, past two of the watchdog's 5 ms polls, then show "done".
    static let script = """
        function burn(ms) { const end = Date.now() + ms; let x = 0; while (Date.now() < end) x += Math.sqrt(end % 97) }
        Page('index', {
          data: { message: 'working' },
          onLoad() {
            let left = 30
            const id = setInterval(() => {
              burn(12)
              if (--left === 0) { clearInterval(id); this.setData({ message: 'done' }) }
            }, 1)
          },
        })
        """

    /// Runs the app under strace and returns the screen and how many `tgkill` calls any thread made.
    func run(environment: [String]) async throws -> (screen: String, signals: Int, result: BuiltBinaries.Result) {
        let dir = try BadBundleTests().bundle(script: Self.script)
        let trace = dir + "/strace.txt", events = dir + "/events.txt"
        try "wait 1500\nsettle\n".write(toFile: events, atomically: true, encoding: .utf8)
        let result = try await BuiltBinaries.run("/usr/bin/env", environment + [
            "strace", "-f", "-qq", "-e", "trace=tgkill", "-o", trace,
            BuiltBinaries.path("termini"), "snapshot", dir, "--size", "40x6", "--events", events,
            "--store", BuiltBinaries.temporaryFolder(),
        ], timeout: 120)
        let lines = (try? String(contentsOfFile: trace, encoding: .utf8)) ?? ""
        return (result.stdout, lines.split(separator: "\n").filter { $0.contains("tgkill(") }.count, result)
    }

    @Test func longEntriesAreWatchedWithoutSignallingTheJSThread() async throws {
        let polled = try await run(environment: [])
        #expect(polled.result.status == 0, "\(polled.result.stderr.prefix(2000))")
        #expect(polled.screen.contains("msg: done"), "\(polled.screen)")
        #expect(polled.signals == 0, "\(polled.signals) tgkill calls")
        // The same app with JavaScriptCore's signal path forced back on: the count above can see those signals. (Its
        // exit status is not asserted: that path is the one that may abort.)
        let signalled = try await run(environment: ["JSC_usePollingTraps=false"])
        #expect(signalled.signals > 0, "no tgkill calls on the signal path: the count sees nothing")
    }
}
