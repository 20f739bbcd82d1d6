import Foundation

/// How the engine runs: frame rate, script limit, HUD, timing log, watchdog threshold, console destination.
public struct EngineOptions: Sendable {
    /// Maximum frames per second (`--fps`).
    public var framesPerSecond: Int = 60
    /// Longest a single script call may run before JSC terminates it (`--script-limit`).
    public var scriptLimit: Duration = .seconds(1)
    /// Draw the FPS and frame-time HUD (`--perf`).
    public var showPerformanceHUD = false
    /// Write one JSON line per frame here (`--timings`).
    public var timingsPath: String?
    /// Report a UI or JS thread that misses its heartbeat for this long.
    public var stallThreshold: Duration = .seconds(1)
    /// The store folder: app storage lives in `<store>/storage.sqlite`. Nil runs without storage commands.
    public var storeDirectory: String? = StoreLocation.defaultDirectory
    /// Receives console output, warnings and stall reports. Interactive runs must not write to the terminal.
    public var console: @Sendable (String) -> Void = { _ in }

    public init() {}
}

/// The engine's version, reported by `getSystemInfo` and checked against bundles' `engine` requirement.
public enum EngineVersion {
    public static let current = "0.1.0"
}

/// Where installed apps and their storage live by default: `$XDG_DATA_HOME/termini`, else `~/.local/share/termini`.
public enum StoreLocation {
    public static var defaultDirectory: String {
        let env = ProcessInfo.processInfo.environment
        if let xdg = env["XDG_DATA_HOME"], !xdg.isEmpty { return (xdg as NSString).appendingPathComponent("termini") }
        let home = env["HOME"] ?? NSHomeDirectory()
        return (home as NSString).appendingPathComponent(".local/share/termini")
    }
}
