// host-bench: launch by minigame:// URL and preview hot reload.
import Foundation
import TerminiAuthoring
import TerminiRuntime
import TerminiTemplate
import TerminiTerminal

/// Cold `termini snapshot minigame://todo` (installed in a fresh store, resolved by URL): process start to the
///    first frame's raster end, from --timings. Same method as the snapshot bench, plus the store lookup.
func minigameFirstFrameBench() throws {
    let folder = NSTemporaryDirectory() + "host-bench-url-\(getpid())"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let store = AppStore(root: folder + "/store")
    _ = try BundlePacker().pack(project: "Templates/todo", output: folder + "/todo.zip", key: nil)
    _ = try BundleInstaller(store: store, options: InstallOptions(skipSignatureCheck: true)).install(archivePath: folder + "/todo.zip")
    try store.markLaunchSucceeded("todo", version: "1.0.0")
    let termini = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("termini").path
    var firstFrame: [Double] = []
    for i in 0..<11 {
        let timings = folder + "/timings-\(i).jsonl"
        let p = Process()
        p.executableURL = URL(fileURLWithPath: termini)
        p.arguments = ["snapshot", "minigame://todo", "--size", "80x24", "--timings", timings, "--store", store.root]
        p.standardOutput = FileHandle.nullDevice
        p.standardError = FileHandle.nullDevice
        let spawn = clock.now()
        try p.run()
        p.waitUntilExit()
        // The first frame's line (the startup line before it has no raster end).
        guard let first = try String(contentsOfFile: timings, encoding: .utf8).split(separator: "\n")
                .first(where: { $0.hasPrefix("{\"frame\":") }),
              case .object(let o)? = try? JSONValue.parse(String(first)), let rasterEnd = o["raster_end_ns"]?.numberValue
        else { continue }
        if i == 0 { continue }  // the first run warms the file cache
        firstFrame.append((rasterEnd - Double(spawn)) / 1e6)
    }
    print("minigame_todo_first_frame_ms \(fmt(median(firstFrame)))")
    try? FileManager.default.removeItem(atPath: folder)
}

/// `termini preview` hot reload: save a changed declaration, then step the session (100 ms polling, as
///    interactive) until the terminal shows the change. Save to new frame on screen.
func previewHotReloadBench() throws {
    let folder = NSTemporaryDirectory() + "host-bench-preview-\(getpid())"
    try? FileManager.default.removeItem(atPath: folder)
    try FileManager.default.copyItem(atPath: "Templates/todo", toPath: folder)
    let page = folder + "/pages/index.swift"
    let source = try String(contentsOfFile: page, encoding: .utf8)
    let backend = HeadlessBackend(width: 80, height: 24)
    var options = EngineOptions()
    options.storeDirectory = nil
    let session = try PreviewSession(project: folder, backend: backend, options: options)
    session.start()
    let warm = clock.now()
    while !backend.screenText().contains("Todo (2)") && clock.now() - warm < 5_000_000_000 { session.step(maxWaitMilliseconds: 5) }
    var reload: [Double] = []
    for i in 0..<11 {
        let marker = "Edit\(i) ("
        try source.replacingOccurrences(of: "Text(\"Todo (", with: "Text(\"\(marker)").write(toFile: page, atomically: false, encoding: .utf8)
        let saved = clock.now()
        while !backend.screenText().contains(marker) && clock.now() - saved < 5_000_000_000 { session.step(maxWaitMilliseconds: 1) }
        reload.append(Double(clock.now() - saved) / 1e6)
        // Saves land at random points of the 100 ms polling cycle, as a person's would.
        usleep(UInt32.random(in: 0..<100_000))
    }
    session.stop()
    print("preview_hot_reload_ms \(fmt(median(reload)))")
    try? FileManager.default.removeItem(atPath: folder)
}
