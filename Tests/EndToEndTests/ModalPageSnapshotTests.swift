import Foundation
import Testing

/// `navigateTo({url, modal: true})` through `termini snapshot`: a label picker drawn in a box over the issue that
/// opened it, which stays visible under it and unreachable; its result reaches the opener's `onShow`, and Esc goes
/// through its `onBeforeLeave`.
@Suite struct ModalPageSnapshotTests {
    static func project() throws -> String {
        try BuiltBinaries.project(id: "modalpage", pages: ["index": """
            import TerminiDSL

            let index = Page("index", title: "Issues", keys: [Key("l", "label", "Label"), Key("w", "wide", "Wide"), Key("z", "bad", "Bad")]) {
                Column {
                    Text("Issue #12: crash on start")
                    Text("label: {{label}}")
                    Button("Other", onTap: "other")
                    Text("other tapped: {{taps}}")
                }
            }
            """, "pick": """
            import TerminiDSL

            let pick = Page("pick", title: "Pick a label") {
                Column {
                    Button("bug", onTap: "bug")
                    Button("docs", onTap: "docs")
                    Text("asked {{asked}}")
                }
            }
            """], script: """
            Page('index', {
              data: { label: 'none', taps: 0 },
              label() { bridge.invoke('navigateTo', { url: 'pick', modal: true }) },
              wide() { bridge.invoke('navigateTo', { url: 'pick', modal: true, width: 20, height: 2 }) },
              async bad() {
                for (const p of [{ url: 'pick', modal: true, width: 0 }, { url: 'pick', height: 5 }]) {
                  try { await bridge.invoke('navigateTo', p) } catch (e) { console.log(e.errMsg) }
                }
              },
              other() { this.setData({ taps: this.data.taps + 1 }) },
              onShow(o) { if (o && o.result) this.setData({ label: o.result }) },
            })
            Page('pick', {
              data: { asked: 0 },
              bug() { bridge.invoke('navigateBack', { result: 'bug' }) },
              docs() { bridge.invoke('navigateBack', { result: 'docs', force: true }) },
              onBeforeLeave() { this.setData({ asked: this.data.asked + 1 }); return this.data.asked > 1 },
            })
            """)
    }

    @Test func theModalPageSitsInABoxOverItsOpenerSizedToItsContent() async throws {
        let r = try await BuiltBinaries.snapshot(try Self.project(), size: "60x14", events: "key l\nsettle\n")
        #expect(r.status == 0, "\(r.stderr)")
        let lines = r.stdout.lines
        #expect(lines[0].contains("Issues") && lines[1] == "Issue #12: crash on start", "the opener stays: \(r.stdout)")
        let top = try #require(lines.firstIndex { $0.contains("╭ Pick a label ─") }, "\(r.stdout)")
        #expect(lines[top + 1].contains("│[ bug ]") && lines[top + 2].contains("│[ docs ]") && lines[top + 3].contains("asked 0"))
        #expect(lines[top + 4].contains("╰──"), "three rows of content, three rows of box: \(r.stdout)")
        let sized = try await BuiltBinaries.snapshot(try Self.project(), size: "60x14", events: "key w\nsettle\n")
        let box = sized.stdout.lines.filter { $0.contains("│") }
        #expect(box.count == 2 && box.allSatisfy { $0.filter { $0 == "│" }.count == 2 }, "\(sized.stdout)")
        #expect(sized.stdout.lines.first { $0.contains("╭") }.map { $0.trimmingCharacters(in: .whitespaces).count } == 22, "\(sized.stdout)")
    }

    /// Tab stays inside the modal page, its result reaches the opener's onShow, and a click on the opener under it
    /// does nothing.
    @Test func itsResultReachesTheOpenerAndTheOpenerIsUnreachable() async throws {
        let dir = try Self.project()
        let picked = try await BuiltBinaries.snapshot(dir, size: "60x14", events: "key l\nsettle\nkey Tab\nkey Tab\nkey Tab\nkey Enter\nsettle\n")
        #expect(picked.stdout.contains("label: docs"), "\(picked.stdout)")
        #expect(!picked.stdout.contains("Pick a label"), "\(picked.stdout)")
        let clicked = try await BuiltBinaries.snapshot(dir, size: "60x14", events: "key l\nsettle\nclick 2 3\nsettle\n")
        #expect(clicked.stdout.contains("Pick a label") && !clicked.stdout.contains("other tapped: 1"), "\(clicked.stdout)")
    }

    @Test func escGoesThroughOnBeforeLeave() async throws {
        let once = try await BuiltBinaries.snapshot(try Self.project(), size: "60x14", events: "key l\nsettle\nkey Esc\nsettle\n")
        #expect(once.stdout.contains("asked 1") && once.stdout.contains("Pick a label"), "the guard kept it: \(once.stdout)")
        let twice = try await BuiltBinaries.snapshot(try Self.project(), size: "60x14", events: "key l\nsettle\nkey Esc\nsettle\nkey Esc\nsettle\n")
        #expect(!twice.stdout.contains("Pick a label") && twice.stdout.contains("label: none"), "\(twice.stdout)")
    }

    @Test func badSizesAreClearErrors() async throws {
        let r = try await BuiltBinaries.snapshot(try Self.project(), size: "60x14", events: "key z\nsettle\n")
        #expect(r.stderr.contains("navigateTo:fail parameter 'width' must be a whole number of cells from 1 to 1000, got 0.0"), "\(r.stderr)")
        #expect(r.stderr.contains("navigateTo:fail parameters 'width' and 'height' size a modal page: pass modal: true with them"), "\(r.stderr)")
    }
}
