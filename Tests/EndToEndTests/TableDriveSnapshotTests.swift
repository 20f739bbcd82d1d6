import Foundation
import Testing

/// A Table as a paged issue tracker drives it, through `termini snapshot`: the current row, activation, bound
/// columns, the sort arrow and its reversal, paging, and sideways scrolling of 30 columns. The page logs every
/// handler it gets on its first line.
@Suite struct TableDriveSnapshotTests {
    static func project(columns: String = "[{ title: 'Id', field: 'id', width: 4, align: 'right' }, { title: 'Title', field: 'title' }]",
                        count: Int = 30) throws -> String {
        try BuiltBinaries.project(id: "issues", pages: ["index": #"""
        import TerminiDSL

        let index = Page("index", keys: [Key("c", "moreColumns")]) {
            Column {
                Text("log:{{log}}", wrap: false)
                Table("{{rows}}", key: "id", columns: "{{cols}}", sortColumn: "{{sort.field}}",
                      sortDescending: "{{sort.desc}}", onSelect: "selected", onActivate: "activated", onSort: "sorted",
                      onReachBottom: "more", threshold: 1)
            }
        }
        """#], script: #"""
        function rows(from, count) {
          return Array.from({ length: count }, (_, i) => ({ id: from + i + 1, title: 'issue ' + (from + i + 1), state: 'open' }))
        }
        Page('index', {
          data: { log: '', rows: rows(0, \#(count)), cols: \#(columns), sort: { field: '', desc: false } },
          add(s) { this.setData({ log: this.data.log + ' ' + s }) },
          selected(e) { this.add(`sel${e.detail.index}:${e.detail.key}`) },
          activated(e) { this.add(`act${e.detail.index}:${e.detail.item.title}`) },
          sorted(e) {
            const { field, descending } = e.detail
            this.add(`sort:${field}:${descending}`)
            const sorted = this.data.rows.slice().sort((a, b) => (a[field] < b[field] ? -1 : a[field] > b[field] ? 1 : 0) * (descending ? -1 : 1))
            this.setData({ rows: sorted, sort: { field, desc: descending } })
          },
          more(e) { this.add(`more${e.detail.count}`) },
          moreColumns() { this.setData({ cols: this.data.cols.concat([{ title: 'State', field: 'state', width: 6 }]) }) },
        })
        """#)
    }

    func run(_ events: String, project: String? = nil, size: String = "60x8") async throws -> [String] {
        let r = try await BuiltBinaries.snapshot(try project ?? Self.project(), size: size, events: events)
        #expect(r.status == 0, "\(r.stderr)")
        return r.stdout.lines
    }

    @Test func theFirstRowIsReportedOnceAndEnterActivatesTheCurrentRow() async throws {
        let lines = try await run("key Down\nkey Down\nkey Enter\nsettle\n")
        #expect(lines[0] == "log: sel0:1 sel1:2 sel2:3 act2:issue 3", "\(lines)")
        // A click on a row (the fifth line: the log, the header, rows 1 to 3) makes it current and activates it.
        let clicked = try await run("click 8 4\nsettle\n")
        #expect(clicked[0] == "log: sel0:1 sel2:3 act2:issue 3", "\(clicked)")
    }

    @Test func columnsBoundToDataChangeAtRunTime() async throws {
        let before = try await run("settle\n")
        #expect(before[1] == "  Id Title", "\(before)")
        #expect(before[2].hasPrefix("   1 issue 1"), "\(before)")
        let after = try await run("key c\nsettle\n")
        #expect(after[1].hasPrefix("  Id Title") && after[1].hasSuffix("State"), "\(after)")
        #expect(after[2].hasPrefix("   1 issue 1") && after[2].hasSuffix("open"), "\(after)")
    }

    @Test func theSortedColumnShowsItsArrowAndTheSortKeyReversesIt() async throws {
        // `s` sorts by the first column; the page binds sortColumn and sortDescending, so its title shows ▲.
        let ascending = try await run("key s\nsettle\n")
        #expect(ascending[0] == "log: sel0:1 sort:id:false", "\(ascending)")
        #expect(ascending[1] == "Id ▲ Title", "\(ascending)")
        // `S` reverses it: ▼, and the page's descending sort puts issue 30 first. The current row stays on issue 1,
        // now the last row, and the view follows it there: at the end after its rows changed, the table pages.
        let descending = try await run("key s\nsettle\nkey S\nsettle\n")
        #expect(descending[0] == "log: sel0:1 sort:id:false sort:id:true more30", "\(descending)")
        #expect(descending[1] == "Id ▼ Title", "\(descending)")
        let shown = descending.filter { $0.contains("issue") }
        #expect(shown.count >= 3 && shown.last?.hasPrefix("   1 issue 1") == true, "\(descending)")
        let ids = shown.compactMap { Int($0.split(separator: " ").first ?? "") }
        #expect(ids == ids.sorted(by: >), "\(descending)")
        // A click on the sorted column's title reverses it too; on another title, sorts by that one ascending.
        let clicked = try await run("key s\nsettle\nclick 1 1\nsettle\nclick 10 1\nsettle\n", size: "80x8")
        #expect(clicked[0] == "log: sel0:1 sort:id:false sort:id:true more30 sort:title:false", "\(clicked)")
        #expect(clicked[1].hasPrefix("  Id Title ▲"), "\(clicked)")
    }

    @Test func reachingTheEndOfTheTableAsksForMore() async throws {
        let lines = try await run("key End\nsettle\n")
        #expect(lines[0] == "log: sel0:1 sel29:30 more30", "\(lines)")
    }

    @Test func thirtyColumnsScrollSidewaysAndNoneIsLost() async throws {
        // A flexible Title column (at least 12 cells) among 29 fixed ones of 5 cells, on a 40-cell screen.
        let fixed = (1...29).map { "{ title: 'C\($0)', field: 'state', width: 5 }" }.joined(separator: ", ")
        let project = try Self.project(columns: "[{ title: 'Title', field: 'title', minWidth: 12 }, \(fixed)]")
        var seen: Set<String> = []
        var screens: [[String]] = []
        // Each Right shifts the view by a column; 20 of them reach the last column.
        for rights in stride(from: 0, through: 30, by: 5) {
            let lines = try await run("settle\n" + String(repeating: "key Right\n", count: rights) + "settle\n", project: project,
                                      size: "40x8")
            screens.append(lines)
            for word in lines[1].split(whereSeparator: { $0 == " " || $0 == "◀" || $0 == "▶" }) { seen.insert(String(word)) }
        }
        // At the start: Title, whole, with ▶ saying there is more to the right.
        #expect(screens[0][1].hasPrefix("Title") && screens[0][1].hasSuffix("▶"), "\(screens[0])")
        #expect(screens[0][2].hasPrefix("issue 1 "), "\(screens[0])")
        // Further right: ◀ on the left; at the end, no ▶.
        #expect(screens[1][1].hasPrefix("◀"), "\(screens[1])")
        #expect(!screens[screens.count - 1][1].hasSuffix("▶") && screens[screens.count - 1][1].contains("C29"),
                "\(screens[screens.count - 1])")
        let titles = ["Title"] + (1...29).map { "C\($0)" }
        #expect(titles.allSatisfy(seen.contains), "missing: \(titles.filter { !seen.contains($0) })")
    }
}
