import Foundation
import Testing

/// Drives the sample apps through `termini snapshot` with events files and asserts what a user would see.
@Suite struct SampleAppSnapshotTests {
    let store = BuiltBinaries.temporaryFolder()

    func todo(_ events: String?, store: String? = nil) async throws -> BuiltBinaries.Result {
        try await BuiltBinaries.snapshot(BuiltBinaries.sample("todo"), size: "60x16", events: events,
                                   extra: ["--store", store ?? self.store])
    }

    @Test func todoFirstScreenListsItems() async throws {
        let r = try await todo(nil)
        #expect(r.status == 0, "\(r.stderr)")
        let lines = r.stdout.lines
        #expect(lines[0].hasPrefix(" Todo"), "the page's title bar")
        #expect(lines[1] == "Todo (2)")
        #expect(lines[3] == "What needs doing?")
        #expect(lines[5].hasPrefix("[x] Write the compiler"))
        #expect(lines[7].hasPrefix("[ ] Wire up the runtime"))
        #expect(r.stdout.contains("[ Clear done (1) ]"))
        // Nothing on standard error, which under `termini run` is the app's screen (JavaScriptCore once printed
        // "invalid option" there for the variable that moves its thread-suspend signal).
        #expect(r.stderr.isEmpty, "\(r.stderr)")
    }

    func widgets(_ events: String?, size: String = "60x24") async throws -> [String] {
        let r = try await BuiltBinaries.snapshot(BuiltBinaries.sample("widgets"), size: size, events: events,
                                                 extra: ["--store", BuiltBinaries.temporaryFolder()])
        #expect(r.status == 0, "\(r.stderr)")
        return r.stdout.lines
    }

    @Test func widgetsFormTypesChoosesAndSummarizes() async throws {
        let first = try await widgets(nil)
        #expect(first[3].hasPrefix(" Forms │ Data │ Charts │ Docs"), "\(first)")
        #expect(first.contains("(•) Medium") && first.contains { $0.hasPrefix("[ Country") })
        // The name field has focus when the page opens; five Tabs on is the Select: open it, type "br", pick Brazil.
        let lines = try await widgets("type Ada\nsettle\n" + String(repeating: "key Tab\n", count: 5)
                                      + "key Enter\ntype br\nkey Enter\nsettle\nkey BackTab\nkey Down\nsettle\n")
        #expect(lines.contains("Ada · Large · Brazil · notifications on"), "\(lines)")
        #expect(lines.contains("(•) Large") && lines.contains { $0.hasPrefix("[ Brazil") })
    }

    @Test func widgetsDataTabSortsTheTableAndLoadsTheTreeLazily() async throws {
        let lines = try await widgets("key BackTab\nkey Right\nsettle\nkey Tab\nkey Down\nkey Down\nkey s\nsettle\n"
                                      + "key Tab\nkey Right\nkey Down\nkey Down\nkey Right\nsettle\n")
        #expect(lines.contains("sorted by name"), "\(lines)")
        #expect(lines[5].hasPrefix("Name") && lines[6].hasPrefix("Person 23"), "\(lines)")
        #expect(lines.contains("  ▾ lib") && lines.contains("      util.swift"), "\(lines)")
    }

    @Test func widgetsOtherTabsShowChartsAndMarkdown() async throws {
        let charts = try await widgets("key BackTab\nkey Right\nkey Right\nsettle\n")
        #expect(charts.contains { $0.hasPrefix("load ▁") } && charts.contains { $0.hasPrefix("Feb ████") }, "\(charts)")
        #expect(charts.contains { $0.hasPrefix("│started") })
        let docs = try await widgets("key BackTab\nkey Right\nkey Right\nkey Right\nsettle\n")
        #expect(docs.contains("• lists, inline code and links (https://example.org)") && docs.contains("│ Press Ctrl-T for the other theme."), "\(docs)")
        // Ctrl-T switches the theme; the page says so.
        let dark = try await widgets("key Ctrl-t\nsettle\n")
        #expect(dark[1].contains("theme: dark"), "\(dark)")
    }

