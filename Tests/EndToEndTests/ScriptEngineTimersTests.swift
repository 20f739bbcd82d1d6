import Foundation
import Testing

/// JavaScriptCore's own timers run on the script thread: a FinalizationRegistry callback fires for an object that was
/// dropped, without any page unloading or host call.
@Suite struct ScriptEngineTimersTests {
    @Test func aFinalizationRegistryCallbackFires() async throws {
        let dir = BuiltBinaries.temporaryFolder() + "/fin"
        try FileManager.default.createDirectory(atPath: dir + "/pages", withIntermediateDirectories: true)
        try #"{ "id": "fin", "name": "Fin", "version": "1.0.0", "pages": ["index"], "permissions": [] }"#
            .write(toFile: dir + "/app.json", atomically: true, encoding: .utf8)
        try "import TerminiDSL\n\nlet index = Page(\"index\") {\n    Text(\"{{message}}\")\n}\n"
            .write(toFile: dir + "/pages/index.swift", atomically: true, encoding: .utf8)
        try """
            let finalized = false
            const registry = new FinalizationRegistry(name => {
              finalized = true
              getCurrentPages()[0].setData({ message: 'finalized ' + name })
            })
            Page('index', { data: { message: 'waiting' },
              onLoad() {
                (function () { registry.register({ big: new Array(1000).fill(1) }, 'the object') })()
                // Garbage every 20 ms until the callback comes: a timer that soon keeps `settle` waiting, so the
                // run ends as soon as the object is finalized, or after 30 s of a loaded machine.
                const churn = () => {
                  for (let i = 0; i < 2000; i++) { const junk = new Array(1000).fill(i) }
                  if (!finalized) setTimeout(churn, 20)
                }
                churn()
              },
            })
            """.write(toFile: dir + "/main.js", atomically: true, encoding: .utf8)
        // JSC collects and runs finalizers on its own timers, which a loaded machine delays by seconds.
        let r = try await BuiltBinaries.snapshot(dir, size: "30x3", events: "settle\nsettle\nsettle\n")
        #expect(r.stdout.lines.first == "finalized the object", "\(r.stdout)\(r.stderr)")
    }

    /// A big heap kept while the app idles: JavaScriptCore's full collection runs from its timer, and asks WTF's
    /// memory pressure handler, which needs the main run loop the runtime prepares (it crashed the process before).
    @Test func aBigHeapOutlivesTheCollectorsTimer() async throws {
        let dir = BuiltBinaries.temporaryFolder() + "/heap"
        try FileManager.default.createDirectory(atPath: dir + "/pages", withIntermediateDirectories: true)
        try #"{ "id": "heap", "name": "Heap", "version": "1.0.0", "pages": ["index"], "permissions": [] }"#
            .write(toFile: dir + "/app.json", atomically: true, encoding: .utf8)
        try "import TerminiDSL\n\nlet index = Page(\"index\") {\n    Text(\"{{message}}\")\n}\n"
            .write(toFile: dir + "/pages/index.swift", atomically: true, encoding: .utf8)
        try """
            const kept = []
            Page('index', { data: { message: 'growing' },
              onLoad() {
                let rounds = 0
                const grow = setInterval(() => {
                  for (let i = 0; i < 50000; i++) kept.push({ id: kept.length, name: 'row ' + kept.length })
                  if (++rounds === 8) { clearInterval(grow); this.setData({ message: 'kept ' + kept.length }) }
                }, 100)
              },
            })
            """.write(toFile: dir + "/main.js", atomically: true, encoding: .utf8)
        // 25 s: growing the heap takes under a second alone, but beside the parallel suite the collections it
        // causes have stalled the script past 6 s, and past 12 s with a fuzzer busy on the other core.
        let r = try await BuiltBinaries.snapshot(dir, size: "30x3", events: "wait 25000\n")
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.lines.first == "kept 400000", "\(r.stdout)\(r.stderr)")
    }
}
