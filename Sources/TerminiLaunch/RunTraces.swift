import Foundation
import TerminiRuntime
import TerminiTerminal

/// `termini run`'s flight recorder: one recorder per engine, the automatic trace when the script fails (in the
/// store's trace folder for the app), the `--trace FILE` written on exit, and the lines that tell where they went.
struct RunTraces {
    let explicitPath: String?
    let enabled: Bool
    /// The target as given, made absolute when it is a file or folder, so a replay from elsewhere finds it.
    let target: String
    let console: @Sendable (String) -> Void
    private var recorder: FlightRecorder?
    private var automatic: AutomaticTrace?
    private var finished = false

    init(explicitPath: String?, enabled: Bool, target: String, console: @escaping @Sendable (String) -> Void) {
        self.explicitPath = explicitPath
        self.enabled = enabled
        self.target = FileManager.default.fileExists(atPath: target)
            ? URL(fileURLWithPath: target).standardizedFileURL.path : target
        self.console = console
    }

    /// The observers for the next engine (a restart after `applyUpdate` starts a new recording).
    mutating func observers(for bundle: LoadedBundle, store: String?) -> [any EngineActivityObserver] {
        guard enabled else { return [] }
        let recorder = FlightRecorder(target: target)
        self.recorder = recorder
        var observers: [any EngineActivityObserver] = [recorder]
        if let store {
            let automatic = AutomaticTrace(recorder: recorder, store: store, appId: bundle.manifest.id, console: console)
            self.automatic = automatic
            observers.append(automatic)
        }
        // A crash the process can catch (a fault, an abort, a runtime trap) ends it without `finish`: its handler
        // writes the trace where a script error or `--trace` would have.
        let crashPaths = [automatic?.path, explicitPath].compactMap { $0 }
        CrashReport.lastWords = { [recorder] in
            for path in crashPaths where (try? recorder.write(to: path)) != nil {
                writeToStandardError("termini: the trace is in \(path) (replay it: termini replay \(path))")
            }
        }
        return observers
    }

    /// Writes `--trace FILE` and returns the lines for standard error: where each trace went. Once.
    mutating func finish() -> [String] {
        guard !finished else { return [] }
        finished = true
        var lines: [String] = []
        if let automatic, automatic.wasWritten {
            lines.append("the script failed; its trace is \(automatic.path) (replay it: termini replay \(automatic.path))")
        }
        if let explicitPath, let recorder {
            do {
                try recorder.write(to: explicitPath)
                console("[trace] written to \(explicitPath)")
                lines.append("trace written to \(explicitPath) (replay it: termini replay \(explicitPath))")
            } catch {
                lines.append("\(error)")
            }
        }
        return lines
    }
}
