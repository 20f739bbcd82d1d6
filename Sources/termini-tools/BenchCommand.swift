import ArgumentParser
import Foundation
import TerminiAuthoring
import TerminiBench
import TerminiLaunch
import TerminiRuntime

/// `termini bench`: the keyed-list benchmark in process, in a pty of its own, with every screen checked.
struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench", abstract: "Run the keyed-list benchmark (docs/BENCH-PROTOCOL.md) in a pty of its own.",
        discussion: "Each operation runs 5 warm-ups and --runs measured runs, end to end through the page's onKey, "
            + "and every frame's bytes are replayed into a VT emulator and checked. A wrong screen exits 1.")

    @Option(help: "Operations, comma-separated: 1 create, 2 replace, 3 update, 4 select, 5 swap, 6 remove, 7 create 10x, 8 append, 9 clear, scroll (a 10x list by a line and a page), tap (a click on a row, through .onTap), resize (120x40 -> 80x24 -> 200x60 -> back), page-resize (the same resizes of the first page of --app, any app whose page does not change by itself, e.g. Templates/widgets), theme (a 1k list's whole screen switched between two themes by setTheme), biglist (append 10k, update and remove one row, scroll, at each --big-sizes length, with memory per row), components (create 1k rows that are each a component instance against 1k plain rows, alternating, with memory per instance), table (a Table of 100k rows loaded by 10k appends: append, the current row by one, scroll a line and a page, sort), table-bound (the same with its columns bound to data), selection (Space toggling one option of a 100k SelectionList), text (a key typed into an empty TextField and at the end of a 100k-character one, a key in the middle of a 10k-line TextArea, a 1 MB paste into it), idle (10 s of a 1 Hz spinner: CPU and bytes).")
    var ops = "1,2,3,4,5,6,7,8,9"

    /// The operations `--ops` takes by name, besides the numbered ones.
    static let namedOperations = ["scroll", "tap", "resize", "page-resize", "theme", "biglist", "components", "table", "table-bound",
                                  "selection", "text", "idle"]

    /// The operations with a bench of their own, not the keyed list's.
    static let ownBenches: Set<String> = ["idle", "components", "table", "table-bound", "selection", "text", "page-resize"]

    @Option(help: "Rows that create, replace and append make (create 10x makes ten times as many).")
    var rows = 1000

    @Option(help: "Measured runs per operation.")
    var runs = 15

    @Option(help: "Warm-up runs per operation.")
    var warmups = 5

    @Option(help: "The table operation's length, a multiple of 10000.")
    var tableRows = TableBench.defaultRows

    @Option(help: "List lengths for the biglist operations, comma-separated multiples of 10000.")
    var bigSizes = KeyedListBench.bigListSizes.map(String.init).joined(separator: ",")

    var bigSizeList: [Int] { bigSizes.split(separator: ",").compactMap { Int($0.trimmingCharacters(in: .whitespaces)) } }

    @Option(help: "The bench mini-app project.")
    var app = "Tools/bench/app"

    @Flag(help: "Print one JSON object per operation per line.")
    var json = false

    @Flag(help: "After the keyed-list operations on plain Text rows, run them again on the bench app's `markup` page, whose rows are Text(markup:) with a dim id and a bold label; those results are named markup_<op>.")
    var markup = false

    @Flag(help: "Keep termini run's flight recorder on during the keyed-list operations (run does by default), to measure its cost.")
    var recorder = false

    func validate() throws {
        guard rows >= 3, rows <= 100_000 else { throw ValidationError("--rows must be between 3 and 100000") }
        guard runs >= 1, runs <= 10_000 else { throw ValidationError("--runs must be between 1 and 10000") }
        guard warmups >= 0, warmups <= 1_000 else { throw ValidationError("--warmups must be between 0 and 1000") }
        for key in opKeys where KeyedListBench.operationNames[key] == nil && !Self.namedOperations.contains(key) {
            throw ValidationError("--ops: unknown operation '\(key)'; use 1-9, \(Self.namedOperations.joined(separator: ", "))")
        }
        let sizes = bigSizes.split(separator: ",")
        guard !sizes.isEmpty, sizes.count == bigSizeList.count,
              bigSizeList.allSatisfy({ $0 > 0 && $0 <= 2_000_000 && $0 % KeyedListModel.bigAppend == 0 }) else {
            throw ValidationError("--big-sizes must be comma-separated multiples of \(KeyedListModel.bigAppend) up to 2000000, got '\(bigSizes)'")
        }
    }

    var opKeys: [String] { ops.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) } }

    @Option(help: "Seconds the idle operation measures.")
    var idleSeconds = 10.0

    func run() throws {
        let keyed = opKeys.filter { !Self.ownBenches.contains($0) }
        if !keyed.isEmpty { try runKeyed(keyed) }
        if opKeys.contains("components") { try runComponents() }
        if opKeys.contains("table") { try runTable() }
        if opKeys.contains("table-bound") { try runTable(boundColumns: true) }
        if opKeys.contains("selection") { try runSelection() }
        if opKeys.contains("text") { try runText() }
        if opKeys.contains("page-resize") { try runPageResize() }
        if opKeys.contains("idle") {
            FileHandle.standardError.write(Data("bench: idle_1hz_spinner (\(idleSeconds) s)\n".utf8))
            let idle: IdleBench.Result
            do { idle = try IdleBench.run(seconds: max(1, idleSeconds)) } catch { throw CLIError("bench FAILED: \(error)") }
            if json {
                print(idle.jsonLine)
            } else {
                print(String(format: "idle, 1 Hz spinner: %.1f s, CPU %.2f%%, %d frames, %d bytes, %d cells",
                             idle.seconds, idle.cpuPercent, idle.frames, idle.bytes, idle.cells))
            }
        }
    }

    /// The component operation, on the bench app's `components` page.
    func runComponents() throws {
        let bundle: LoadedBundle
        do { bundle = try BundleResolver.load(app, projectLoader: ProjectLoader.load) } catch { throw CLIError("\(error)") }
        var options = KeyedListBench.Options()
        options.keys = []
        options.rows = rows
        options.runs = runs
        options.warmups = warmups
        options.page = "components"
        let bench: KeyedListBench
        do { bench = try KeyedListBench(bundle: bundle, options: options) } catch { throw CLIError("bench: \(error)") }
        let outcome: (results: [KeyedListBench.Result], memory: KeyedListBench.InstanceMemory)
        do {
            outcome = try bench.runComponents { name in FileHandle.standardError.write(Data("bench: \(name)\n".utf8)) }
        } catch {
            bench.close()
            throw CLIError("bench FAILED: \(error)")
        }
        bench.close()
        let medians = outcome.results.map { r in r.samples.map(\.endToEnd).sorted()[r.samples.count / 2] }
        let ratio = medians.count == 2 && medians[0] > 0 ? medians[1] / medians[0] : 0
        let m = outcome.memory
        if json {
            for result in outcome.results { print(BenchReport.jsonLine(result)) }
            print("{\"op\": \"component_instance_memory\", \"bytes_per_instance\": \(Int(m.totalBytes)), \"js_heap_bytes\": \(Int(m.scriptHeapBytes)), \"malloc_bytes\": \(Int(m.nativeHeapBytes)), \"create_ratio\": \(BenchReport.round(ratio))}")
        } else {
            print("component bench: pty \(options.width)x\(options.height), \(rows) rows built in full, \(warmups) warm-ups + \(runs) runs each, alternating; times in ms")
            print(BenchReport.table(outcome.results), terminator: "")
            print(String(format: "component rows / plain rows, p50 end to end: %.2fx; memory per instance: %.0f bytes (JS heap %.0f + malloc %.0f)",
                         ratio, m.totalBytes, m.scriptHeapBytes, m.nativeHeapBytes))
        }
    }

    /// One line (or one JSON object with `--json`) per operation: its p50, the `tail` percentile and the worst.
    func printTimings(_ results: [TimedOperation], tail: Int, opWidth: Int, decimals: Int) {
        for r in results {
            let p50 = BenchReport.percentile(r.milliseconds, 0.5)
            let high = BenchReport.percentile(r.milliseconds, Double(tail) / 100)
            let worst = r.milliseconds.max() ?? 0
            if json {
                print("{\"op\": \"\(r.op)\", \"runs\": \(r.milliseconds.count), \"p50_ms\": \(BenchReport.round(p50)), \"p\(tail)_ms\": \(BenchReport.round(high)), \"worst_ms\": \(BenchReport.round(worst))}")
            } else {
                let number = "%8.\(decimals)f"
                print(r.op.padding(toLength: opWidth, withPad: " ", startingAt: 0)
                      + String(format: " p50 \(number)   p\(tail) \(number)   worst \(number)", p50, high, worst))
            }
        }
    }

    /// Runs a pty bench once and closes it, whatever happens; its progress goes to standard error.
    func measure(_ make: () throws -> any PtyBench) throws -> [TimedOperation] {
        let bench: any PtyBench
        do { bench = try make() } catch { throw CLIError("bench: \(error)") }
        defer { bench.close() }
        do {
            return try bench.run(runs: runs, warmups: warmups) { FileHandle.standardError.write(Data("bench: \($0)\n".utf8)) }
        } catch {
            throw CLIError("bench FAILED: \(error)")
        }
    }

    /// The Table operations at 100k rows, with literal columns or (`table-bound`) columns bound to the page's data.
    func runTable(boundColumns: Bool = false) throws {
        let results = try measure { try TableBench(rows: tableRows, boundColumns: boundColumns) }
        if !json { print("table bench: pty 100x30, a Table of \(tableRows) rows, \(warmups) warm-ups + \(runs) runs; key to screen, ms") }
        printTimings(results, tail: 90, opWidth: 28, decimals: 2)
    }

    /// One option of a 100,000-option SelectionList toggled by Space.
    func runSelection() throws {
        let results = try measure { try SelectionBench() }
        if !json { print("selection bench: pty 100x30, a SelectionList of 100000 options, \(warmups) warm-ups + \(runs) runs; key to screen, ms") }
        printTimings(results, tail: 90, opWidth: 32, decimals: 3)
    }

    /// The first page of --app resized and resized back.
    func runPageResize() throws {
        let bundle: LoadedBundle
        do { bundle = try BundleResolver.load(app, projectLoader: ProjectLoader.load) } catch { throw CLIError("\(error)") }
        let results = try measure { try PageResizeBench(bundle: bundle) }
        if !json { print("page resize bench: \(app), pty 120x40, \(warmups) warm-ups + \(runs) runs; the engine reading the new size to the last byte, ms") }
        printTimings(results, tail: 99, opWidth: 28, decimals: 3)
    }

    /// The text-editing operations: typing into short and long fields and a long TextArea, and a 1 MB paste.
    func runText() throws {
        let results = try measure { try TextEditingBench() }
        if !json { print("text bench: pty 100x30, each change echoed by the page, \(warmups) warm-ups + \(runs) runs; input to the frame's last byte, ms") }
        printTimings(results, tail: 99, opWidth: 30, decimals: 3)
        if results.count >= 2, !json {
            let empty = BenchReport.percentile(results[0].milliseconds, 0.5), long = BenchReport.percentile(results[1].milliseconds, 0.5)
            print(String(format: "end of a 100k field / empty field, p50: %.2fx", empty > 0 ? long / empty : 0))
        }
    }

    func runKeyed(_ keys: [String]) throws {
        try runKeyed(keys, page: nil)
        if markup { try runKeyed(keys.filter { KeyedListBench.operationNames[$0] != nil }, page: "markup") }
    }

    /// The keyed-list operations on `page` of the bench app (its first page when nil); the results of any other
    /// page are named `<page>_<op>`.
    func runKeyed(_ keys: [String], page: String?) throws {
        let bundle: LoadedBundle
        do { bundle = try BundleResolver.load(app, projectLoader: ProjectLoader.load) } catch { throw CLIError("\(error)") }
        var options = KeyedListBench.Options()
        options.keys = keys
        options.rows = rows
        options.runs = runs
        options.warmups = warmups
        options.recorder = recorder
        options.page = page
        let bench: KeyedListBench
        do { bench = try KeyedListBench(bundle: bundle, options: options) } catch {
            throw CLIError("bench: \(error)")
        }
        var results: [KeyedListBench.Result]
        var memory: [KeyedListBench.ListMemory] = []
        do {
            let progress: (String) -> Void = { name in FileHandle.standardError.write(Data("bench: \(name)\n".utf8)) }
            results = try bench.runAll(progress: progress)
            if let page { for i in results.indices { results[i].op = page + "_" + results[i].op } }
            if keys.contains("biglist") {
                let big = try bench.runBigList(sizes: bigSizeList, progress: progress)
                results += big.results
                memory = big.memory
            }
        } catch {
            bench.close()
            throw CLIError("bench FAILED: \(error)")
        }
        bench.close()
        if json {
            for result in results { print(BenchReport.jsonLine(result)) }
        } else {
            print("keyed-list bench: pty \(options.width)x\(options.height), rows \(rows), \(warmups) warm-ups + \(runs) runs\(recorder ? ", flight recorder on" : "")\(page.map { ", page \($0)" } ?? ""); times in ms, end to end unless named")
            print(BenchReport.table(results), terminator: "")
        }
        for m in memory {
            let line = String(format: "memory at %d rows: %.0f bytes per row (JS heap %.0f + malloc in use %.0f), and %.0f held outside the JS heap (string buffers); RSS %.1f MB, %.0f bytes per row",
                              m.rows, m.totalBytesPerRow, m.scriptHeapBytesPerRow, m.nativeHeapBytesPerRow, m.scriptOutsideHeapBytesPerRow,
                              m.residentMegabytes, m.bytesPerRow)
            print(json ? "{\"op\": \"memory@\(m.rows)\", \"bytes_per_row\": \(Int(m.totalBytesPerRow)), \"js_heap_bytes_per_row\": \(Int(m.scriptHeapBytesPerRow)), \"malloc_bytes_per_row\": \(Int(m.nativeHeapBytesPerRow)), \"js_outside_heap_bytes_per_row\": \(Int(m.scriptOutsideHeapBytesPerRow)), \"rss_mb\": \(BenchReport.round(m.residentMegabytes)), \"rss_bytes_per_row\": \(Int(m.bytesPerRow))}" : line)
        }
    }
}
