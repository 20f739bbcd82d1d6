import ArgumentParser
import TerminiRuntime

/// Options shared by `run`, `record` and `snapshot`: what to run and how the engine behaves.
public struct EngineArguments: ParsableArguments {
    /// Compiles a project folder's `pages/*.swift`. The launcher `termini` links no page compiler, so as to start
    /// small, and hands project folders to `termini-tools`, whose `main` sets this before parsing.
    public nonisolated(unsafe) static var projectLoader: ProjectFolderLoader?

    @Argument(help: "minigame://<id>/<page>?k=v (an installed app), a bundle archive (.zip, run without installing), a bundle folder (manifest.json) or a project folder (app.json).")
    public var target: String

    @Option(help: "Open this page instead of the app's first page.")
    var page: String?

    @Option(help: "Query string passed to the page's onLoad, e.g. 'id=3&mode=edit'.")
    var query: String?

    @Option(help: "Write one JSON line per frame to this file.")
    var timings: String?

    @Option(help: "Store folder for installed apps and app storage (default: $XDG_DATA_HOME/termini).")
    public var store: String?

    @Option(name: .customLong("data-dir"), help: ArgumentHelp("Folder for the app's storage and files, apart from the store it is installed in (default: the store). termini serve gives each user one.", valueName: "dir"))
    var dataDirectory: String?

    @Option(help: ArgumentHelp("A trusted public key for running a .zip (repeatable; <store>/trusted/*.pub are trusted too).", valueName: "prefix.pub"))
    var trust: [String] = []

    @Flag(help: "Run an unsigned or untrusted .zip (development only; hashes, paths and limits are still checked).")
    var dev = false

    @Option(help: "Maximum frames per second (1-1000).")
    var fps: Int = 60

    @Option(name: .customLong("script-limit"), help: "Seconds one script call may run before it is stopped.")
    var scriptLimit: Double = 1

    @Option(name: .customLong("script-memory"), help: ArgumentHelp("MB the script's heap may use; a call that grows it past this is stopped (0: no limit).", valueName: "MB"))
    var scriptMemory: Int = 256

    public init() {}

    public func validate() throws {
        guard (1...1000).contains(fps) else { throw ValidationError("--fps must be between 1 and 1000, got \(fps)") }
        guard (0...1_048_576).contains(scriptMemory) else {
            throw ValidationError("--script-memory must be between 0 (no limit) and 1048576 MB, got \(scriptMemory)")
        }
        guard scriptLimit > 0, scriptLimit <= 3600 else {
            throw ValidationError("--script-limit must be between 0 and 3600 seconds, got \(scriptLimit)")
        }
    }

    /// The engine options these arguments ask for, with console output going to `console`.
    public func engineOptions(console: @escaping @Sendable (String) -> Void) -> EngineOptions {
        var options = EngineOptions()
        options.framesPerSecond = fps
        options.scriptLimit = .milliseconds(Int(scriptLimit * 1000))
        options.scriptMemoryLimit = scriptMemory == 0 ? nil : scriptMemory
        options.timingsPath = timings
        options.console = console
        if let store { options.storeDirectory = store }
        if let dataDirectory { options.storeDirectory = dataDirectory }
        return options
    }

    /// `a=1&b=two` as a dictionary; percent-escapes are decoded.
    var queryItems: [String: String] { LaunchTarget.parseQuery(query ?? "") }

    /// The store `--store` names, or the default one.
    public var appStore: AppStore { AppStore(root: store ?? AppStore.defaultRoot()) }

    /// Resolves the target (URL, archive or folder) into a loaded bundle, or a clear error.
    public func prepareLaunch() throws -> PreparedLaunch {
        let keys = try trust.map { path throws in try BundlePublicKey.load(path: path) }
        let preparer = LaunchPreparer(store: appStore, archivePolicy: ArchiveRunPolicy(trustedKeys: keys, skipSignatureCheck: dev),
                                      projectLoader: Self.projectLoader)
        do { return try preparer.prepare(target, page: page, query: queryItems) } catch {
            throw CLIError(error.description)
        }
    }
}
