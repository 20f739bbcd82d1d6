// swift-tools-version: 6.1
// Termini: a dynamic UI engine for terminal mini-apps. Module roles and import direction are in docs/ARCHITECTURE.md.
import Foundation
import PackageDescription

/// Every sample project's pages become a library target so that `swift build` type-checks them against TerminiDSL.
/// The engine never runs these; `tplgen` reads them as syntax.
let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
let samplePageTargets: [Target] = {
    let templates = packageRoot.appendingPathComponent("Templates")
    let apps = (try? FileManager.default.contentsOfDirectory(atPath: templates.path)) ?? []
    return apps.sorted().compactMap { app in
        let folder = templates.appendingPathComponent(app)
        var isDir: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder.appendingPathComponent("pages").path, isDirectory: &isDir),
              isDir.boolValue else { return nil }
        // Pages and the components they use are one module, as in a project's own Package.swift. The folders are
        // ProjectLayout.declarationFolderNames, which this manifest cannot import (SampleTargetsFollowTheProjectLayoutTests).
        let sources = ["pages", "components"].filter {
            FileManager.default.fileExists(atPath: folder.appendingPathComponent($0).path)
        }
        let other = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { !sources.contains($0) }
        return .target(name: "SamplePages_\(app)", dependencies: ["TerminiDSL"], path: "Templates/\(app)",
                       exclude: other + sources.flatMap { dir in
                           ((try? FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent(dir).path)) ?? [])
                               .filter { !$0.hasSuffix(".swift") }.map { "\(dir)/\($0)" }
                       },
                       sources: sources)
    }
}()

