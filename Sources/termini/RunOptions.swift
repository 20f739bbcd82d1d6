import ArgumentParser
import TerminiHost

/// Options shared by `run`, `snapshot` and `preview`: what to run and how the engine behaves.
struct EngineArguments: ParsableArguments {
    @Argument(help: "A bundle folder (manifest.json) or a project folder (app.json).")
    var target: String

    @Option(help: "Open this page instead of the app's first page.")
    var page: String?

    @Option(help: "Query string passed to the page's onLoad, e.g. 'id=3&mode=edit'.")
    var query: String?

    @Option(help: "Write one JSON line per frame to this file.")
    var timings: String?

    @Option(help: "Store folder for installed apps and app storage (default: $XDG_DATA_HOME/termini).")
    var store: String?

    @Option(help: "Maximum frames per second (1-1000).")
    var fps: Int = 60

    @Option(name: .customLong("script-limit"), help: "Seconds one script call may run before it is stopped.")
    var scriptLimit: Double = 1

    func validate() throws {
        guard (1...1000).contains(fps) else { throw ValidationError("--fps must be between 1 and 1000, got \(fps)") }
        guard scriptLimit > 0, scriptLimit <= 3600 else {
            throw ValidationError("--script-limit must be between 0 and 3600 seconds, got \(scriptLimit)")
        }
    }

    func engineOptions(console: @escaping @Sendable (String) -> Void) -> EngineOptions {
        var options = EngineOptions()
        options.framesPerSecond = fps
        options.scriptLimit = .milliseconds(Int(scriptLimit * 1000))
        options.timingsPath = timings
        options.console = console
        if let store { options.storeDirectory = store }
        return options
    }

    /// `a=1&b=two` as a dictionary; percent-escapes are decoded.
    var queryItems: [String: String] {
        var items: [String: String] = [:]
        for pair in (query ?? "").split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1)
            let key = String(parts[0]).removingPercentEncoding ?? String(parts[0])
            let value = parts.count > 1 ? (String(parts[1]).removingPercentEncoding ?? String(parts[1])) : ""
            items[key] = value
        }
        return items
    }
}
