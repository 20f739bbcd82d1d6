import TerminiClock
import Foundation
import Testing
import TerminiBridge
import TerminiTemplate
import TerminiTerminal
@testable import TerminiAuthoring
import TerminiRuntime

/// The gallery's host side: the list it hands the gallery page and the command that opens a sample.
@Suite struct GalleryHostTests {
    @Test func appListNamesEverySampleWithItsSummary() throws {
        let host = GalleryHost(backend: HeadlessBackend(width: 80, height: 24), options: EngineOptions())
        let rows = try JSONValue.parse(host.appListJSON())
        let ids = rows.arrayValue?.compactMap { $0["id"]?.stringValue } ?? []
        #expect(ids == EmbeddedSamples.samples.map(\.folder))
        #expect(rows.arrayValue?.first?["name"]?.stringValue == "Todo")
        #expect(rows.arrayValue?.first?["summary"]?.stringValue?.isEmpty == false)
    }

    @Test func openSampleAcceptsOnlyEmbeddedSamples() async throws {
        let opened = Locked<String?>(nil)
        var unknown = OpenSampleCommand(params: ["id": "nope"], known: ["todo"], open: { opened.value = $0 })
        #expect(throws: CommandError.self) { try unknown.checkAndParse() }
        var missing = OpenSampleCommand(params: [:], known: ["todo"], open: { opened.value = $0 })
        #expect(throws: CommandError.self) { try missing.checkAndParse() }
        var todo = OpenSampleCommand(params: ["id": "todo"], known: ["todo"], open: { opened.value = $0 })
        try todo.checkAndParse()
        _ = try await todo.run()
        #expect(opened.value == "todo")
    }
}
