import Foundation
import TestSupport
import TerminiTemplate
import TerminiUI
@testable import TerminiRuntime

/// Runs an in-memory mini-app headless, in process, and records its console: a fast way to observe lifecycle
/// hooks, bridge answers and the screen after each step.
///
/// Every page of the fixture shows `<page>: {{message}}`, a `Go` button (`go` handler) and a text field (or the
/// test's own `root` node, over its own initial `data`), and logs each lifecycle hook as `<page>.<hook>`; `go` calls
/// the test's `ACTION(pageName)`. `pageMembers` adds members to every page's definition (`name` is the page's), and
/// `keys` are app.json's key bindings.
final class EngineHarness {
    let session: SnapshotSession
    private let lines = LockedLines()
    let store = TemporaryFolder()

    init(pages: [String], action: String, extraScript: String = "", permissions: [String] = ["storage"],
         size: (Int, Int) = (60, 12), tabBar: TabBar? = nil, themes: ThemeSet = ThemeSet(), performanceHUD: Bool = false,
         root: String? = nil, data: String = "{ message: 'hello', draft: '' }", keys: [KeyBinding] = [],
         pageMembers: String = "", observers: [any EngineActivityObserver] = [], randomSeed: UInt32? = nil) throws
    {
        var templates: [String: TemplateFile] = [:]
        for page in pages {
            let source = "nav/pages/\(page).swift"
            let defaultRoot = #"""
            {"cls":"Column","loc":"\#(source):3:5","children":[
               {"cls":"Text","p1":"\#(page): {{message}}","loc":"\#(source):4:9"},
               {"cls":"Button","p1":"Go","onTap":"go","loc":"\#(source):5:9"},
               {"cls":"TextField","value":"{{draft}}","onChange":"onDraft","loc":"\#(source):6:9"}]}
            """#
            templates[page] = try TemplateFile(jsonText: #"""
            {"format":"termini.template/1","page":"\#(page)","title":"Title \#(page)","source":"\#(source)",
             "deps":["message","draft"], "root":\#(root ?? defaultRoot)}
            """#)
        }
        let list = pages.map { "'\($0)'" }.joined(separator: ", ")
        let script = """
        const log = (s) => console.log(s)
        const report = (p) => p.then(r => log('ok ' + r.errMsg), e => log('fail ' + e.errCode + ' ' + e.errMsg))
        \(action)
        \(extraScript)
        for (const name of [\(list)]) {
          Page(name, {
            data: \(data),
            onLoad(q) { log(name + '.onLoad ' + JSON.stringify(q)) },
            onShow(options) { log(name + '.onShow' + (options === undefined ? '' : ' ' + JSON.stringify(options))) },
            onReady() { log(name + '.onReady') },
            onHide() { log(name + '.onHide') },
            onUnload() { log(name + '.onUnload') },
            onDraft(e) { this.setData({ draft: e.detail.value }) },
            go() { ACTION.call(this, name) },
            \(pageMembers)
          })
        }
        """
        var manifest = BundleManifest(id: "nav", name: "Nav", version: "1.0.0", pages: pages, permissions: permissions)
        manifest.tabBar = tabBar
        manifest.themes = themes
        manifest.keys = keys
        let bundle = LoadedBundle(manifest: manifest, origin: "memory", script: script, scriptName: "nav/main.js",
                                  pages: templates)
        var options = EngineOptions()
        options.storeDirectory = store.path
        options.showPerformanceHUD = performanceHUD
        options.activityObservers = observers
        options.randomSeed = randomSeed
        let sink = lines
        options.console = { sink.append($0) }
        session = try SnapshotSession(bundle: bundle, width: size.0, height: size.1, options: options)
    }

    var engine: MiniAppEngine { session.engine }

    func start() {
        engine.start()
        session.settle()
    }

    /// Plays events-file lines (`key Tab`, `wait 300`, ...) and settles.
    func play(_ events: String) throws {
        for step in try EventScript.parse(events, file: "test") {
            if engine.isFinished { break }
            session.play(step)
        }
        session.settle()
    }

    /// Console lines without the `[log] ` prefix.
    var log: [String] { lines.value.map { $0.hasPrefix("[log] ") ? String($0.dropFirst(6)) : $0 } }

    /// Only the lifecycle hook lines, in order.
    var hooks: [String] { log.filter { $0.contains(".on") && !$0.hasPrefix("ok ") && !$0.hasPrefix("fail ") } }

    func clearLog() { lines.clear() }

    var screen: [String] { engine.screenText.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) }

    var pageNames: [String] { engine.stack.map(\.name) }

    deinit { engine.stop() }
}

final class LockedLines: @unchecked Sendable {
    private let lock = NSLock()
    private var lines: [String] = []
    func append(_ line: String) { lock.lock(); lines.append(line); lock.unlock() }
    func clear() { lock.lock(); lines.removeAll(); lock.unlock() }
    var value: [String] { lock.lock(); defer { lock.unlock() }; return lines }
}
