// embed-example: a host program that embeds the Termini runtime, as docs/EMBEDDING.md explains step by step.
//
//     embed-example <bundle-folder> [--size WxH]
//
// It registers one command of its own, `hostGreeting`, runs the bundle headless until it settles, and prints the
// final screen. It links only the `TerminiRuntime` product: no page compiler, so the bundle ships compiled pages.
import Foundation
import TerminiRuntime

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("embed-example: error: \(message)\n".utf8))
    exit(1)
}

// 0. Prepare JavaScriptCore on the main thread, before anything else (its garbage collector's timers need it).
MiniAppEngine.prepareProcess()

// 1. Arguments: the bundle folder (manifest.json, main.js, pages/*.json) and the screen size (default 80x24).
var arguments = Array(CommandLine.arguments.dropFirst())
var size = (width: 80, height: 24)
if let flag = arguments.firstIndex(of: "--size") {
    guard flag + 1 < arguments.count, let parsed = EventScript.parseSize(arguments[flag + 1]) else {
        fail("--size must look like 80x24 (1-1000 each)")
    }
    size = parsed
    arguments.removeSubrange(flag...(flag + 1))
}
guard arguments.count == 1, let folder = arguments.first, !folder.hasPrefix("-") else {
    fail("usage: embed-example <bundle-folder> [--size WxH]")
}

// 2. Load the bundle: the manifest, the entry script and every page template, each checked.
let bundle: LoadedBundle
do { bundle = try BundleResolver.load(folder) } catch { fail("\(error)") }

// 3. The host's own command. JS calls `bridge.invoke('hostGreeting', {})`; no permission is needed. The handler
//    runs on the JS thread (the default `.script` thread) and answers at once.
let hostGreeting = CommandRegistration(name: "hostGreeting") { _, _, reply in
    reply.succeed(["text": "hello from the host"])
}

// 4. Engine options: script console lines go to standard error; no store folder, so no storage commands.
var options = EngineOptions()
options.storeDirectory = nil
options.console = { line in FileHandle.standardError.write(Data((line + "\n").utf8)) }

// 5. Run headless: start the app, wait until the script and the frames are idle, and take the screen.
do {
    let session = try SnapshotSession(bundle: bundle, width: size.width, height: size.height, options: options,
                                      commands: [hostGreeting])
    print(session.run(steps: []))
} catch {
    fail("\(error)")
}
