#if canImport(Glibc)
import Glibc
#endif
import Foundation
import TerminiClock
import TerminiFrames
import TerminiRuntime
import TerminiTemplate
import TerminiTerminal
import TerminiUI

/// The Table operations of docs/PERFORMANCE.md: a `Table` loaded with 100,000 rows (or `--table-rows`) through appends
/// of 10,000 (`spliceData`, each well under the 1 MiB setData cap), then timed at that length: an append of 10,000
/// rows (undone, untimed), moving the current row by one inside the view, scrolling by a line and by a page with the
/// keys, and a sort the script does when `s` asks for one (the sorted rows go back in ten splices of 10,000). Each
/// time runs from the key to the frame on the pty that shows the result, which the bench reads off the screen.
public final class TableBench: PtyBench {
    /// The length measured when none is given.
    public static let defaultRows = 100_000
    static let batch = 10_000

    /// The table's length, a multiple of 10,000.
    public let rows: Int

    private let bench: BenchEngine
    private let height: Int
    /// Whether the columns are bound to the page's data (`columns: "{{cols}}"`) rather than literal.
    private let boundColumns: Bool

    public init(rows: Int = TableBench.defaultRows, width: Int = 100, height: Int = 30, boundColumns: Bool = false) throws {
        guard rows >= Self.batch, rows % Self.batch == 0 else {
            throw BenchError("table rows must be a multiple of \(Self.batch), got \(rows)")
        }
        self.rows = rows
        self.height = height
        self.boundColumns = boundColumns
        bench = try BenchEngine(try Self.bundle(boundColumns: boundColumns), name: "table bench", width: width, height: height)
        try bench.waitForScreen("start") { $0.contains("rows: 0") }
    }

    public func close() { bench.close() }

    /// Loads the table, then times each operation `runs` times after `warmups`.
    public func run(runs: Int, warmups: Int, progress: (String) -> Void) throws -> [TimedOperation] {
        progress("table: loading \(rows) rows in appends of \(Self.batch)")
        var count = 0
        while count < rows {
            count += Self.batch
            _ = try press("a", "loading, at \(count)") { $0.contains("rows: \(count) ") }
        }
        var append: [Double] = [], cursor: [Double] = [], line: [Double] = [], page: [Double] = [], sort: [Double] = []
        // Each run starts from the top: PageDown moves the selection a page (the rows in view: the height less the
        // count line and the table's header) and leaves it on the view's last row, so Down then scrolls a line.
        // (A sort moves the selection with its row's key, so each run starts again.)
        let visible = height - 2
        var sorts = 0
        for run in 0..<(warmups + runs) {
            progress("table: run \(run + 1) of \(warmups + runs)")
            let measured = run >= warmups
            _ = try press(.home, "to the top") { Self.selected($0, is: 0) }
            // The current row moves by one inside the view: the text stays, so the time runs to the key's own frame
            // (the current row's style) and the script's echo of the new row is then waited for, untimed.
            let c = try press(.down, "cursor_1_row", settled: { Self.selected($0, is: 1) }) { _ in true }
            _ = try press(.home, "back to the top") { Self.selected($0, is: 0) }
            _ = try press(.pageDown, "to the view's last row") { Self.selected($0, is: visible) }
            var selected = visible
            let a = try press("a", "append_10k") { [rows] in $0.contains("rows: \(rows + Self.batch) ") }
            _ = try press("z", "undo append") { [rows] in $0.contains("rows: \(rows) ") }
            // Scrolling is timed to the frame that shows the new last row; the script's echo of the selection
            // (a second frame) is waited for untimed.
            selected += 1
            let l = try press(.down, "scroll_1_line", settled: { [selected] in Self.selected($0, is: selected) }) { [selected] in
                Self.lastRow($0, is: selected)
            }
            selected += visible
            let p = try press(.pageDown, "scroll_1_page", settled: { [selected] in Self.selected($0, is: selected) }) { [selected] in
                Self.lastRow($0, is: selected)
            }
            sorts += 1
            let expected = sorts
            let s = try press("s", "sort") { $0.contains("sorts: \(expected) ") }
            // Back to the order of the ids, untimed, so the next run's rows are where it expects them.
            _ = try press("o", "back in order") { $0.contains("ordered: \(expected) ") }
            if measured { append.append(a); cursor.append(c); line.append(l); page.append(p); sort.append(s) }
        }
        let at = (rows % 1000 == 0 ? "\(rows / 1000)k" : "\(rows)") + (boundColumns ? "_bound" : "")
        return [TimedOperation(op: "table_append_10k@\(at)", milliseconds: append),
                TimedOperation(op: "table_cursor_1_row@\(at)", milliseconds: cursor), TimedOperation(op: "table_scroll_1_line@\(at)", milliseconds: line),
                TimedOperation(op: "table_scroll_1_page@\(at)", milliseconds: page), TimedOperation(op: "table_sort@\(at)", milliseconds: sort)]
    }

    /// Whether the script has heard that row `index` is selected (the count line says so).
    static func selected(_ screen: String, is index: Int) -> Bool {
        screen.contains("selected: \(index) ·")
    }

