import TerminiBridge
import TerminiScript

/// How the engine runs: frame rate, script limit, HUD, timing log, watchdog threshold, console destination.
public struct EngineOptions: Sendable {
    /// Maximum frames per second (`--fps`).
    public var framesPerSecond: Int = 60
    /// Longest a single script call may run before JSC terminates it (`--script-limit`).
    public var scriptLimit: Duration = .seconds(1)
    /// The JS heap's limit in MB (`--script-memory`); a call that grows it past this is terminated. Nil: none.
    public var scriptMemoryLimit: Int? = 256
    /// Draw the FPS and frame-time HUD (`--perf`).
    public var showPerformanceHUD = false
    /// Write one JSON line per frame here (`--timings`).
    public var timingsPath: String?
    /// Report a UI or JS thread that misses its heartbeat for this long.
    public var stallThreshold: Duration = .seconds(1)
    /// The store folder: app storage lives in `<store>/storage.sqlite`, app files in `<store>/files/<app id>/`. Nil
    /// runs without storage and file commands.
    public var storeDirectory: String? = AppStore.defaultRoot()
    /// The most a manifest's `quota` may raise an app's quota of files and storage to, in bytes (1 GB).
    public var maxQuotaBytes = 1024 * 1024 * 1024
    /// The script's `Date` starts at this epoch time in milliseconds and moves only as the host advances it
    /// (`termini snapshot --clock`); nil tells the real time.
    public var fixedClockStart: Double?
    /// Canned answers for `request` instead of the network (`termini snapshot --mock request=…`).
    public var requestFixtures: RequestFixtures?
    /// Told of everything the engine does (inputs, patches, bridge calls, clock reads, frames): the flight recorder
    /// and the inspector (`EngineActivityObserver`).
    public var activityObservers: [any EngineActivityObserver] = []
    /// The seed of the script's `Math.random`; nil: a new one for each run, told to the observers.
    public var randomSeed: UInt32?
    /// What the script's `Date.now()` tells instead of the real time (a replay's recorded reads); nil: the fixed
    /// clock when there is one, else the real time.
    public var dateNow: (@Sendable () -> Double)?
    /// Answers the script thread's commands (storage, request, system info) in place of the router: a replay's
    /// recorded answers. It returns the call's answer, or nil for a call the recording never saw answered (it stays
    /// pending). Nil: the router answers.
    public var recordedAnswers: (@Sendable (BridgeCall) -> CommandOutcome?)?
    /// Receives console output, warnings and stall reports. Interactive runs must not write to the terminal.
    public var console: @Sendable (String) -> Void = { _ in }

    /// Keys the host itself takes before the app (`termini preview`'s restart), listed in the `?` help after the
    /// engine's own.
    public var hostKeys: [(key: String, action: String)] = []

    public init() {}
}
