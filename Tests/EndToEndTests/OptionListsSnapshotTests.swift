import Foundation
import Testing

/// `SelectionList` and `OptionList` with the keyboard and the mouse, through `termini snapshot`: the page logs every
/// handler it gets on its first line and echoes the choice into its data, as a page would.
@Suite struct OptionListsSnapshotTests {
    static func selectionProject() throws -> String {
        try BuiltBinaries.project(id: "labels", pages: ["index": #"""
        import TerminiDSL

        let index = Page("index") {
            Column {
                Text("log:{{log}}", wrap: false)
                SelectionList(options: "{{labels}}", selected: "{{chosen}}", onChange: "changed", onActivate: "opened")
            }
        }
        """#], script: #"""
        Page('index', {
          data: { log: '', chosen: ['ui'],
                  labels: ['bug', { label: 'UI', value: 'ui' }, 'docs', { label: 'wontfix', value: 'no', disabled: true }] },
          changed(e) { this.setData({ chosen: e.detail.values, log: this.data.log + ' ' + e.detail.values.join('+') }) },
          opened(e) { this.setData({ log: this.data.log + ' open:' + e.detail.value }) },
        })
        """#)
    }

    static func optionProject() throws -> String {
        try BuiltBinaries.project(id: "sorts", pages: ["index": #"""
        import TerminiDSL

        let index = Page("index") {
            Column {
                Text("log:{{log}}", wrap: false)
                OptionList(options: "{{orders}}", onSelect: "moved", onActivate: "picked")
            }
        }
        """#], script: #"""
        Page('index', {
          data: { log: '', orders: ['Newest', 'Oldest', null, { label: 'Most commented', value: 'comments', disabled: true }, 'Recently updated'] },
          moved(e) { this.setData({ log: this.data.log + ' at:' + e.detail.index }) },
          picked(e) { this.setData({ log: this.data.log + ' pick:' + e.detail.value }) },
        })
        """#)
    }

    /// The screen's lines after `events`, each without the focused list's scroll indicator in its last column.
    func run(_ project: String, _ events: String) async throws -> [String] {
        let r = try await BuiltBinaries.snapshot(project, size: "60x8", events: events)
        #expect(r.status == 0, "\(r.stderr)")
        return r.stdout.lines.map { line in
            guard line.hasSuffix("┃") || line.hasSuffix("│") else { return line }
            var trimmed = String(line.dropLast())
            while trimmed.hasSuffix(" ") { trimmed.removeLast() }
            return trimmed
        }
    }

    @Test func spaceAndClicksToggleOptionsAndReportTheWholeSelection() async throws {
        let project = try Self.selectionProject()
        let opened = try await run(project, "settle\n")
        #expect(Array(opened[1...4]) == ["[ ] bug", "[x] UI", "[ ] docs", "[ ] wontfix"], "\(opened)")
        // Space toggles the current option (bug); Down, Down, Space adds docs; a click on UI takes it out.
        let lines = try await run(project, "key Space\nsettle\nkey Down\nkey Down\nkey Space\nsettle\nclick 1 2\nsettle\nkey Enter\nsettle\n")
        #expect(lines[0] == "log: ui+bug ui+bug+docs bug+docs open:ui", "\(lines)")
        #expect(Array(lines[1...4]) == ["[x] bug", "[ ] UI", "[x] docs", "[ ] wontfix"], "\(lines)")
        // A disabled option does not toggle, by key or click.
        let disabled = try await run(project, "key End\nkey Space\nsettle\nclick 1 4\nsettle\n")
        #expect(disabled[0] == "log:", "\(disabled)")
    }

    @Test func theHighlightPassesOverSeparatorsAndDisabledOptions() async throws {
        let project = try Self.optionProject()
        let opened = try await run(project, "settle\n")
        #expect(opened[0] == "log: at:0", "\(opened)")
        #expect(opened[3].hasPrefix("─"), "\(opened)")
        // Down from Oldest skips the separator and the disabled option; Enter picks.
        let keys = try await run(project, "key Down\nkey Down\nkey Enter\nsettle\nkey Up\nsettle\n")
        #expect(keys[0] == "log: at:0 at:1 at:4 pick:Recently updated at:1", "\(keys)")
        // A click on the disabled option does nothing; a click on Oldest picks it.
        let clicks = try await run(project, "click 3 4\nsettle\nclick 3 2\nsettle\n")
        #expect(clicks[0] == "log: at:0 at:1 pick:Oldest", "\(clicks)")
    }
}
