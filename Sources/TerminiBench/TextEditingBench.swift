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

/// The text-editing operations of docs/PERFORMANCE.md, each timed from the input to the last byte of the first
/// frame that shows it on the pty: a key typed into an empty TextField and at the end of one holding 100,000
/// characters, a key typed into a TextArea of 10,000 lines with the caret in the middle, and a 1 MB paste into
/// that TextArea. The page echoes every change back with `setData`, as a form does (all but the TextArea's with
/// the paste in it, which is over setData's 1 MiB); the echo is waited out, untimed, before the next input.
public final class TextEditingBench: PtyBench {
    static let bigField = 100_000
    static let areaLines = 10_000
    static let pasteBytes = 1 << 20

    private let bench: BenchEngine
    private var engine: MiniAppEngine { bench.engine }
    private let clock = MonotonicClock.system

    public init(width: Int = 100, height: Int = 30) throws {
        bench = try BenchEngine(try Self.bundle(), name: "text bench", width: width, height: height)
        try bench.waitForScreen("start") { $0.contains("line 10000") }
    }

    public func close() { bench.close() }

    /// Times each operation `runs` times after `warmups` (the paste at most 10 times: each moves 3 MB through the
    /// script and back).
    public func run(runs: Int, warmups: Int, progress: (String) -> Void) throws -> [TimedOperation] {
        // Focus starts on the empty field; Tab goes to the long field, then to the TextArea.
        progress("text: typing into an empty field")
        let empty = try typing(runs: runs, warmups: warmups)
        _ = try press(.tab, "to the long field") { _ in true }
        progress("text: typing at the end of a \(Self.bigField)-character field")
        let long = try typing(runs: runs, warmups: warmups)
        _ = try press(.tab, "to the text area") { _ in true }
        progress("text: the caret to the middle of \(Self.areaLines) lines")
        _ = try press(Key.home.with(.control), "to the top") { $0.contains("line 1 ") }
        for _ in 0..<(Self.areaLines / 2 / Self.areaHeight) { engine.step(handling: .key(.pageDown)) }
        settle()
        progress("text: typing in the middle of the text area")
        let area = try typing(runs: runs, warmups: warmups)
        progress("text: 1 MB pastes")
        var paste: [Double] = []
        let pasteRuns = min(runs, 10)
        for run in 0..<(min(warmups, 2) + pasteRuns) {
            let marker = "END-OF-PASTE-\(run)"
            let body = String(repeating: String(repeating: "p", count: 63) + "\n", count: Self.pasteBytes / 64)
            let ms = try input(.paste(body + marker, clippedFrom: nil), "paste \(run)") { $0.contains(marker) }
            // Undone, untimed, so each paste lands in the same text.
            _ = try press(.control("_"), "undo the paste") { !$0.contains(marker) }
            if run >= min(warmups, 2) { paste.append(ms) }
        }
        return [TimedOperation(op: "text_type_empty_field", milliseconds: empty),
                TimedOperation(op: "text_type_end_of_100k_field", milliseconds: long),
                TimedOperation(op: "text_type_mid_10k_line_area", milliseconds: area),
                TimedOperation(op: "text_paste_1mb_area", milliseconds: paste)]
    }

    /// Types `Q` (timed to the frame that shows it) and Backspace (untimed), `warmups + runs` times.
    private func typing(runs: Int, warmups: Int) throws -> [Double] {
        var times: [Double] = []
        for run in 0..<(warmups + runs) {
            let ms = try press(.character("Q"), "type") { $0.contains("Q") }
            _ = try press(.backspace, "backspace") { !$0.contains("Q") }
            if run >= warmups { times.append(ms) }
        }
        return times
    }

    private func press(_ key: Key, _ label: String, until shows: (String) -> Bool) throws -> Double {
        try input(.key(key), label, until: shows)
    }

    /// Input → the last byte of the first frame whose screen satisfies `shows`, in milliseconds; then the page's
    /// echo is waited out.
    private func input(_ event: InputEvent, _ label: String, until shows: (String) -> Bool) throws -> Double {
        settle()
        return try bench.timedInput(event, label, until: shows)
    }

    /// Steps the engine for 50 ms, so the script's answer to the last input (its echo) is in before the next.
    private func settle() {
        let until = clock.now() + 50_000_000
        while clock.now() < until { engine.step(maxWaitMilliseconds: 1) }
    }

    static let areaHeight = 10

    /// The bench's app: an empty field, a field of 100,000 characters and a TextArea of 10,000 lines, each echoing
    /// its changes into the page's data.
    static func bundle() throws -> LoadedBundle {
        let template = try TemplateFile(jsonText: #"""
        {"format":"termini.template/1","page":"index","source":"bench/text.swift","deps":["draft","long","note"],
         "root":{"cls":"Column","loc":"bench/text.swift:1:1","children":[
           {"cls":"TextField","value":"{{draft}}","onChange":"draftChanged","loc":"bench/text.swift:2:5"},
           {"cls":"TextField","value":"{{long}}","onChange":"longChanged","loc":"bench/text.swift:3:5"},
           {"cls":"TextArea","value":"{{note}}","height":\#(areaHeight),"onChange":"noteChanged","loc":"bench/text.swift:4:5"}]}}
        """#)
        let script = #"""
        const lines = []
        for (let i = 1; i <= \#(areaLines); i++) lines.push('line ' + i + ' of the note, with some words')
        Page('index', {
          data: { draft: '', long: 'x'.repeat(\#(bigField)), note: lines.join('\n') },
          draftChanged(e) { this.setData({ draft: e.detail.value }) },
          longChanged(e) { this.setData({ long: e.detail.value }) },
          // setData takes at most 1 MiB: the note with a 1 MB paste in it stays the input's own.
          noteChanged(e) { if (e.detail.value.length < 900000) this.setData({ note: e.detail.value }) },
        })
        """#
        let manifest = BundleManifest(id: "textbench", name: "Text bench", version: "1.0.0", pages: ["index"])
        return LoadedBundle(manifest: manifest, origin: "memory", script: script, scriptName: "textbench/main.js",
                            pages: ["index": template])
    }
}
