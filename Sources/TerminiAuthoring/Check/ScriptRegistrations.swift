import Foundation
import TerminiClock
import TerminiScript
import TerminiTemplate

/// What a project's main.js registers when its top level runs in JavaScriptCore: the app's methods, each page's
/// methods and initial data, and the errors and bridge calls made on the way. No page is created and no hook runs;
/// a bridge call is recorded and never answered.
struct ScriptRegistrations {
    /// A registered page: its method names and its initial `data`.
    struct PageObject {
        var methods: Set<String>
        var data: [String: JSONValue]
    }

    var appMethods: Set<String>?
    var pages: [String: PageObject] = [:]
    /// Each `Component()`'s method names.
    var components: [String: Set<String>] = [:]
    var errors: [ScriptError] = []
    var warnings: [String] = []
    /// Commands invoked while the top level ran, by name.
    var invokedAtLoad: [String] = []

    /// Runs `script` (named `fileName` in errors) and reads what it registered.
    static func read(script: String, fileName: String, modules: ScriptModules = ScriptModules(),
                     scriptLimit: Duration = .seconds(2)) -> ScriptRegistrations
    {
        let recorder = Recorder()
        var configuration = ScriptRuntime.Configuration(scriptLimit: scriptLimit)
        configuration.syncStorage = EmptyStorage()
        let runtime = ScriptRuntime(configuration: configuration, delegate: recorder)
        defer { runtime.shutdown() }
        runtime.load(script: script, fileName: fileName, modules: modules)
        runtime.waitUntilIdle(timeout: scriptLimit + .seconds(1),
                               criteria: IdleCriteria(timersDueWithin: .zero, ignoresRepeatingTimers: true, includesBridgeCalls: false))
        var result = ScriptRegistrations()
        if let described = runtime.describeRegistrations() {
            result.appMethods = described["app"]?.arrayValue.map { Set($0.compactMap(\.stringValue)) }
            for (name, methods) in described["components"]?.objectValue ?? [:] {
                result.components[name] = Set(methods.arrayValue?.compactMap(\.stringValue) ?? [])
            }
            for (name, page) in described["pages"]?.objectValue ?? [:] {
                result.pages[name] = PageObject(methods: Set(page["methods"]?.arrayValue?.compactMap(\.stringValue) ?? []),
                                                data: page["data"]?.objectValue?.dictionary ?? [:])
            }
        }
        recorder.state.withLock { state in
            result.errors = state.errors
            result.warnings = state.warnings
            result.invokedAtLoad = state.invokes
        }
        return result
    }

    /// Storage as a fresh install has it, so a top level that reads a setting with getStorageSync runs as it would
    /// on a first launch; what it writes is dropped with the check.
    struct EmptyStorage: ScriptSyncStorage {
        func read(key: String) throws(ScriptStorageError) -> String? { nil }
        func write(key: String, json: String) throws(ScriptStorageError) {}
    }

    /// Keeps what the script reports; answers nothing.
    final class Recorder: ScriptRuntimeDelegate {
        struct State {
            var errors: [ScriptError] = []
            var warnings: [String] = []
            var invokes: [String] = []
        }

        let state = Locked(State())
        func pageCreated(pageId: Int, name: String, initialData: JSONValue) {}
        func setData(pageId: Int, patches: [DataPatch], sequence: Int, answersInput: Bool) {}
        func invoke(_ call: BridgeCall) { state.withLock { $0.invokes.append(call.name) } }
        func scriptError(_ error: ScriptError) { state.withLock { $0.errors.append(error) } }
        func log(level: ScriptLogLevel, message: String) {}
        func warning(_ message: String) { state.withLock { $0.warnings.append(message) } }
    }
}
