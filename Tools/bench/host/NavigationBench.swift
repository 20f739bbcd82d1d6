import Foundation
import TerminiRuntime
import TerminiTemplate
import TerminiTerminal

/// Resident set size of this process in MiB, from /proc/self/statm.
func residentMegabytes() -> Double {
    guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return .nan }
    let fields = text.split(separator: " ")
    guard fields.count > 1, let pages = Double(fields[1]) else { return .nan }
    return pages * Double(sysconf(Int32(_SC_PAGESIZE))) / 1_048_576
}

/// A two-page bundle: index's button opens detail (which shows the query), Esc comes back.
func navigationBundle() throws -> LoadedBundle {
    func page(_ name: String, _ text: String) throws -> TemplateFile {
        try TemplateFile(jsonText: #"""
            {"format":"termini.template/1","page":"\#(name)","title":"\#(name)","source":"bench/pages/\#(name).swift",
             "deps":["n"],"root":{"cls":"Column","loc":"bench:1:1","children":[
               {"cls":"Text","p1":"\#(text)","loc":"bench:2:1"},
               {"cls":"Button","p1":"open","onTap":"open","loc":"bench:3:1"}]}}
            """#)
    }
    let manifest = BundleManifest(id: "bench", name: "Bench", version: "1.0.0", pages: ["index", "detail"])
    let script = """
        let opened = 0
        Page('index', { data: { n: 0 }, open() { opened += 1; bridge.invoke('navigateTo', { url: 'detail?n=' + opened }) } })
        Page('detail', { data: { n: 0 }, onLoad(q) { this.setData({ n: Number(q.n) }) } })
        """
    return LoadedBundle(manifest: manifest, origin: "bench", script: script, scriptName: "bench/main.js",
                        pages: ["index": try page("index", "index n={{n}}"), "detail": try page("detail", "detail n={{n}}")])
}

/// RSS after the engine has idled for a second, so both readings see memory the allocators have returned (JSC
/// and malloc give freed pages back on a timer); memory still in use shows either way.
@MainActor
func quiescentResidentMegabytes(_ engine: MiniAppEngine) -> Double {
    run(engine, timeout: 1) { false }
    return residentMegabytes()
}

/// Resident memory from /proc/self/status in MiB: anonymous (what the process allocated) and file-backed (library
/// code and data paged in from disk, shared and clean, which grows the first time a code path runs, such as JSC's
/// DFG compiler).
func residentBreakdownMegabytes() -> (anonymous: Double, file: Double) {
    guard let text = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return (.nan, .nan) }
    func field(_ name: String) -> Double {
        guard let line = text.split(separator: "\n").first(where: { $0.hasPrefix(name + ":") }),
              let kb = Double(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "")
        else { return .nan }
        return kb / 1024
    }
    return (field("RssAnon"), field("RssFile"))
}

/// navigateTo + navigateBack x `cycles`: RSS growth over them after `warmup` cycles (budget: <= 2 MB per 1,000).
/// With `curve`, prints anonymous and file-backed RSS every `curve` cycles of the whole run, warm-up included.
@MainActor
func navigationMemoryBench(warmup: Int = 10, cycles: Int = 1000, curve every: Int? = nil) throws {
    let (engine, backend) = try makeEngine(try navigationBundle(), width: 80, height: 24)
    engine.start()
    run(engine, timeout: 5) { engine.screenText.contains("index n=0") }
    backend.enqueue(.key(.tab))
    run(engine, timeout: 0.05) { false }
    let first = quiescentResidentMegabytes(engine)
    let firstBreakdown = residentBreakdownMegabytes()
    var baseline = first
    var baselineBreakdown = firstBreakdown
    var completed = 0
    var curve: [String] = []
    var start = DispatchTime.now().uptimeNanoseconds
    for cycle in 1...(warmup + cycles) {
        backend.enqueue(.key(.enter))
        run(engine, timeout: 5) { engine.screenText.contains("detail n=\(cycle)") }
        backend.enqueue(.key(.escape))
        run(engine, timeout: 5) { engine.screenText.contains("index n=0") }
        guard engine.screenText.contains("index n=0") else { break }
        completed = cycle
        if cycle == warmup {
            baseline = quiescentResidentMegabytes(engine)
            baselineBreakdown = residentBreakdownMegabytes()
            start = DispatchTime.now().uptimeNanoseconds
        }
        if cycle > warmup, (cycle - warmup) % 100 == 0 { curve.append(String(format: "%.1f", residentMegabytes())) }
        if let every, cycle % every == 0 {
            let now = residentBreakdownMegabytes()
            print(String(format: "host_navigation_curve cycle=%d rss=%.2f anon=%.2f file=%.2f", cycle,
                         residentMegabytes(), now.anonymous, now.file))
        }
    }
    let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    let growth = quiescentResidentMegabytes(engine) - baseline
    let breakdown = residentBreakdownMegabytes()
    let measured = max(0, completed - warmup)
    print("host_navigation_cycles \(measured) after_warmup=\(warmup) over=\(fmt(seconds))s")
    print("host_navigation_cycle_ms \(fmt(seconds * 1000 / Double(max(1, measured))))")
    print("host_navigation_rss_growth_mb \(fmt(growth)) rss_mb_every_100_cycles=\(curve.joined(separator: ","))")
    print("host_navigation_anon_rss_growth_mb \(fmt(breakdown.anonymous - baselineBreakdown.anonymous))")
    print("host_navigation_file_rss_growth_mb \(fmt(breakdown.file - baselineBreakdown.file))")
    print("host_navigation_warmup_rss_mb \(fmt(baseline - first)) anon=\(fmt(baselineBreakdown.anonymous - firstBreakdown.anonymous)) file=\(fmt(baselineBreakdown.file - firstBreakdown.file))")
    engine.stop()
}
