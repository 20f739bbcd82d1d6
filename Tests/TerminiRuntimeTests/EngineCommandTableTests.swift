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
        // The engine binds its whole declared table, each command on its declared thread, and the host's beside it.
        let declared = EngineCommandTable.definitions
        #expect(engine.router.commandNames == (declared.map(\.name) + ["hostGreeting"]).sorted())
        for definition in declared { #expect(engine.router.thread(of: definition.name) == definition.thread, "\(definition.name)") }
        #expect(engine.commandSignatures == (try MiniAppEngine.registeredCommands(hostCommands: [host.signature])),
                "the tools' table is the engine's")
        // Navigation, overlays and anything touching the screen run on the UI thread; storage and the network do not.
        for name in ["navigateTo", "showModal", "focus", "setTheme", "setClipboardData", "applyUpdate", "scrollTo"] {
            #expect(engine.router.thread(of: name) == .ui, "\(name)")
        }
        for name in ["getStorage", "request", "connectEventSource", "getSystemInfo", "getPreloadedData"] {
            #expect(engine.router.thread(of: name) == .script, "\(name)")
        }
    }

    @Test func anEngineWithoutAStoreLeavesOutTheStoreServicesOnly() throws {
        var options = EngineOptions()
        options.storeDirectory = nil
        let engine = try MiniAppEngine(bundle: try bundle(), backend: HeadlessBackend(width: 20, height: 5), options: options)
        defer { engine.stop() }
        let missing = Set(EngineCommandTable.definitions.map(\.name)).subtracting(engine.router.commandNames)
        #expect(missing == Set(BuiltinCommands.definitions.map(\.name)))
    }

    @Test func theToolsTableRefusesAHostCommandWithABuiltInName() {
        #expect(throws: DuplicateCommandError(name: "showModal")) {
            try MiniAppEngine.registeredCommands(hostCommands: [CommandSignature(name: "showModal", permission: nil, shape: .undescribed)])
        }
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