    /// Whether the table's last line on screen is the row with id `id` (the `#` column, right-aligned in 7 cells).
    static func lastRow(_ screen: String, is id: Int) -> Bool {
        let lines = screen.split(separator: "\n", omittingEmptySubsequences: false)
        guard let last = lines.last(where: { !$0.trimmingCharacters(in: .whitespaces).isEmpty }) else { return false }
        return last.hasPrefix(String(repeating: " ", count: max(0, 7 - String(id).count)) + String(id) + " ")
    }

    private func press(_ character: Character, _ label: String, until shows: (String) -> Bool) throws -> Double {
        try press(.character(character), label, until: shows)
    }

    /// Key → the last byte of the first frame whose screen satisfies `shows`, in milliseconds; then, untimed, until
    /// `settled` holds.
    private func press(_ key: Key, _ label: String, settled: ((String) -> Bool)? = nil,
                       until shows: (String) -> Bool) throws -> Double {
        usleep(20_000)
        let ms = try bench.timedInput(.key(key), label, until: shows)
        if let settled, !settled(bench.engine.screenText) { try bench.waitForScreen(label + " (settling)", settled) }
        return ms
    }

    /// The bench's app: a header line with the row count, the sort count and the selected index, and the table.
    static func bundle(boundColumns: Bool = false) throws -> LoadedBundle {
        let literal = #"""
        {"format":"termini.template/1","page":"index","source":"bench/table.swift","deps":["count","sorts","ordered","selected","rows"],
         "root":{"cls":"Column","loc":"bench/table.swift:1:1","children":[
           {"cls":"Text","p1":"rows: {{count}} sorts: {{sorts}} ordered: {{ordered}} selected: {{selected}} ·","loc":"bench/table.swift:2:5"},
           {"cls":"Table","p1":"{{rows}}","key":"id","onSelect":"picked","onSort":"sort","loc":"bench/table.swift:3:5",
            "columns":[{"cls":"TableColumn","cmd":"init","p1":"#","field":"id","width":7,"align":{"cls":"TextAlign","cmd":"right"}},
                       {"cls":"TableColumn","cmd":"init","p1":"Name","field":"name"},
                       {"cls":"TableColumn","cmd":"init","p1":"City","field":"city","width":10},
                       {"cls":"TableColumn","cmd":"init","p1":"Age","field":"age","width":4,"align":{"cls":"TextAlign","cmd":"right"}}]}]}}
        """#
        // Bound columns: the same four columns as data (`COLS` in the script), as a CSV viewer would build them.
        let columns = literal.range(of: #""columns":["#).map { literal[$0.lowerBound...] }
        let text = boundColumns && columns != nil
            ? literal.replacingOccurrences(of: String(columns!.prefix { $0 != "]" }) + "]", with: #""columns":"{{cols}}""#)
                .replacingOccurrences(of: #""rows"],"#, with: #""rows","cols"],"#)
            : literal
        let template = try TemplateFile(jsonText: text)
        let script = (boundColumns ? "const COLS = [{ title: '#', field: 'id', width: 7, align: 'right' }, { title: 'Name', field: 'name' }, { title: 'City', field: 'city', width: 10 }, { title: 'Age', field: 'age', width: 4, align: 'right' }]\n" : "const COLS = null\n") + #"""
        const CITIES = ['Lisbon', 'Osaka', 'Lima', 'Oslo', 'Tunis', 'Quito']
        function make(from, n) {
          return Array.from({ length: n }, (_, i) => ({ id: from + i, name: 'Person ' + ((from + i) * 7919 % 100003), city: CITIES[(from + i) % 6], age: 20 + (from + i) * 7 % 50 }))
        }
        Page('index', {
          data: { rows: [], count: 0, sorts: 0, ordered: 0, selected: 0, cols: COLS },
          onKey(e) {
            const n = this.data.rows.length
            if (e.detail.key === 'a') { this.spliceData('rows', n, 0, ...make(n, 10000)); this.setData({ count: n + 10000 }) }
            if (e.detail.key === 'z') { this.spliceData('rows', n - 10000, 10000); this.setData({ count: n - 10000 }) }
            if (e.detail.key === 'o') { this.replaceRows(this.data.rows.slice().sort((a, b) => a.id - b.id)); this.setData({ ordered: this.data.sorts }) }
          },
          replaceRows(sorted) {
            for (let i = 0; i < sorted.length; i += 10000) this.spliceData('rows', i, 10000, ...sorted.slice(i, i + 10000))
          },
          picked(e) { this.setData({ selected: e.detail.index }) },
          sort(e) {
            const field = e.detail.field
            const down = this.data.sorts % 2 === 1
            this.replaceRows(this.data.rows.slice().sort((a, b) => (a[field] < b[field] ? -1 : a[field] > b[field] ? 1 : 0) * (down ? -1 : 1)))
            this.setData({ sorts: this.data.sorts + 1 })
          },
        })
        """#
        let manifest = BundleManifest(id: "tablebench", name: "Table bench", version: "1.0.0", pages: ["index"])
        return LoadedBundle(manifest: manifest, origin: "memory", script: script, scriptName: "tablebench/main.js",
                            pages: ["index": template])
    }
}
