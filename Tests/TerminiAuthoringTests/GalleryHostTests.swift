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
        let samples = GallerySamples(known: ["todo"], open: { opened.value = $0 })
        let router = try CommandRouter([try #require(OpenSampleCommand.definition.registration(with: samples))])
        let context = CommandContext(appId: "gallery", pageId: 1, pageName: "index", permissions: [])
        func call(_ params: JSONValue) async -> CommandOutcome {
            await withCheckedContinuation { done in router.invoke("openSample", params: params, context: context) { done.resume(returning: $0) } }
        }
        #expect(await call(["id": "nope"]).envelope["errMsg"] == "openSample:fail no sample app 'nope'")
        #expect(await call([:]).envelope["errMsg"] == "openSample:fail missing required parameter 'id'")
        #expect(opened.value == nil)
        #expect(await call(["id": "todo"]).ok)
        #expect(opened.value == "todo")
    }
}
