import Foundation
import Testing

/// `termini bench` end to end: a small run passes its screen checks, and an app that draws a wrong row fails loudly.
@Suite struct BenchSmokeTests {
    static let app = BuiltBinaries.packageRoot.appendingPathComponent("Tools/bench/app").path

    @Test func smallRunPassesItsScreenChecksAndReportsEveryOperation() async throws {
        let result = try await BuiltBinaries.run("termini", [
            "bench", "--ops", "1,3,4,5,6,9", "--rows", "100", "--runs", "1", "--warmups", "0", "--json", "--app", Self.app,
        ], timeout: 60)
        #expect(result.status == 0, "stderr: \(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        let ops = lines.compactMap { line -> String? in
            guard let range = line.range(of: #""op": "[0-9a-z_]+""#, options: .regularExpression) else { return nil }
            return String(line[range].dropFirst(7).dropLast())
        }
        #expect(ops == ["01_create_1k", "03_update_every_10th", "04_select", "05_swap", "06_remove", "09_clear"])
        // A keyed swap of two rows is two moves; every operation wrote something to the pty.
        let swap = try #require(lines.first { $0.contains("05_swap") })
        #expect(swap.contains("\"moves\": 2"))
        for line in lines { #expect(!line.contains("\"bytes\": 0,"), "\(line)") }
    }

    /// The latency guard `./Scripts/test` runs fails, naming the operation, when bytes rise more than 50 % over its
    /// baseline: here a baseline that says clearing the list wrote 5 bytes (it writes an erase of about 20).
    @Test func theLatencyGuardFailsOnABaselineTheClearNoLongerMeets() async throws {
        let baseline = BuiltBinaries.temporaryFolder() + "/baseline.json"
        try #"{"operations": {"09_clear": {"ratio": 10000, "bytes": 5}}}"#.write(toFile: baseline, atomically: true, encoding: .utf8)
        let guardScript = BuiltBinaries.packageRoot.appendingPathComponent("Tools/peers/latency_guard.py").path
        let result = try await BuiltBinaries.run("/usr/bin/python3", [
            guardScript, "--termini", BuiltBinaries.path("termini"), "--baseline", baseline, "--ops", "9",
            "--runs", "1", "--warmup", "0", "--floor-runs", "10",
        ], timeout: 120)
        #expect(result.status == 1, "stdout: \(result.stdout) stderr: \(result.stderr)")
        #expect(result.stderr.contains("09_clear:") && result.stderr.contains("bytes, baseline 5"), "\(result.stderr)")
        #expect(result.stdout.contains("REGRESSED"), "\(result.stdout)")
    }

    /// `./Scripts/bench --against REV`'s verdict: a time 20 % worse in every round fails, naming it; one slow round
    /// among fast ones, and a rate that rose, do not.
    @Test func theNoRegressionCheckFailsOnAConsistentlySlowerMeasureOnly() async throws {
        let runs = BuiltBinaries.temporaryFolder()
        for (round, slowRound) in [(1, "5.1"), (2, "30"), (3, "4.9")] {
            try "render_ms 10\nkeyed_ms 5\ncalls_per_s 100\n".write(toFile: "\(runs)/base.\(round)", atomically: true, encoding: .utf8)
            try "render_ms 12\nkeyed_ms \(slowRound)\ncalls_per_s 130\n".write(toFile: "\(runs)/this.\(round)", atomically: true, encoding: .utf8)
        }
        let compare = BuiltBinaries.packageRoot.appendingPathComponent("Tools/bench/compare.py").path
        let result = try await BuiltBinaries.run("/usr/bin/python3", [compare, runs, "--base-name", "main"], timeout: 60)
        #expect(result.status == 1, "\(result.stdout)")
        #expect(result.stdout.contains("more than 5 % worse than main: render_ms\n"), "\(result.stdout)")
        try "render_ms 10\n".write(toFile: "\(runs)/this.1", atomically: true, encoding: .utf8)
        try "render_ms 10\n".write(toFile: "\(runs)/this.2", atomically: true, encoding: .utf8)
        try "render_ms 10.2\n".write(toFile: "\(runs)/this.3", atomically: true, encoding: .utf8)
        let same = try await BuiltBinaries.run("/usr/bin/python3", [compare, runs], timeout: 60)
        #expect(same.status == 0, "\(same.stdout)")
    }

    @Test func scrollingAndResizingAreTimedAndChecked() async throws {
        let result = try await BuiltBinaries.run("termini", [
            "bench", "--ops", "scroll,resize", "--rows", "100", "--runs", "1", "--warmups", "0", "--json", "--app", Self.app,
        ], timeout: 60)
        #expect(result.status == 0, "stderr: \(result.stderr)")
        for op in ["cursor_1_row", "scroll_1_line", "scroll_1_page", "resize_80x24", "resize_200x60", "resize_120x40"] {
            #expect(result.stdout.contains("\"op\": \"\(op)\""), "missing \(op) in \(result.stdout)")
        }
    }

    /// A gallery page resized and resized back, each timed; a page that changes by itself (the clock) cannot come
    /// back to what it showed, and the bench says so rather than timing it.
    @Test func aGalleryPageIsResizedAndComesBackAsItWas() async throws {
        let widgets = BuiltBinaries.packageRoot.appendingPathComponent("Templates/widgets").path
        let result = try await BuiltBinaries.run("termini", [
            "bench", "--ops", "page-resize", "--runs", "2", "--warmups", "0", "--json", "--app", widgets,
        ], timeout: 60)
        #expect(result.status == 0, "stderr: \(result.stderr)")
        for op in ["page_resize_80x24", "page_resize_200x60", "page_resize_120x40"] {
            let line = try #require(result.stdout.split(separator: "\n").first { $0.contains("\"op\": \"\(op)\"") })
            #expect(line.contains("\"runs\": 2,"), "\(line)")
        }
        let clock = BuiltBinaries.packageRoot.appendingPathComponent("Templates/clock").path
        let ticking = try await BuiltBinaries.run("termini", [
            "bench", "--ops", "page-resize", "--runs", "3", "--warmups", "0", "--app", clock,
        ], timeout: 60)
        #expect(ticking.status == 1)
        #expect(ticking.stderr.contains("back at 120x40 the page shows"), "\(ticking.stderr)")
    }

    /// `setTheme` from the page's onKey, between the app's theme and a dark one: every cell of the 120×40 screen
    /// changes style, so the frame hands all 4,800 to ncurses, and the list's text is checked after each switch.
    @Test func aThemeSwitchRepaintsTheWholeScreenAndIsTimed() async throws {
        let result = try await BuiltBinaries.run("termini", [
            "bench", "--ops", "theme", "--rows", "100", "--runs", "2", "--warmups", "0", "--json", "--app", Self.app,
        ], timeout: 60)
        #expect(result.status == 0, "stderr: \(result.stderr)")
        let line = try #require(result.stdout.split(separator: "\n").first { $0.contains("\"op\": \"theme_switch\"") })
        #expect(line.contains("\"cells\": 4800,"), "\(line)")
    }

    /// A Table of 10,000 rows: loaded by an append, then appended, scrolled and sorted by the script, each time read
    /// back off the screen. The loading also outlives a full garbage collection from JavaScriptCore's timer.
    @Test func tableOperationsAreTimedFromTheKeyToTheScreen() async throws {
        let result = try await BuiltBinaries.run("termini", [
            "bench", "--ops", "table", "--table-rows", "10000", "--runs", "1", "--warmups", "0", "--json",
        ], timeout: 120)
        #expect(result.status == 0, "stderr: \(result.stderr)")
        for op in ["table_append_10k@10k", "table_cursor_1_row@10k", "table_scroll_1_line@10k", "table_scroll_1_page@10k",
                   "table_sort@10k"] {
            #expect(result.stdout.contains("\"op\": \"\(op)\""), "missing \(op) in \(result.stdout)")
        }
        // The same with the columns bound to the page's data (`columns: "{{cols}}"`).
        let bound = try await BuiltBinaries.run("termini", [
            "bench", "--ops", "table-bound", "--table-rows", "10000", "--runs", "1", "--warmups", "0", "--json",
        ], timeout: 120)
        #expect(bound.status == 0, "stderr: \(bound.stderr)")
        #expect(bound.stdout.contains("\"op\": \"table_cursor_1_row@10k_bound\""), "\(bound.stdout)")
        let refused = try await BuiltBinaries.run("termini", ["bench", "--ops", "table", "--table-rows", "12345"], timeout: 30)
        #expect(refused.status != 0 && refused.stderr.contains("multiple of 10000"), "\(refused.stderr)")
    }

    /// Space toggling the first of 100,000 options, timed to the frame that shows its box changed.
    @Test func aSelectionListToggleIsTimedFromTheKeyToTheScreen() async throws {
        let result = try await BuiltBinaries.run("termini", [
            "bench", "--ops", "selection", "--runs", "2", "--warmups", "0", "--json",
        ], timeout: 120)
        #expect(result.status == 0, "stderr: \(result.stderr)")
        #expect(result.stdout.contains("\"op\": \"selection_toggle_1_option@100k\""), "\(result.stdout)")
    }

    @Test func bigListOperationsAreTimedCheckedAndWeighed() async throws {
        let result = try await BuiltBinaries.run("termini", [
            "bench", "--ops", "biglist", "--big-sizes", "10000,20000", "--runs", "1", "--warmups", "0", "--json",
            "--app", Self.app,
        ], timeout: 120)
        #expect(result.status == 0, "stderr: \(result.stderr)")
        for size in [10000, 20000] {
            for op in ["append_10k", "update_1_row", "remove_1_row", "cursor_1_row", "scroll_1_line", "scroll_1_page"] {
                #expect(result.stdout.contains("\"op\": \"\(op)@\(size)\""), "missing \(op)@\(size) in \(result.stdout)")
            }
            let memory = try #require(result.stdout.split(separator: "\n").first { $0.contains("\"op\": \"memory@\(size)\"") })
            #expect(memory.contains("\"js_heap_bytes_per_row\": "), "\(memory)")
        }
    }

    @Test func componentRowsAreTimedAgainstPlainRowsAndWeighed() async throws {
        let result = try await BuiltBinaries.run("termini", [
            "bench", "--ops", "components", "--rows", "200", "--runs", "2", "--warmups", "0", "--json", "--app", Self.app,
        ], timeout: 120)
        #expect(result.status == 0, "stderr: \(result.stderr)")
        #expect(result.stdout.contains("\"op\": \"create_1k_plain_rows\"") && result.stdout.contains("\"op\": \"create_1k_component_rows\""),
                "\(result.stdout)")
        let memory = try #require(result.stdout.split(separator: "\n").first { $0.contains("component_instance_memory") })
        #expect(memory.contains("\"bytes_per_instance\": ") && memory.contains("\"create_ratio\": "), "\(memory)")
    }

