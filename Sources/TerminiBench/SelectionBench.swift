#if canImport(Glibc)
import Glibc
#endif
import Foundation
import TerminiRuntime
import TerminiTemplate
import TerminiTerminal
import TerminiUI

/// The SelectionList operation of docs/PERFORMANCE.md: a `SelectionList` of 100,000 options (loaded in splices of
/// 10,000), its first option toggled by Space, timed from the key to the last byte of the frame that shows the new
/// box; the page's echo of `onChange` (the chosen values back through setData) is then waited for, untimed.
public final class SelectionBench: PtyBench {
    public static let options = 100_000
    static let batch = 10_000

    private let bench: BenchEngine

    public init(width: Int = 100, height: Int = 30) throws {
        bench = try BenchEngine(try Self.bundle(), name: "selection bench", width: width, height: height)
        try bench.waitForScreen("start") { $0.contains("options: 0 ") }
    }

    public func close() { bench.close() }

    public func run(runs: Int, warmups: Int, progress: (String) -> Void) throws -> [TimedOperation] {
        var count = 0
        while count < Self.options {
            count += Self.batch
            usleep(20_000)
            _ = try bench.timedInput(.key(.character("a")), "loading, at \(count)") { [count] in $0.contains("options: \(count) ") }
        }
        var toggle: [Double] = []
        for run in 0..<(warmups + runs) {
            progress("selection: run \(run + 1) of \(warmups + runs)")
            // Odd runs check the box, even ones clear it.
            let on = run % 2 == 0
            usleep(20_000)
            let ms = try bench.timedInput(.key(.space), "toggle_1_option") { Self.firstOption($0, checked: on) }
            let chosen = on ? 1 : 0
            if !bench.engine.screenText.contains("chosen: \(chosen) ") {
                try bench.waitForScreen("toggle_1_option (the page's echo)") { $0.contains("chosen: \(chosen) ") }
            }
            if run >= warmups { toggle.append(ms) }
        }
        return [TimedOperation(op: "selection_toggle_1_option@100k", milliseconds: toggle)]
    }

    /// Whether the list's first line shows option 0 checked (or not).
    static func firstOption(_ screen: String, checked: Bool) -> Bool {
        screen.split(separator: "\n").contains { $0.hasPrefix(checked ? "[x] option 0 " : "[ ] option 0 ") }
    }

    static func bundle() throws -> LoadedBundle {
        let template = try TemplateFile(jsonText: #"""
        {"format":"termini.template/1","page":"index","source":"bench/selection.swift","deps":["options","chosen"],
         "root":{"cls":"Column","loc":"bench/selection.swift:1:1","children":[
           {"cls":"Text","p1":"options: {{options.length}} chosen: {{chosen.length}} ·","loc":"bench/selection.swift:2:5"},
           {"cls":"SelectionList","options":"{{options}}","selected":"{{chosen}}","onChange":"changed","loc":"bench/selection.swift:3:5"}]}}
        """#)
        let script = #"""
        Page('index', {
          data: { options: [], chosen: [] },
          onKey(e) {
            const n = this.data.options.length
            if (e.detail.key === 'a') this.spliceData('options', n, 0, ...Array.from({ length: 10000 }, (_, i) => 'option ' + (n + i)))
          },
          changed(e) { this.setData({ chosen: e.detail.values }) },
        })
        """#
        let manifest = BundleManifest(id: "selectionbench", name: "Selection bench", version: "1.0.0", pages: ["index"])
        return LoadedBundle(manifest: manifest, origin: "memory", script: script, scriptName: "selectionbench/main.js",
                            pages: ["index": template])
    }
}
