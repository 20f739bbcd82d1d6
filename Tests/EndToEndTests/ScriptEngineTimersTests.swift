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
            const registry = new FinalizationRegistry(name => getCurrentPages()[0].setData({ message: 'finalized ' + name }))
            Page('index', { data: { message: 'waiting' },
              onLoad() {
                (function () { registry.register({ big: new Array(1000).fill(1) }, 'the object') })()
                for (let i = 0; i < 2000; i++) { const junk = new Array(1000).fill(i) }
              },
            })
            """.write(toFile: dir + "/main.js", atomically: true, encoding: .utf8)
        // JSC collects on its own timers: give it a few seconds of a loaded machine.
        let r = try await BuiltBinaries.snapshot(dir, size: "30x3", events: "wait 5000\n")
        #expect(r.stdout.lines.first == "finalized the object", "\(r.stdout)\(r.stderr)")
    }
}