    @Test func badBigListSizesAreRefused() async throws {
        let result = try await BuiltBinaries.run("termini", ["bench", "--ops", "biglist", "--big-sizes", "15000"])
        #expect(result.status != 0)
        #expect(result.stderr.contains("--big-sizes must be comma-separated multiples of 10000"), "\(result.stderr)")
    }

    @Test func anAppThatLeavesAStaleRowFailsTheBench() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bench-fault-\(getpid())")
        try? FileManager.default.removeItem(at: folder)
        try FileManager.default.copyItem(atPath: Self.app, toPath: folder.path)
        defer { try? FileManager.default.removeItem(at: folder) }
        let script = folder.appendingPathComponent("main.js")
        let source = try String(contentsOf: script, encoding: .utf8)
        // Update every 10th row except index 10: the screen then differs from the bench's model.
        let faulty = source.replacingOccurrences(of: "for (let i = 0; i < rows.length; i += 10) patch",
                                                 with: "for (let i = 0; i < rows.length; i += 10) if (i !== 10) patch")
        #expect(faulty != source)
        try faulty.write(to: script, atomically: true, encoding: .utf8)
        let result = try await BuiltBinaries.run("termini", [
            "bench", "--ops", "3", "--rows", "100", "--runs", "1", "--warmups", "0", "--app", folder.path,
        ], timeout: 60)
        #expect(result.status == 1)
        #expect(result.stderr.contains("wrong screen after 03_update_every_10th"), "stderr: \(result.stderr)")
        #expect(result.stderr.contains("list index 10"), "stderr: \(result.stderr)")
    }
}
