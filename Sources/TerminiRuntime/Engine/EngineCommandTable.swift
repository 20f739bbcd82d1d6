import TerminiBridge
import TerminiFrames
import TerminiTerminal

/// A command of the engine's own table, written against the engine's services.
typealias EngineCommand = CommandDefinition<EngineServices>

/// What the engine's commands work with, bound once when the engine starts.
///
/// The parts are unowned: the router holding the bound commands is reached from the script thread through the
/// script inbox, so strong references would keep the engine's parts alive after the engine is gone
/// (EngineReleaseTests). The engine owns them and outlives its router.
struct EngineServices: @unchecked Sendable {
    unowned let navigator: Navigator
    unowned let overlays: OverlayPresenter
    unowned let backend: any TerminalBackend
    let scheduler: FrameScheduler
    let preload: PreloadStore
    let updates: AppUpdateHandoff
    /// The running bundle: its assets and its manifest's domains.
    let bundle: LoadedBundle
    /// The storage, network and system services; nil when the engine has no store, which leaves out their commands.
    let environment: CommandEnvironment?
}

/// Every command an engine answers besides its host's: one list, which the engine binds to its services and the
/// tools read for the signatures (`MiniAppEngine.builtInCommandSignatures`), so both see the same table.
enum EngineCommandTable {
    static let definitions: [EngineCommand] =
        BuiltinCommands.definitions.map { $0.lifted { $0.environment } }
        + [PreloadStore.command, ReadAssetCommand.command, OpenURLCommand.command]
        + Navigator.commands
        + OverlayPresenter.commands
        + ListCommands.definitions
        + FocusCommands.definitions
        + ThemeCommands.definitions
        + ClipboardCommands.definitions
        + [AppUpdateHandoff.command]
}
