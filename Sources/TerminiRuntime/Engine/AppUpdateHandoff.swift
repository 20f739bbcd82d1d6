import Foundation
import TerminiBridge
import TerminiScript
import TerminiTemplate

/// WeChat's update manager between the host's background update check and the app: tells the script
/// `onUpdateReady({version})` once a new version is installed for the next launch, and answers `applyUpdate` by
/// ending this run so that the host restarts the app on it (docs/JS-API.md, docs/COMMANDS.md).
///
/// The check runs on its own thread and may finish before the script has even loaded, so the notice waits until
/// `attach` (called after `App()` ran) and is delivered once.
final class AppUpdateHandoff: @unchecked Sendable {
    private let lock = NSLock()
    private var runtime: ScriptRuntime?
    private var readyNotice: AppUpdateNotice?
    private var delivered = false
    private var restart = false

    /// The update the host installed for the next launch, if any.
    var ready: String? {
        lock.lock(); defer { lock.unlock() }
        return readyNotice?.version
    }

    /// Set once `applyUpdate` succeeded: the host should start the app again.
    var restartRequested: Bool {
        lock.lock(); defer { lock.unlock() }
        return restart
    }

    private func requestRestart() {
        lock.lock(); restart = true; lock.unlock()
    }

    /// The script is running (its `App()` is registered): pending and later notices go to it.
    func attach(_ runtime: ScriptRuntime) {
        lock.lock()
        self.runtime = runtime
        lock.unlock()
        deliver()
    }

    /// Any thread: another version was made current for the next launch.
    func installed(_ notice: AppUpdateNotice) {
        lock.lock()
        readyNotice = notice
        delivered = false
        lock.unlock()
        deliver()
    }

    private func deliver() {
        lock.lock()
        guard let runtime, let notice = readyNotice, !delivered else { lock.unlock(); return }
        delivered = true
        lock.unlock()
        var info: [String: JSONValue] = ["version": .string(notice.version)]
        if let reason = notice.reason { info["reason"] = .string(reason.rawValue) }
        runtime.callAppLifecycle(.updateReady, argument: .object(info))
    }

    /// `applyUpdate`: on the UI thread, so that the run ends before another frame. Fails with `.notFound` when no
    /// update is ready; else ends the engine's loop.
    static let command = EngineCommand(name: "applyUpdate", thread: .ui, shape: .applyUpdate) { services, _, _, reply in
        let updates = services.updates
        guard let version = updates.ready else {
            reply.fail(CommandError(.notFound, "no update is ready; wait for App.onUpdateReady"))
            return
        }
        updates.requestRestart()
        reply.succeed(["version": .string(version)])
        services.navigator.isFinished = true
    }
}

/// The update manager's host side, kept apart from the engine's own files.
extension MiniAppEngine {
    /// Any thread: the host installed `version` for the next launch; the app hears `onUpdateReady({version})`.
    public func updateInstalled(version: String) { updates.installed(AppUpdateNotice(version: version)) }

    /// Any thread: the host made another version current for the next launch; the app hears
    /// `onUpdateReady({version, reason})` (`reason` only when the version was not simply newer: `"withdrawn"`).
    public func updateInstalled(_ notice: AppUpdateNotice) { updates.installed(notice) }

    /// True after the app called `applyUpdate`: the run ended so that the host starts the new version now.
    public var restartRequested: Bool { updates.restartRequested }
}

extension SnapshotSession {
    /// See `MiniAppEngine.updateInstalled(version:)`.
    public func updateInstalled(version: String) { engine.updateInstalled(version: version) }

    /// See `MiniAppEngine.updateInstalled(_:)`.
    public func updateInstalled(_ notice: AppUpdateNotice) { engine.updateInstalled(notice) }

    /// See `MiniAppEngine.restartRequested`.
    public var restartRequested: Bool { engine.restartRequested }
}

/// `applyUpdate` as JavaScript sees it (docs/COMMANDS.md#updates).
extension CommandShape {
    static let applyUpdate = CommandShape(
        "Ends this run and starts the update that App.onUpdateReady announced.",
        result: [CommandField("version", "string")])
}
