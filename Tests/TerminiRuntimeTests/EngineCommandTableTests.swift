import Foundation
import TestSupport
import Testing
@testable import TerminiRuntime

/// Every command the engine answers is registered with its `CommandRouter`, navigation and overlays included, and a
/// host's own command joins the same table.
@Suite struct EngineCommandTableTests {
    func bundle() throws -> LoadedBundle {
        let template = try TemplateFile(jsonText: #"{"format":"termini.template/1","page":"index","source":"demo/pages/index.swift","root":{"cls":"Text","p1":"hi"}}"#)
        return LoadedBundle(manifest: BundleManifest(id: "demo", name: "Demo", version: "1.0.0", pages: ["index"]),
                            origin: "memory", script: "Page('index', {})", scriptName: "demo/main.js", pages: ["index": template])
    }

    @Test func theRouterHoldsEveryCommandWithItsThread() throws {
        let store = TemporaryFolder()
        var options = EngineOptions()
        options.storeDirectory = store.path
        let host = CommandRegistration(name: "hostGreeting") { _, _, reply in reply.succeed(["text": "hello"]) }
        let engine = try MiniAppEngine(bundle: try bundle(), backend: HeadlessBackend(width: 20, height: 5), options: options,
                                       commands: [host])
        defer { engine.stop() }
        let ui = ["navigateTo", "redirectTo", "navigateBack", "reLaunch", "switchTab", "setNavigationBarTitle", "exitMiniApp",
                  "showToast", "hideToast", "showModal", "showActionSheet", "showLoading", "hideLoading", "scrollTo", "loadMoreDone", "focus", "blur", "validate",
                  "applyUpdate", "setTheme", "getTheme", "setClipboardData"]
        let script = ["hostGreeting", "getPreloadedData", "setStorage", "getStorage", "removeStorage", "clearStorage",
                      "getStorageInfo", "request", "connectEventSource", "getSystemInfo"]
        #expect(engine.router.commandNames == (ui + script).sorted())
        for name in ui { #expect(engine.router.thread(of: name) == .ui, "\(name)") }
        for name in script { #expect(engine.router.thread(of: name) == .script, "\(name)") }
    }

    @Test func aHostCommandCannotTakeABuiltInName() throws {
        var options = EngineOptions()
        options.storeDirectory = nil
        let clash = CommandRegistration(name: "showModal") { _, _, reply in reply.succeed() }
        let error = #expect(throws: DuplicateCommandError.self) {
            _ = try MiniAppEngine(bundle: try bundle(), backend: HeadlessBackend(width: 20, height: 5), options: options,
                                  commands: [clash])
        }
        #expect(error?.description == "command 'showModal' is registered twice")
    }
}
