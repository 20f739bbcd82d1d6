// render-bench: the keyed-list benchmark (krausest js-framework-benchmark operations) on the
// TerminiUI render core, headless at 120x40. Each measure is the time from applying the patch to the end of
// paint plus the cell diff against the previous frame; median of RUNS runs after WARMUP warm-ups.
import Foundation
import TerminiTemplate
import TerminiUI

let warmups = 5
let runs = Int(ProcessInfo.processInfo.environment["RUNS"] ?? "") ?? 21
let width = 120, height = 40

// Data follows docs/BENCH-PROTOCOL.md: krausest's word lists and a mulberry32 generator seeded with 42.
let adjectives = ["pretty", "large", "big", "small", "tall", "short", "long", "handsome", "plain", "quaint", "clean",
                  "elegant", "easy", "angry", "crazy", "helpful", "mushy", "odd", "unsightly", "adorable", "important",
                  "inexpensive", "cheap", "expensive", "fancy"]
let colours = ["red", "yellow", "blue", "green", "pink", "brown", "purple", "orange", "black", "white"]
let nouns = ["table", "chair", "house", "bbq", "desk", "car", "pony", "cookie", "sandwich", "burger", "pizza", "mouse",
             "keyboard"]

var nextID = 1
var mulberryState: UInt32 = 42
@MainActor func mulberry32() -> Double {
    mulberryState &+= 0x6D2B_79F5
    var t = mulberryState
    t = (t ^ (t >> 15)) &* (t | 1)
    t ^= t &+ ((t ^ (t >> 7)) &* (t | 61))
    return Double(t ^ (t >> 14)) / 4_294_967_296
}
@MainActor func random(_ n: Int) -> Int { Int(mulberry32() * Double(n)) }

@MainActor func buildRows(_ count: Int) -> [JSONValue] {
    var rows: [JSONValue] = []
    rows.reserveCapacity(count)
    for _ in 0..<count {
        let label = "\(adjectives[random(adjectives.count)]) \(colours[random(colours.count)]) \(nouns[random(nouns.count)])"
        rows.append(.object(["id": .number(Double(nextID)), "label": .string(label)]))
        nextID += 1
    }
    return rows
}

/// ROW=plain or ROW=markup: each row one Text, its padded id and label as one string, or as marked-up spans (the id
/// dim, the label bold), as on the bench app's `index` and `markup` pages; unset, the Row of two Texts below.
let rowVariant = ProcessInfo.processInfo.environment["ROW"]

/// A row that is one Text, plain or marked up (`rowVariant`).
func singleTextRow(markup: Bool) -> TemplateNode {
    var props: [String: JSONValue] = ["wrap": false, "style": "{{row.id == selected ? 'reverse' : 'plain'}}"]
    if markup {
        props["markup"] = [["style": ["dim"], "text": "{{pad(row.id, 6)}}"], ["text": " "],
                           ["style": ["bold"], "text": "{{row.label}}"]]
    } else {
        props["p1"] = "{{pad(row.id, 6)}} {{row.label}}"
    }
    return TemplateNode(cls: "Text", loc: "bench.swift:6:13", props: props)
}

/// A one-line header over the keyed list, as in the bench app; the selected row is drawn reversed.
@MainActor func template() -> TemplateNode {
    let row = rowVariant.map { singleTextRow(markup: $0 == "markup") } ?? TemplateNode(cls: "Row", loc: "bench.swift:6:13", props: ["spacing": 1], children: [
        // The id right-aligned in 6 columns (docs/BENCH-PROTOCOL.md).
        TemplateNode(cls: "Box", loc: "bench.swift:7:17", props: ["border": ["cmd": "none"], "width": 6], children: [
            TemplateNode(cls: "Column", loc: "bench.swift:8:21", props: ["align": ["cmd": "end"]], children: [
                TemplateNode(cls: "Text", loc: "bench.swift:9:25", props: ["p1": "{{row.id}}", "wrap": false]),
            ]),
        ]),
        TemplateNode(cls: "Text", loc: "bench.swift:12:17",
                     props: ["p1": "{{row.label}}", "wrap": false,
                             "style": "{{row.id == selected ? 'reverse' : 'plain'}}"]),
    ])
    let list = TemplateNode(cls: "ListView", loc: "bench.swift:5:13",
                            props: ["p1": "{{rows}}", "key": "id", "item": "row"], children: [row])
    return TemplateNode(cls: "Column", loc: "bench.swift:2:5", children: [
        TemplateNode(cls: "Text", loc: "bench.swift:3:9", props: ["p1": "termini bench  rows: {{rows.length}}"]),
        TemplateNode(cls: "Expanded", loc: "bench.swift:4:9", children: [list]),
    ])
}

/// One page plus the front and back buffers of a headless terminal.
@MainActor final class Harness {
    let page: PageView
    var back = CellBuffer(width: width, height: height)
    var front = CellBuffer(width: width, height: height)
    var runs: [CellRun] = []
    var lastStats = BuildStats()

    init(rows: [JSONValue]) {
        page = PageView(root: template(), data: ["rows": .array(rows), "selected": -1])
        frame()
    }

    /// Build, paint, diff against the previous frame, swap.
    func frame() {
        lastStats = page.build(size: (width, height))
        page.paint(into: &back)
        runs.removeAll(keepingCapacity: true)
        back.appendChangedRuns(comparedTo: front, into: &runs)
        swap(&back, &front)
    }

    var rows: JSONArray { page.data["rows"]?.arrayValue ?? [] }
}

func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