let package = Package(
    name: "Termini",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "tplgen", targets: ["tplgen"]),
        // Installed side by side: `termini` runs apps in a small process and hands every other command to
        // `termini-tools`, which holds the authoring tools, the server and the benchmarks (docs/ARCHITECTURE.md).
        .executable(name: "termini", targets: ["termini"]),
        .executable(name: "termini-tools", targets: ["termini-tools"]),
        // What a host program links to run bundles: no swift-syntax (docs/EMBEDDING.md).
        .library(name: "TerminiRuntime", targets: ["TerminiRuntime"]),
        .executable(name: "embed-example", targets: ["embed-example"]),
        .library(name: "TerminiDSL", targets: ["TerminiDSL"]),
    ],
    dependencies: [
        .package(url: "https://github.com/swiftlang/swift-syntax", exact: "603.0.1"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-crypto", from: "3.12.3"),
        .package(url: "https://github.com/weichsel/ZIPFoundation", from: "0.9.20"),
        .package(url: "https://github.com/JohnSundell/Ink", from: "0.6.0"),
        .package(url: "https://github.com/apple/swift-collections", from: "1.6.0"),
        // WebSockets (connectSocket): the protocol, framing and TLS are swift-websocket's WSClient, over SwiftNIO.
        .package(url: "https://github.com/hummingbird-project/swift-websocket", from: "1.6.2"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
        // termini serve: SSH sessions (swift-nio-ssh) and browser sessions (Hummingbird, its WebSocket upgrade).
        .package(url: "https://github.com/apple/swift-nio-ssh", from: "0.15.1"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/hummingbird-project/hummingbird-websocket", from: "2.8.1"),
    ],
    targets: [
        .systemLibrary(name: "CJavaScriptCore", pkgConfig: "javascriptcoregtk-4.1",
                       providers: [.apt(["libjavascriptcoregtk-4.1-dev"])]),
        .systemLibrary(name: "CNcurses", pkgConfig: "ncursesw", providers: [.apt(["libncurses-dev"])]),
        .systemLibrary(name: "CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]),
        .systemLibrary(name: "CMalloc"),
        .systemLibrary(name: "CInflate", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),

        // Deque: a long list's per-row arrays (packed rows' spans, a ListView's keys and rows) change at either end
        // in the time the change takes, not the list's length.
        .target(name: "TerminiTemplate", dependencies: [.product(name: "DequeModule", package: "swift-collections")]),
        // Time, wake-ups and locks shared by every thread: the one monotonic clock, the self-pipe wake signal and
        // `Locked`, the pthread-mutex lock ThreadSanitizer understands.
        .target(name: "TerminiClock"),
        .target(name: "TerminiDSL"),
        .target(name: "TemplateCompiler", dependencies: [
            "TerminiTemplate",
            .product(name: "SwiftSyntax", package: "swift-syntax"),
            .product(name: "SwiftParser", package: "swift-syntax"),
            .product(name: "SwiftParserDiagnostics", package: "swift-syntax"),
            .product(name: "SwiftDiagnostics", package: "swift-syntax"),
        ]),
        .target(name: "TerminiScript", dependencies: ["TerminiTemplate", "TerminiClock", "CJavaScriptCore"],
                // The prelude, one file per concern (Sources/TerminiScript/Prelude.swift joins them in order).
                resources: [
                    .embedInCode("Prelude/core.js"),
                    .embedInCode("Prelude/console.js"),
                    .embedInCode("Prelude/data.js"),
                    .embedInCode("Prelude/timers.js"),
                    .embedInCode("Prelude/bridge.js"),
                    .embedInCode("Prelude/streams.js"),
                    .embedInCode("Prelude/sync-storage.js"),
                    .embedInCode("Prelude/app-and-page.js"),
                    .embedInCode("Prelude/fixed-clock.js"),
                    .embedInCode("Prelude/components.js"),
                    .embedInCode("Prelude/modules.js"),
                    .embedInCode("Prelude/big-buffers.js"),
                    .embedInCode("Prelude/globals.js"),
                    .embedInCode("Prelude/host-api.js"),
                ]),
        // HTTP for the request commands and the registry client: libcurl through dlopen on the first transfer, so a
        // process that makes no request never loads it (Sources/CCurl/include/CCurl.h). curl.h is only read for types.
        .target(name: "CCurl", linkerSettings: [.linkedLibrary("dl")]),
        .target(name: "TerminiHTTP", dependencies: ["CCurl"]),
        .target(name: "TerminiBridge", dependencies: [
            "TerminiTemplate", "TerminiClock", "CSQLite", "TerminiHTTP",
            .product(name: "WSClient", package: "swift-websocket"),
            .product(name: "NIOCore", package: "swift-nio"),
            .product(name: "NIOWebSocket", package: "swift-nio"),
            .product(name: "Logging", package: "swift-log"),
            .product(name: "HTTPTypes", package: "swift-http-types"),
        ]),
        // Ink parses the Markdown widget's text (CommonMark to HTML, which MarkdownLayout turns into styled lines).
        // Below the widgets: cells, the cell buffer and its diff, colours, and input events. The terminal and the frame
        // writers draw with it without knowing any widget.
        .target(name: "TerminiCanvas", dependencies: ["TerminiTemplate", "TerminiClock"]),
        .target(name: "TerminiUI", dependencies: ["TerminiCanvas", "TerminiTemplate", "TerminiClock", .product(name: "Ink", package: "Ink"),
                                                  .product(name: "DequeModule", package: "swift-collections")]),
        .target(name: "TerminiTerminal", dependencies: ["TerminiCanvas", "TerminiClock", "CNcurses"]),
        .target(name: "TerminiFrames", dependencies: ["TerminiCanvas", "TerminiClock"]),
        // Runs bundles: script, bridge, UI, terminal, frames, bundle verification, install and store. Never links the
        // TemplateCompiler (swift-syntax): hosts that only run bundles stay small.
        .target(name: "TerminiRuntime", dependencies: [
            "TerminiTemplate", "TerminiClock", "TerminiScript", "TerminiBridge", "TerminiHTTP", "TerminiUI", "TerminiTerminal", "TerminiFrames",
            "CInflate",
            .product(name: "Crypto", package: "swift-crypto"),
            .product(name: "ZIPFoundation", package: "ZIPFoundation"),
        ]),
        // The author's tools on top of the runtime: project folders with pages/*.swift, pack's compile step, preview
        // with hot reload, the gallery of embedded sample projects, `termini check` and the editor types.
        .target(name: "TerminiAuthoring", dependencies: [
            "TerminiRuntime", "TemplateCompiler", "TerminiTemplate", "TerminiBridge", "TerminiClock", "TerminiFrames", "TerminiTerminal",
            "TerminiUI", "TerminiScript",
        ]),
        // The keyed-list and idle benchmarks: a pty, a VT emulator that checks every frame, and the report.
        .target(name: "TerminiBench", dependencies: [
            "TerminiRuntime", "TerminiScript", "TerminiTemplate", "TerminiClock", "TerminiFrames", "TerminiTerminal", "TerminiUI", "CMalloc",
        ]),
        // `termini serve`: apps over SSH and in the browser, each session a `termini run` child process on a
        // pseudo-terminal of its own.
        .target(name: "TerminiServe", dependencies: [
            "TerminiRuntime", "TerminiClock",
            .product(name: "NIOCore", package: "swift-nio"),
            .product(name: "NIOPosix", package: "swift-nio"),
            .product(name: "NIOHTTP1", package: "swift-nio"),
            .product(name: "Logging", package: "swift-log"),
            .product(name: "NIOSSH", package: "swift-nio-ssh"),
            .product(name: "Crypto", package: "swift-crypto"),
            .product(name: "Hummingbird", package: "hummingbird"),
            .product(name: "HummingbirdCore", package: "hummingbird"),
            .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
        ]),
        .executableTarget(name: "tplgen", dependencies: [
            "TemplateCompiler", "TerminiUI", "TerminiTerminal",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),
        .executableTarget(name: "render-bench", dependencies: ["TerminiUI"], path: "Tools/bench/render"),
        // `termini run`'s command and what the other commands share with it: the engine's options, the console, the
        // launch's registry updates, the CLI's error shape. No page compiler, server or benchmarks: the launcher links it.
        .target(name: "TerminiLaunch", dependencies: [
            "TerminiRuntime", "TerminiTerminal", "TerminiFrames",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),
        // The launcher: `termini run` of an installed app, an archive or a bundle folder, in a process whose smaller
        // executable dirties fewer pages at start; anything else it execs `termini-tools` next to it for.
        .executableTarget(name: "termini", dependencies: [
            "TerminiLaunch", "TerminiRuntime", "TerminiFrames", "TerminiTerminal",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),
        // Every command (`run` too, for project folders and help), still named `termini` in its usage and messages.
        .executableTarget(name: "termini-tools", dependencies: [
            "TerminiLaunch", "TerminiRuntime", "TerminiAuthoring", "TerminiBench", "TerminiTerminal", "TerminiBridge", "TerminiFrames",
            "TerminiServe",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),

        // A host program that embeds only the runtime library product (docs/EMBEDDING.md).
        .executableTarget(name: "embed-example", dependencies: ["TerminiRuntime"], path: "Examples/embed-example"),

        .executableTarget(name: "host-bench", dependencies: ["TerminiRuntime", "TerminiAuthoring", "TerminiClock", "TerminiFrames",
                                                             "TerminiTerminal", "TerminiUI"],
                          path: "Tools/bench/host"),
        .executableTarget(name: "script-bench", dependencies: ["TerminiScript", "TerminiClock"], path: "Tools/bench/script"),
        .executableTarget(name: "storage-writer", dependencies: ["TerminiBridge"], path: "Tools/storage-writer"),
        .executableTarget(name: "services-bench", dependencies: ["TerminiBridge"], path: "Tools/bench/services"),
        // The fuzz targets (Fuzz/README.md): a replay tool in a normal build, libFuzzer targets under Scripts/fuzz.
        // TerminiRuntime re-exports TerminiTemplate and TerminiTerminal; TemplateCompiler is there for `tplgen`.
        .executableTarget(name: "termini-fuzz", dependencies: ["TerminiRuntime", "TemplateCompiler", "TerminiUI"],
                          path: "Fuzz/Targets"),

        // Spawns and reaps the child processes that tests drive (built binaries, tmux, swiftc).
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        .testTarget(name: "TerminiTemplateTests", dependencies: ["TerminiTemplate"]),
        .testTarget(name: "TerminiUITests", dependencies: ["TerminiUI"]),
        .testTarget(name: "TerminiBridgeTests", dependencies: ["TerminiBridge", "TerminiClock", "TestSupport"],
                    exclude: ["Support/websocket_server.py"]),
        .testTarget(name: "TerminiScriptTests", dependencies: ["TerminiScript", "TerminiClock", "CJavaScriptCore"]),
        .testTarget(name: "TerminiRuntimeTests", dependencies: ["TerminiRuntime", "TestSupport", "CMalloc"]),
        .testTarget(name: "TerminiAuthoringTests", dependencies: ["TerminiAuthoring", "TerminiRuntime", "TestSupport"]),
        .testTarget(name: "TerminiBenchTests", dependencies: ["TerminiBench"]),
        .testTarget(name: "TemplateCompilerTests", dependencies: ["TemplateCompiler", "TerminiUI", "TestSupport"],
                    resources: [.copy("Fixtures")]),
        .testTarget(name: "TerminiTerminalTests", dependencies: ["TerminiTerminal", "TerminiClock", "TerminiUI"]),
        .testTarget(name: "TerminiFramesTests", dependencies: ["TerminiFrames", "TerminiClock", "TerminiTerminal", "TerminiUI"]),
        .testTarget(name: "TerminiServeTests", dependencies: ["TerminiServe"]),
        .testTarget(name: "EndToEndTests", dependencies: ["TestSupport"]),
        .testTarget(name: "SamplePagesTests",
                    dependencies: ["TemplateCompiler", "TestSupport"] + samplePageTargets.map { .target(name: $0.name) }),
    ] + samplePageTargets
)