    @Test func todoAddsAnItemTypedIntoTheField() async throws {
        let r = try await todo("type Buy milk\nkey Enter\nsettle\n")
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.lines[1] == "Todo (3)")
        #expect(r.stdout.lines[9].hasPrefix("[ ] Buy milk"))
    }

    @Test func todoTogglesTheFocusedCheckbox() async throws {
        let r = try await todo("key Tab\nkey Space\nsettle\n")
        #expect(r.stdout.lines[5].hasPrefix("[ ] Write the compiler"))
        #expect(r.stdout.contains("[ Clear done (0) ]"))
    }

    @Test func todoMovesAndRemovesRowsByClicking() async throws {
        // Row 7 is the second item; its down-arrow button sits at the end of the row. Click "↑" on the second row.
        let first = try await todo(nil).stdout.lines
        let upColumn = try #require(first[7].range(of: "↑")).lowerBound.utf16Offset(in: first[7])
        let moved = try await todo("click \(upColumn) 7\nsettle\n")
        #expect(moved.stdout.lines[5].hasPrefix("[ ] Wire up the runtime"))
        #expect(moved.stdout.lines[7].hasPrefix("[x] Write the compiler"))
        let removeColumn = try #require(first[5].range(of: "✕")).lowerBound.utf16Offset(in: first[5])
        let removed = try await todo("click \(removeColumn) 5\nsettle\n", store: BuiltBinaries.temporaryFolder())
        #expect(removed.stdout.lines[1] == "Todo (1)")
        #expect(removed.stdout.lines[5].hasPrefix("[ ] Wire up the runtime"))
    }

    @Test func todoKeepsItsItemsAcrossRestarts() async throws {
        _ = try await todo("type Persist me\nkey Enter\nsettle\n")
        let again = try await todo(nil)
        #expect(again.stdout.lines[1] == "Todo (3)")
        #expect(again.stdout.contains("Persist me"))
    }

    @Test func feedPagesMoreStoriesAsTheReaderNearsTheEnd() async throws {
        let first = try await BuiltBinaries.snapshot(BuiltBinaries.sample("feed"), size: "60x14", extra: ["--store", store])
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout.contains("#1 "))
        #expect(first.stdout.contains("50 stories"))
        // The list, then End: the last rows come within the threshold, and the next page arrives once.
        let paged = try await BuiltBinaries.snapshot(BuiltBinaries.sample("feed"), size: "60x14",
                                                     events: "key Tab\nkey Tab\nkey End\nsettle\n", extra: ["--store", store])
        #expect(!paged.stdout.contains("#1 "), "\(paged.stdout)")
        #expect(paged.stdout.contains("100 stories"), "\(paged.stdout)")
    }

    @Test func clockAnimatesWithSetInterval() async throws {
        let timings = BuiltBinaries.temporaryFolder() + "/timings.jsonl"
        let r = try await BuiltBinaries.snapshot(BuiltBinaries.sample("clock"), size: "60x16", events: "wait 400\n",
                                           extra: ["--store", store, "--timings", timings])
        #expect(r.status == 0, "\(r.stderr)")
        let ticksLine = try #require(r.stdout.lines.first { $0.contains("Ticks") })
        let afterLabel = ticksLine[try #require(ticksLine.range(of: "Ticks")).upperBound...]
        let ticks = Int(afterLabel.drop(while: { $0 == " " }).prefix(while: { $0.isNumber })) ?? 0
        #expect(ticks >= 5, "\(ticksLine)")
        let lines = try String(contentsOfFile: timings, encoding: .utf8).split(separator: "\n")
        #expect(lines.filter { $0.hasPrefix("{\"startup\":") }.count == 1, "\(lines.prefix(3))")
        let frames = lines.filter { !$0.hasPrefix("{\"startup\":") }
        #expect(frames.count >= 5)
        #expect(frames.allSatisfy { $0.contains("\"build_ms\"") && $0.contains("\"raster_ms\"") })
    }
}