func median(_ xs: [Double]) -> Double {
    let s = xs.sorted()
    return s.isEmpty ? 0 : s[s.count / 2]
}

/// Runs `measure` after `setup` (untimed) WARMUP + RUNS times; prints the median in ms and the moves of the last run.
/// The timed part, kept out of line so a profiler can collect just this (valgrind --toggle-collect='*measuredFrame*').
@MainActor @inline(never) func measuredFrame(_ h: Harness, _ patches: [(DataPath, JSONValue)]) {
    h.page.apply(patches)
    h.frame()
}

let only = ProcessInfo.processInfo.environment["ONLY"]

@MainActor func bench(_ name: String, showMoves: Bool = false, setup: () -> (Harness, [(DataPath, JSONValue)])) {
    if let only, only != name { return }
    var times: [Double] = []
    var moves = 0
    for i in 0..<(warmups + runs) {
        let (h, patches) = setup()
        let t0 = now()
        measuredFrame(h, patches)
        let t1 = now()
        moves = h.lastStats.moved
        if i >= warmups { times.append(Double(t1 - t0) / 1e6) }
        if i == warmups + runs - 1, ProcessInfo.processInfo.environment["SHOW"] != nil {
            // The frame after the last run, to check by eye that the operation did what it says.
            FileHandle.standardError.write(Data("--- \(name)\n\(h.front.renderText())\n".utf8))
        }
    }
    let m = median(times)
    print(String(format: "%@ %.4f", name, m) + (showMoves ? " moves=\(moves)" : ""))
}

let rowsPath = try! DataPath(parsing: "rows")
let selectedPath = try! DataPath(parsing: "selected")
func rowPath(_ i: Int, _ field: String? = nil) -> DataPath {
    DataPath([.key("rows"), .index(i)] + (field.map { [.key($0)] } ?? []))
}

// Resident memory with a 10k-row page on screen.
func rssMB() -> Double {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return -1 }
    for line in status.split(separator: "\n") where line.hasPrefix("VmRSS:") {
        let kb = line.split(separator: " ").dropFirst().first.flatMap { Double($0) } ?? -1
        return kb / 1024
    }
    return -1
}
// Measured first, in a fresh process, so earlier measures' garbage does not count.
if only == nil || only == "rss_10k_rows" {
    let before = rssMB()
    let h = Harness(rows: buildRows(10_000))
    h.frame()
    print(String(format: "rss_10k_rows_mb %.1f", rssMB()))
    print(String(format: "rss_before_page_mb %.1f", before))
    withExtendedLifetime(h) {}
}


bench("create_1k") { (Harness(rows: []), [(rowsPath, .array(buildRows(1000)))]) }
bench("replace_all") { (Harness(rows: buildRows(1000)), [(rowsPath, .array(buildRows(1000)))]) }
bench("update_every_10th") {
    let h = Harness(rows: buildRows(1000))
    let rows = h.rows
    var patches: [(DataPath, JSONValue)] = []
    for i in stride(from: 0, to: rows.count, by: 10) {
        patches.append((rowPath(i, "label"), .string((rows[i]["label"]?.stringValue ?? "") + " !!!")))
    }
    return (h, patches)
}
bench("select") {
    let h = Harness(rows: buildRows(1000))
    return (h, [(selectedPath, h.rows[1]["id"]!)])
}
bench("swap_rows", showMoves: true) {
    let h = Harness(rows: buildRows(1000))
    let rows = h.rows
    return (h, [(rowPath(1), rows[998]), (rowPath(998), rows[1])])
}
bench("remove_row", showMoves: true) {
    let h = Harness(rows: buildRows(1000))
    var rows = h.rows
    rows.remove(at: 1)
    return (h, [(rowsPath, .array(rows))])
}
bench("create_10k") { (Harness(rows: []), [(rowsPath, .array(buildRows(10_000)))]) }
bench("append_1k") {
    let h = Harness(rows: buildRows(1000))
    return (h, [(rowsPath, .array(h.rows + buildRows(1000)))])
}
bench("clear") { (Harness(rows: buildRows(1000)), [(rowsPath, .array([]))]) }
do {
    let h = Harness(rows: buildRows(1000))
    bench("no_change") { (h, []) }
    print("no_change_cells_changed \(h.runs.reduce(0) { $0 + $1.count })")  // a frame with no change writes nothing
}

// Full-screen diff at 200x50 where every cell differs, in microseconds.
do {
    var a = CellBuffer(width: 200, height: 50)
    var b = CellBuffer(width: 200, height: 50)
    for y in 0..<50 {
        a.write(String(repeating: "a", count: 200), x: 0, y: y, style: .plain)
        b.write(String(repeating: "b", count: 200), x: 0, y: y, style: CellStyle(attributes: .bold))
    }
    var out: [CellRun] = []
    out.reserveCapacity(64)
    var times: [Double] = []
    for i in 0..<(warmups + runs * 10) {
        out.removeAll(keepingCapacity: true)
        let t0 = now()
        b.appendChangedRuns(comparedTo: a, into: &out)
        let t1 = now()
        if i >= warmups { times.append(Double(t1 - t0) / 1e3) }
    }
    print(String(format: "diff_200x50_us %.2f", median(times)))
    var same: [Double] = []
    let c = a
    for i in 0..<(warmups + runs * 10) {
        out.removeAll(keepingCapacity: true)
        let t0 = now()
        a.appendChangedRuns(comparedTo: c, into: &out)
        let t1 = now()
        if i >= warmups { same.append(Double(t1 - t0) / 1e3) }
    }
    print(String(format: "diff_200x50_unchanged_us %.2f", median(same)))
}

