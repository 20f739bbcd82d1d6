// host-bench: the engine end to end (JS thread -> UI thread -> headless terminal), for docs/PERFORMANCE.md.
// Run from the package root in a release build: `swift build -c release --product host-bench && .build/release/host-bench`.
// Prints one `<measure> <value>` line per number.
import TerminiClock
import Foundation
import TerminiFrames
import TerminiAuthoring
import TerminiRuntime
import TerminiTemplate
import TerminiTerminal
import TerminiUI

let clock = MonotonicClock.system

func median(_ xs: [Double]) -> Double {
    let s = xs.sorted()
    return s.isEmpty ? .nan : s[s.count / 2]
}

func fmt(_ x: Double) -> String { String(format: "%.3f", x) }

/// A one-page bundle whose page shows `n={{n}}` above a button that calls `bump`.
func counterBundle(script: String) throws -> LoadedBundle {
    let template = try TemplateFile(jsonText: #"""
        {"format":"termini.template/1","page":"index","source":"bench/pages/index.swift","deps":["n"],
         "root":{"cls":"Column","loc":"bench:1:1","children":[
           {"cls":"Text","p1":"n={{n}}","loc":"bench:2:1"},
           {"cls":"Button","p1":"bump","onTap":"bump","loc":"bench:3:1"}]}}
        """#)
    let manifest = BundleManifest(id: "bench", name: "Bench", version: "1.0.0", pages: ["index"])
    return LoadedBundle(manifest: manifest, origin: "bench", script: script, scriptName: "bench/main.js",
                        pages: ["index": template])
}

func makeEngine(_ bundle: LoadedBundle, width: Int = 120, height: Int = 40) throws -> (MiniAppEngine, HeadlessBackend) {
    let backend = HeadlessBackend(width: width, height: height)
    var options = EngineOptions()
    options.storeDirectory = nil
    let engine = try MiniAppEngine(bundle: bundle, backend: backend, options: options)
    return (engine, backend)
}

/// Steps the engine until `done` holds or `timeout` seconds pass.
func run(_ engine: MiniAppEngine, timeout: Double, until done: () -> Bool) {
    let deadline = clock.now() + UInt64(timeout * 1e9)
    while !done() && clock.now() < deadline { engine.step(maxWaitMilliseconds: 5) }
}

// `host-bench navigation` runs only the navigation memory bench: its RSS reading is cleanest in a fresh process.
// `host-bench navigation [--warmup N] [--cycles N] [--curve N]`. In a fresh process the first few hundred cycles
// are JavaScriptCore's JIT compiling the navigation path (docs/PERFORMANCE.md, "Navigation RSS"): a one-time cost,
// reported apart (`host_navigation_warmup_rss_mb`), so the growth is measured over 1,000 cycles after 300.
if CommandLine.arguments.dropFirst().first == "navigation" {
    var options: [String: Int] = [:]
    var arguments = CommandLine.arguments.dropFirst(2).makeIterator()
    while let name = arguments.next() {
        guard ["--warmup", "--cycles", "--curve"].contains(name), let value = arguments.next().flatMap({ Int($0) }),
              value >= 0 else {
            FileHandle.standardError.write(Data("usage: host-bench navigation [--warmup N] [--cycles N] [--curve N]\n".utf8))
            exit(2)
        }
        options[name] = value
    }
    try navigationMemoryBench(warmup: options["--warmup"] ?? 300, cycles: options["--cycles"] ?? 1000,
                              curve: options["--curve"])
    exit(0)
}

// 1. setData-to-screen latency on an idle page: input dispatched -> handler's setData -> frame raster done.
do {
    let (engine, backend) = try makeEngine(try counterBundle(script:
        "Page('index', { data: { n: 0 }, bump() { this.setData({ n: this.data.n + 1 }) } })"))
    var lastRasterEnd: UInt64 = 0
    engine.onFrame = { lastRasterEnd = $0.rasterEnd }
    engine.start()
    run(engine, timeout: 5) { engine.screenText.contains("n=0") }
    backend.enqueue(.key(.tab))
    run(engine, timeout: 1) { false }
    var latencies: [Double] = []
    for i in 1...200 {
        usleep(20_000)  // idle: more than one frame budget since the last frame, so the change renders at once
        let start = clock.now()
        backend.enqueue(.key(.enter))
        run(engine, timeout: 5) { engine.screenText.hasPrefix("n=\(i)\n") }
        latencies.append(Double(lastRasterEnd - start) / 1e6)
    }
    print("host_event_to_screen_p50_ms \(fmt(median(latencies)))")
    engine.stop()
}

// 2. 1,000 setData calls spread over one second: frames rendered, final screen, script queue high-water mark.
do {
    let (engine, backend) = try makeEngine(try counterBundle(script: """
        Page('index', { data: { n: 0 },
          bump() {
            const start = Date.now(); let sent = 0
            const t = setInterval(() => {
              const due = Math.min(1000, Date.now() - start + 1)
              while (sent < due) { sent += 1; this.setData({ n: sent }) }
              if (sent >= 1000) clearInterval(t)
            }, 1)
          } })
        """))
    var frames: [FrameTiming] = []
    engine.onFrame = { frames.append($0) }
    engine.start()
    run(engine, timeout: 5) { engine.screenText.contains("n=0") }
    backend.enqueue(.key(.tab))
    run(engine, timeout: 1) { false }
    frames.removeAll()
    let start = clock.now()
    backend.enqueue(.key(.enter))
    run(engine, timeout: 10) { engine.screenText.hasPrefix("n=1000\n") }
    let seconds = Double(clock.now() - start) / 1e9
    let exact = engine.screenText.hasPrefix("n=1000\n")
    // Frames that put something on screen are the ones the 60 fps cap governs; a frame that changed no cell costs
    // microseconds and does not count against the budget (FrameScheduler). The tap itself asks for none (PageView).
    let shown = frames.filter { $0.cells > 0 }
    // n frames are n - 1 frame intervals apart: the rate over that span is what the cap governs.
    let span = Double((shown.last?.vsyncStart ?? 0) - (shown.first?.vsyncStart ?? 0)) / 1e9
    print("host_1000_setdata_frames \(shown.count) over=\(fmt(seconds))s frames_including_empty=\(frames.count) final_screen_exact=\(exact)")
    print("host_1000_setdata_frames_per_second \(fmt(Double(shown.count - 1) / span))")
    print("host_script_queue_high_water \(engine.scriptQueueHighWater)")
    engine.stop()
}

// 3. The clock sample for 10 s at 60 fps: janky frames and FPS.
do {
    let bundle = try ProjectLoader.load(folder: "Templates/clock")
    let (engine, _) = try makeEngine(bundle, width: 80, height: 24)
    var timings: [FrameTiming] = []
    engine.onFrame = { timings.append($0) }
    engine.start()
    run(engine, timeout: 1) { false }  // warm up
    timings.removeAll()
    let start = clock.now()
    run(engine, timeout: 10) { false }
    let seconds = Double(clock.now() - start) / 1e9
    let budget = UInt64(1_000_000_000 / 60)
    let janky = timings.filter { $0.isJanky(budgetNanoseconds: budget) }.count
    let groups = FrameRateMeter.groups(of: timings, maxFramesPerSecond: 60)
    let groupFPS = groups.map { $0.framesPerSecond(maxFramesPerSecond: 60) }
    print("host_clock_10s_frames \(timings.count)")
    print("host_clock_10s_janky_frames \(janky)")
    print("host_clock_10s_average_fps \(fmt(Double(timings.count) / seconds))")
    print("host_clock_10s_group_fps_min \(fmt(groupFPS.min() ?? 0))")
    engine.stop()
}

// Launch by URL and preview hot reload (ShipBench.swift).
try minigameFirstFrameBench()
try previewHotReloadBench()

// 4. `termini snapshot` of the todo app: process start to the first frame's raster end, from --timings.
do {
    let folder = NSTemporaryDirectory() + "host-bench-todo-\(getpid())"
    try ProjectLoader.load(folder: "Templates/todo").writeFolder(to: folder)
    var firstFrame: [Double] = []
    var wall: [Double] = []
    for i in 0..<11 {
        let run = try SnapshotRun(folder: folder, timings: folder + "/timings-\(i).jsonl")
        guard let ms = run.millisecondsTo(run.frames.first) else { continue }
        if i == 0 { continue }  // the first run warms the file cache
        firstFrame.append(ms)
        wall.append(Double(run.exit - run.spawn) / 1e6)
    }
    print("host_snapshot_todo_first_frame_ms \(fmt(median(firstFrame)))")
    print("host_snapshot_todo_process_ms \(fmt(median(wall)))")
    try? FileManager.default.removeItem(atPath: folder)
}

// 5. navigateTo + navigateBack x 1,000 (NavigationBench.swift), and preload's time to data on screen (PreloadBench.swift).
try navigationMemoryBench()
try preloadBench()
