import TerminiTemplate

/// What `getSystemInfo` reports. The host fills it from the live terminal and the running bundle.
public struct SystemInfo: Equatable, Sendable {
    public var terminalWidth: Int
    public var terminalHeight: Int
    /// Colours the terminal can show (8, 256, or 16,777,216 for true colour).
    public var colors: Int
    public var engineVersion: String
    /// The running bundle's manifest version.
    public var appVersion: String

    public init(terminalWidth: Int, terminalHeight: Int, colors: Int, engineVersion: String, appVersion: String) {
        self.terminalWidth = terminalWidth
        self.terminalHeight = terminalHeight
        self.colors = colors
        self.engineVersion = engineVersion
        self.appVersion = appVersion
    }
}

/// `getSystemInfo()` → `{terminalWidth, terminalHeight, colors, engineVersion, appVersion, platform: "linux"}`.
extension SystemInfo {
    static let command = CommandDefinition<CommandEnvironment>(name: "getSystemInfo", shape: CommandShape(
        "The terminal's size and colours and the engine's and app's versions.",
        result: [CommandField("terminalWidth", "number"), CommandField("terminalHeight", "number"),
                 CommandField("colors", "256 | 8"), CommandField("engineVersion", "string"),
                 CommandField("appVersion", "string"), CommandField("platform", "'linux'")])
    ) { environment, _, context in
        {
            let info = environment.systemInfo(context)
            return [
                "terminalWidth": .number(Double(info.terminalWidth)),
                "terminalHeight": .number(Double(info.terminalHeight)),
                "colors": .number(Double(info.colors)),
                "engineVersion": .string(info.engineVersion),
                "appVersion": .string(info.appVersion),
                "platform": "linux",
            ]
        }
    }
}
