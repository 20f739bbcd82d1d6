import Foundation
import TerminiRuntime

/// What every session of one server shares, over SSH and in the browser: the configuration, the store and the
/// registry of live sessions; and how a session's `termini run` child is started.
public final class SessionEnvironment: Sendable {
    public let configuration: ServeConfiguration
    public let registry: SessionRegistry
    let store: AppStore

    public init(configuration: ServeConfiguration, registry: SessionRegistry) {
        self.configuration = configuration
        self.registry = registry
        store = AppStore(root: configuration.store)
    }

    /// The ids of the apps installed in the store, sorted.
    var installedApps: [String] { store.list().map(\.id).sorted() }

    /// The app's name from its current version's manifest, else its id: the browser page's title.
    func title(of app: String) -> String {
        guard let installed = store.list().first(where: { $0.id == app }),
              let data = FileManager.default.contents(atPath: store.versionFolder(app, installed.currentVersion) + "/manifest.json"),
              let manifest = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              let name = manifest["name"] as? String, !name.isEmpty
        else { return app }
        return name
    }

    /// The folder for a user's app storage and files: by key fingerprint, so one key always finds its own data and
    /// never another's; nil (with `--open`) gives a fresh folder that the session removes when it ends.
    func dataFolder(keyFingerprint: String?) -> (path: String, temporary: Bool) {
        if let keyFingerprint {
            return (configuration.store + "/users/" + SSHKeyFingerprint.folderName(keyFingerprint), false)
        }
        return (configuration.store + "/sessions/" + UUID().uuidString, true)
    }

    /// The child's whole environment: TERM from the client's pty request, and only the server's own settings that a
    /// terminal program needs (locale, terminfo, PATH). Nothing the client sends reaches it.
    func childEnvironment(term: String, home: String) -> [String: String] {
        let server = ProcessInfo.processInfo.environment
        var environment = ["TERM": term, "HOME": home, "LANG": server["LANG"] ?? "C.UTF-8"]
        let passed = ["PATH", "LC_ALL", "LC_CTYPE", "TERMINFO", "TERMINFO_DIRS",
                      "ASAN_OPTIONS", "LSAN_OPTIONS", "TSAN_OPTIONS", "JSC_usePollingTraps", "SWIFT_BACKTRACE"]
        for name in passed { if let value = server[name] { environment[name] = value } }
        return environment
    }

    /// Starts `app` as a `termini run` child on a pty of `size`, with its storage in `folder`.
    func startChild(app: String, term: String, size: (width: Int, height: Int), folder: String,
                    output: @escaping @Sendable ([UInt8]) -> Void,
                    exited: @escaping @Sendable (Int32) -> Void) throws -> PseudoTerminalChild {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let arguments = ["run", "minigame://\(app)", "--store", configuration.store, "--data-dir", folder] + configuration.runArguments
        return try PseudoTerminalChild(executable: configuration.terminiExecutable, arguments: arguments,
                                       environment: childEnvironment(term: term, home: folder),
                                       width: size.width, height: size.height, output: output, exited: exited)
    }

    /// The exit code a wait status stands for, as a shell reports it (128 + the signal for a killed child).
    static func exitCode(_ status: Int32) -> Int {
        (status & 0x7F) == 0 ? Int((status >> 8) & 0xFF) : 128 + Int(status & 0x7F)
    }
}
