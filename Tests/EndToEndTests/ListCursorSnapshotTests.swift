import Foundation
import Testing

/// A ListView's current row and paging, driven through `termini snapshot` on a small issue-tracker page: the page
/// logs every handler it gets on its first line, and the rows show which row is which.
@Suite struct ListCursorSnapshotTests {
    /// A page with a log line, a Done button and a keyed list of `rows` (each row tappable, with a Switch in it),
    /// which has the focus as the page opens.
    /// `script` is the page object's extra members; `rows` starts as `count` rows with ids from 0.
    static func project(count: Int = 20, extra: String = "", threshold: Int = 2) throws -> String {
        try BuiltBinaries.project(id: "tracker", pages: ["index": #"""
        import TerminiDSL

        let index = Page("index", keys: [Key("i", "insertAbove"), Key("x", "removeAbove"), Key("r", "replace"),
                                         Key("l", "retry"), Key("f", "fail")]) {
            Column {
                Text("log:{{log}}", wrap: false)
                Button("Done", onTap: "done")
                ListView("{{rows}}", key: "id", item: "r", onReachBottom: "more", threshold: \#(threshold),
                         onSelect: "selected", onActivate: "activated") {
                    Row(spacing: 1) {
                        Text("row {{r.id}}")
                        Switch(isOn: "{{r.on}}", onToggle: "toggled").data(["id": "{{r.id}}"])
                    }.onTap("row").data(["id": "{{r.id}}"])
                }.id("rows").autoFocus()
            }
        }
        """#], script: #"""
        function rows(from, count, tag) { return Array.from({ length: count }, (_, i) => ({ id: (tag || '') + (from + i), on: false })) }
        Page('index', {
          data: { log: '', rows: rows(0, \#(count)), failing: false },
          add(s) { this.setData({ log: this.data.log + ' ' + s }) },
          selected(e) { this.add(`sel${e.detail.index}:${e.detail.key}`) },
          activated(e) { this.add(`act${e.detail.index}:${e.detail.key}:${e.detail.item.id}`) },
          row(e) { this.add(`row${e.currentTarget.dataset.id}`) },
          toggled(e) { this.add(`tog${e.currentTarget.dataset.id}`) },
          done() { this.add('done') },
          insertAbove() { this.spliceData('rows', 0, 0, { id: 'a', on: false }, { id: 'b', on: false }) },
          removeAbove() { this.spliceData('rows', 0, 1) },
          replace() { this.setData({ rows: rows(0, 20, 'q') }) },
          fail() { this.setData({ failing: true }) },
          retry() { this.loadMoreDone() },
          more(e) {
            this.add(`more${e.detail.count}`)
            if (this.data.failing) return
            \#(extra.isEmpty ? "this.spliceData('rows', this.data.rows.length, 0, ...rows(this.data.rows.length, 20))" : extra)
          },
        })
        """#)
    }

    /// The screen after `events`, on an 80x8 screen: the log, the button and six rows of the list.
    func run(_ events: String, project: String? = nil, size: String = "80x8", extra: [String] = []) async throws -> [String] {
        let r = try await BuiltBinaries.snapshot(try project ?? Self.project(), size: size, events: events, extra: extra)
        #expect(r.status == 0, "\(r.stderr)")
        return r.stdout.lines
    }

    @Test func theListReportsItsFirstRowAndDownMovesTheCurrentRowThatEnterActivates() async throws {
        // The list has focus as the page opens and reports its first row once.
        let lines = try await run("key Down\nkey Down\nkey Enter\nsettle\n")
        // Enter: onActivate with the item, then the row's own .onTap.
        #expect(lines[0] == "log: sel0:0 sel1:1 sel2:2 act2:2:2 row2", "\(lines)")
    }

    @Test func theViewFollowsTheCurrentRowDownAndBackUp() async throws {
        let down = try await run(String(repeating: "key Down\n", count: 7) + "settle\n")
        // Six rows show: 2 to 7, the current row, 7, the last one in view.
        #expect(down[2].hasPrefix("row 2 ") && down[7].hasPrefix("row 7 "), "\(down)")
        let end = try await run("key End\nsettle\n", project: try Self.project(extra: "return"))
        #expect(end[2].hasPrefix("row 14 ") && end[7].hasPrefix("row 19 "), "\(end)")
        let back = try await run("key End\nkey Home\nsettle\n", project: try Self.project(extra: "return"))
        #expect(back[2].hasPrefix("row 0 "), "\(back)")
    }

    @Test func theListIsOneTabStopAndRightReachesTheRowsSwitch() async throws {
        // One Tab from the list reaches the next stop (the button, wrapping round), however many rows there are.
        let tab = try await run("key Tab\nkey Enter\nsettle\n")
        #expect(tab[0] == "log: sel0:0 done", "\(tab)")
        // Right moves into the current row's Switch, Space toggles it; Left comes back and Down moves on.
        let inside = try await run("key Down\nkey Right\nkey Space\nkey Left\nkey Down\nkey Enter\nsettle\n")
        #expect(inside[0] == "log: sel0:0 sel1:1 tog1 sel2:2 act2:2:2 row2", "\(inside)")
    }

    @Test func theCurrentRowFollowsItsKeyThroughSplicesAboveIt() async throws {
        // Row 3 is current; two rows are inserted above it, then one removed: Enter still activates row 3.
        let lines = try await run("key Down\nkey Down\nkey Down\nsettle\nkey i\nsettle\nkey x\nsettle\nkey Enter\nsettle\n")
        #expect(lines[0] == "log: sel0:0 sel1:1 sel2:2 sel3:3 act4:3:3 row3", "\(lines)")
    }

    @Test func aClickOnARowMakesItCurrentAndActivatesIt() async throws {
        // Row 2 is the fifth line (the log, the button, then rows 0, 1, 2).
        let lines = try await run("click 2 4\nsettle\n")
        #expect(lines[0] == "log: sel0:0 sel2:2 act2:2:2 row2", "\(lines)")
    }

    @Test func pagingContinuesAfterTheListIsReplaced() async throws {
        // End reaches the end of 20 rows (more20, 20 more arrive), End again reaches 40 (more40); a new query replaces
        // the list by 20 other rows while the view is at the end: it asks again (more20), where the old rule stalled.
        let lines = try await run("key End\nsettle\nkey End\nsettle\nkey r\nsettle\n")
        #expect(lines[0].hasPrefix("log: sel0:0 sel19:19 more20 sel39:39 more40 sel19:q19 more20"), "\(lines)")
    }

    @Test func aFailedLoadIsAskedForAgainOnTheNextArrivalOrByLoadMoreDone() async throws {
        // The load fails (nothing changes): staying at the end asks nothing more, leaving and coming back asks again.
        let arrival = try await run("key f\nsettle\nkey End\nsettle\nkey Down\nsettle\nkey Home\nsettle\nkey End\nsettle\n")
        #expect(arrival[0] == "log: sel0:0 sel19:19 more20 sel0:0 sel19:19 more20", "\(arrival)")
        // The page asks again by itself with this.loadMoreDone(), at once, the view still at the end.
        let retried = try await run("key f\nsettle\nkey End\nsettle\nkey l\nsettle\n")
        #expect(retried[0] == "log: sel0:0 sel19:19 more20 more20", "\(retried)")
    }

    @Test func rowsThatDoNotFillTheViewAskForMoreUntilTheyDo() async throws {
        // Two rows in a six-row view, one row per page: it asks at 2 to 6 rows; at 7 the view is full and its last
        // row (5) is not within the threshold (0) of the end (6).
        let project = try Self.project(count: 2, extra: "this.spliceData('rows', this.data.rows.length, 0, ...rows(this.data.rows.length, 1))",
                                       threshold: 0)
        let lines = try await run("settle\n", project: project)
        #expect(lines[0] == "log: sel0:0 more2 more3 more4 more5 more6", "\(lines)")
    }
}
