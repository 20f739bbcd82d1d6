import TerminiBridge
import TerminiTemplate
import TerminiTerminal

/// The commands a bundle's script can call, read from a real engine's router so that the tools (`termini.d.ts`,
/// `termini check`) see exactly the table that runs, never a copy of it.
extension MiniAppEngine {
    /// Every command this engine answers: the built-in ones and the host's, with their permissions and shapes.
    public var commandSignatures: [CommandSignature] { router.signatures }

    /// The built-in commands plus `hostCommands`, as an engine registers them. Builds a throw-away engine on an
    /// empty page with a temporary store (so the storage commands are registered) and stops it.
    public static func registeredCommands(hostCommands: [CommandRegistration] = [], storeDirectory: String) throws
        -> [CommandSignature]
    {
        let template = try TemplateFile(jsonText: #"{"format":"termini.template/1","page":"index","source":"catalog","root":{"cls":"Text","p1":""}}"#)
        let bundle = LoadedBundle(manifest: BundleManifest(id: "catalog", name: "Catalog", version: "0.0.0", pages: ["index"]),
                                  origin: "memory", script: "", scriptName: "catalog.js", pages: ["index": template])
        var options = EngineOptions()
        options.storeDirectory = storeDirectory
        let engine = try MiniAppEngine(bundle: bundle, backend: HeadlessBackend(width: 10, height: 2), options: options,
                                       commands: hostCommands)
        defer { engine.stop() }
        return engine.commandSignatures
    }
}
