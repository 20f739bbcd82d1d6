import Foundation
import Testing
import TestSupport

/// Keys typed before a dialog has appeared go to the dialog once it shows, in order, not to the page behind it.
@Suite struct TypeAheadTests {
    static func project() throws -> String {
        let dir = BuiltBinaries.temporaryFolder() + "/typeahead"
        try FileManager.default.createDirectory(atPath: dir + "/pages", withIntermediateDirectories: true)
        try #"{ "id": "typeahead", "name": "TypeAhead", "version": "1.0.0", "pages": ["index"], "permissions": [] }"#
            .write(toFile: dir + "/app.json", atomically: true, encoding: .utf8)
        try """
            import TerminiDSL

            let index = Page("index") {
                Column {
                    Text("taps: {{taps}} answers: {{answers}}")
                    Button("Delete", onTap: "remove")
                }
            }
            """.write(toFile: dir + "/pages/index.swift", atomically: true, encoding: .utf8)
        // The handler takes a while before it opens the dialog, as a real one that reads storage first would.
        try """
            Page('index', {
              data: { taps: 0, answers: '' },
              remove() {
                const end = Date.now() + 30; while (Date.now() < end) {}
                this.setData({ taps: this.data.taps + 1 })
                bridge.invoke('showModal', { title: 'Delete?', content: 'Really?' })
                  .then(r => this.setData({ answers: this.data.answers + (r.confirm ? 'yes' : 'no') }))
              },
            })
            """.write(toFile: dir + "/main.js", atomically: true, encoding: .utf8)
        return dir
    }

    @Test func aFastDoubleEnterPressesTheButtonOnceAndTheDialogOnce() async throws {
        let r = try await BuiltBinaries.snapshot(try Self.project(), size: "50x10", events: "key Enter\nkey Enter\n")
        // Cancel is the dialog's default button: the second Enter answers it.
        #expect(r.stdout.contains("taps: 1 answers: no"), "\(r.stdout)\n\(r.stderr)")
        #expect(!r.stdout.contains("Really?"), "the dialog took the second Enter and closed: \(r.stdout)")
    }

    @Test func keysTypedBeforeTheDialogReachItInOrder() async throws {
        // Tab moves the dialog's focus from Cancel to OK, and Enter presses it: both typed before the dialog was there.
        let r = try await BuiltBinaries.snapshot(try Self.project(), size: "50x10", events: "key Enter\nkey Tab\nkey Enter\n")
        #expect(r.stdout.contains("taps: 1 answers: yes"), "\(r.stdout)\n\(r.stderr)")
    }
}
